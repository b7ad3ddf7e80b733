import { Role } from '@memory-wall/contracts';
import { InMemoryEventRepository, type EventAdmin } from '@memory-wall/core';
import type { Repository } from 'typeorm';
import type { Session } from '../auth/session.store';
import { EventAccess } from './event-access';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const CUSTOMER = { userId: 'u1', role: Role.Customer } as Session;

/** EventAccess over stand-ins of its two repositories; `admins` answers what it is given. */
function accessWith(admin: () => Promise<EventAdmin | null>) {
  const events = new InMemoryEventRepository();
  events.add({ id: EVENT_ID });
  const admins = { findOneBy: admin } as unknown as Repository<EventAdmin>;
  return new EventAccess(events, admins);
}

describe('EventAccess.canManage', () => {
  it('answers false for a caller without access', async () => {
    await expect(accessWith(async () => null).canManage(CUSTOMER, EVENT_ID)).resolves.toBe(false);
  });

  it('answers false for a host without the permission asked for', async () => {
    const admin = { permissions: { canModerate: false } } as unknown as EventAdmin;
    await expect(accessWith(async () => admin).canManage(CUSTOMER, EVENT_ID, ['canModerate'])).resolves.toBe(false);
  });

  it('throws when access cannot be decided (the database away), rather than answer "not a host"', async () => {
    const outage = new Error('Connection terminated unexpectedly');
    await expect(accessWith(() => Promise.reject(outage)).canManage(CUSTOMER, EVENT_ID, ['canModerate'])).rejects.toBe(
      outage,
    );
  });
});
