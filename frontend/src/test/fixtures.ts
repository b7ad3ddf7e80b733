import {
  AnimationStyle,
  DisplayOrder,
  EventStatus,
  EventType,
  Language,
  MemoryType,
  ModerationType,
  type PublicEvent,
  type PublicMemory,
} from '@memory-wall/contracts';

export function makeEvent(overrides: Partial<PublicEvent> = {}): PublicEvent {
  return {
    id: 'event-1',
    name: 'Anna & Ben',
    slug: 'anna-and-ben',
    eventCode: 'ABC123',
    status: EventStatus.Live,
    eventType: EventType.Wedding,
    moderationType: ModerationType.AutoApprove,
    wallTitle: null,
    wallImage: null,
    eventDate: null,
    defaultLanguage: Language.En,
    numberOfImagesDisplay: 3,
    transitionTime: 20,
    animationStyle: AnimationStyle.Horizontal,
    displayOrder: DisplayOrder.Newest,
    colorTheme: 'default',
    enableMusic: true,
    ...overrides,
  };
}

export function makeMemory(overrides: Partial<PublicMemory> = {}): PublicMemory {
  return {
    id: 'memory-1',
    eventId: 'event-1',
    type: MemoryType.Message,
    content: 'Congratulations!',
    title: null,
    author: 'Carol',
    photoCaption: null,
    featured: false,
    language: 'en',
    createdAt: '2025-06-01T12:00:00.000Z',
    media: null,
    ...overrides,
  };
}
