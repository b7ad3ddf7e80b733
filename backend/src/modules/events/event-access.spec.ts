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

describe('EventAccess.listManageable', () => {
  const PROVIDER_ID = '0b8a3c52-1d1e-4a6f-8f63-3c1d2b7e9a40';
  /** Three events, oldest first: the provider's, another provider's (the customer's), and the owner's own. */
  function access() {
    const events = new InMemoryEventRepository();
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 20, 18, minute));
    events.add({ id: 'e1', serviceProviderId: PROVIDER_ID, createdAt: at(1) });
    events.add({ id: 'e2', serviceProviderId: 'another-provider', createdAt: at(2) });
    events.add({ id: 'e3', createdAt: at(3) });
    events.admins.push({ eventId: 'e2', userId: CUSTOMER.userId });
    return new EventAccess(events, {} as Repository<EventAdmin>);
  }
  const ids = (events: Array<{ id: string }>) => events.map((e) => e.id);

  it("lists every event for the owner, a provider's own and a customer's administered ones, newest first", async () => {
    await expect(
      access()
        .listManageable({ userId: 'o', role: Role.Owner } as Session)
        .then(ids),
    ).resolves.toEqual(['e3', 'e2', 'e1']);
    const provider = { userId: 'p', role: Role.ServiceProvider, serviceProviderId: PROVIDER_ID } as Session;
    await expect(access().listManageable(provider).then(ids)).resolves.toEqual(['e1']);
    await expect(access().listManageable(CUSTOMER).then(ids)).resolves.toEqual(['e2']);
  });
});
