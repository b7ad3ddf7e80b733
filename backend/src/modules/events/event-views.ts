import { ALL_PERMISSIONS, CustomerPermissions, HostEvent } from '@memory-wall/contracts';
import { Event } from '@memory-wall/core';
import { toPublicEvent } from './public-event';

/** An event as its hosts see it. */
export function toHostEvent(
  event: Event,
  contributionsCount = 0,
  permissions: CustomerPermissions = ALL_PERMISSIONS,
): HostEvent {
  return {
    ...toPublicEvent(event),
    serviceProviderId: event.serviceProviderId,
    template: event.template,
    themeType: event.themeType,
    eventImage: event.eventImage,
    eventEndDate: event.eventEndDate?.toISOString() ?? null,
    backgroundImage: event.backgroundImage,
    fontFamily: event.fontFamily,
    accentColor: event.accentColor,
    isPublished: event.isPublished,
    creditCharged: event.creditChargedAt !== null,
    contributionsCount,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    permissions,
    moderationKeywords: permissions.canModerate ? (event.moderationKeywords ?? []) : [],
  };
}
