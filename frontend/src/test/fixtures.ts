import {
  ALL_PERMISSIONS,
  AnimationStyle,
  DisplayOrder,
  EventStatus,
  EventType,
  Language,
  MemoryType,
  ModerationType,
  type HostEvent,
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
    screens: { heldSince: null, comingSoon: false, delaySeconds: 0, layouts: {} },
    allowVideo: false,
    maxVideoSeconds: 60,
    allowVoice: true,
    voiceOnScreens: false,
    ...overrides,
  };
}

let hostEvents = 0;

/** An event as GET /api/events and GET /api/events/{id} return it to its hosts (and the owner's lists). */
export function makeHostEvent(overrides: Partial<HostEvent> = {}): HostEvent {
  const n = ++hostEvents;
  const status = overrides.status ?? EventStatus.Live;
  return {
    ...makeEvent({ id: `event-${n}`, slug: `event-${n}`, eventCode: `CODE${n}`.slice(0, 10) }),
    serviceProviderId: 'sp-1',
    template: 'custom',
    themeType: 'light',
    eventImage: null,
    eventEndDate: null,
    backgroundImage: null,
    fontFamily: 'inter',
    accentColor: null,
    isPublished: status !== EventStatus.Draft,
    creditCharged: status !== EventStatus.Draft,
    contributionsCount: 0,
    createdAt: `2025-0${(n % 9) + 1}-01T10:00:00.000Z`,
    updatedAt: '2025-06-01T10:00:00.000Z',
    permissions: ALL_PERMISSIONS,
    moderationKeywords: [],
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
    hearts: 0,
    media: null,
    ...overrides,
  };
}
