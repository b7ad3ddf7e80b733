import { EventStatus, type HostEvent } from '@memory-wall/contracts';
import { makeEvent } from '../../../test/fixtures';

let counter = 0;

/** An event as GET /api/events and GET /api/events/{id} return it to its hosts. */
export function makeHostEvent(overrides: Partial<HostEvent> = {}): HostEvent {
  const n = ++counter;
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
    ...overrides,
  };
}
