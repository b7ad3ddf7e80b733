import { DataSource } from 'typeorm';
import { EventStatus, EventType, ModerationType } from '@memory-wall/contracts';
import { Event, Memory } from '@memory-wall/core';
import { ApiClient } from './http';

let counter = 0;

/** A live, auto-approving event unless told otherwise. */
export async function createEvent(dataSource: DataSource, overrides: Partial<Event> = {}): Promise<Event> {
  const n = ++counter;
  const repo = dataSource.getRepository(Event);
  return repo.save(
    repo.create({
      name: `Test event ${n}`,
      slug: `test-event-${n}-${Date.now().toString(36)}`,
      status: EventStatus.Live,
      isPublished: true,
      eventType: EventType.Wedding,
      moderationType: ModerationType.AutoApprove,
      ...overrides,
    }),
  );
}

export async function countMemories(dataSource: DataSource, eventId?: string): Promise<number> {
  return dataSource.getRepository(Memory).count({ where: eventId ? { eventId } : {} });
}

/** A guest's message submission (`raw` sends that text as the body instead, e.g. malformed JSON). */
export async function postMessage(baseUrl: string, eventId: string, body: unknown, raw?: string) {
  const path = `/api/events/${eventId}/submissions/message`;
  if (raw === undefined) return new ApiClient(baseUrl).post(path, body);
  return new ApiClient(baseUrl).request('POST', path, undefined, { 'content-type': 'application/json' }, raw);
}
