import { DataSource } from 'typeorm';
import { EventStatus, EventType, ModerationType } from '@memory-wall/contracts';
import { Event, Memory } from '@memory-wall/core';

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

export async function postMessage(baseUrl: string, eventId: string, body: unknown, raw?: string) {
  const response = await fetch(`${baseUrl}/api/events/${eventId}/submissions/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, body: json, text };
}
