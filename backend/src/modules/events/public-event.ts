import { PublicEvent } from '@memory-wall/contracts';
import { Event } from '@memory-wall/core';
import { toScreenControls } from './screen-controls.service';

/** The fields of an event that public views (display, presentation, contribute) may read. */
export function toPublicEvent(event: Event): PublicEvent {
  return {
    id: event.id,
    name: event.name,
    slug: event.slug,
    eventCode: event.eventCode,
    status: event.status,
    eventType: event.eventType,
    moderationType: event.moderationType,
    wallTitle: event.wallTitle,
    wallImage: event.wallImage,
    eventDate: event.eventDate?.toISOString() ?? null,
    defaultLanguage: event.defaultLanguage,
    numberOfImagesDisplay: event.numberOfImagesDisplay,
    transitionTime: event.transitionTime,
    animationStyle: event.animationStyle,
    displayOrder: event.displayOrder,
    colorTheme: event.colorTheme,
    enableMusic: event.enableMusic,
    screens: toScreenControls(event),
    allowVideo: event.allowVideo,
    maxVideoSeconds: event.maxVideoSeconds,
    allowVoice: event.allowVoice,
    voiceOnScreens: event.voiceOnScreens,
  };
}
