import {
  DomainErrorCode,
  LiveMessageType,
  MAX_NAMED_SCREENS,
  Role,
  ScreenControlsChange,
  ScreenMessages,
} from '@memory-wall/contracts';
import { DomainError, EventAdmin, InMemoryEventRepository, LiveChange, LivePublisher } from '@memory-wall/core';
import type { Repository } from 'typeorm';
import type { Session } from '../auth/session.store';
import { EventAccess } from './event-access';
import { ScreenControlsService } from './screen-controls.service';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const OWNER = { userId: 'u1', role: Role.Owner } as Session;
const FIRST_HOLD = new Date('2026-06-20T18:00:00Z');
const LATER = new Date('2026-06-20T18:05:00Z');

/** The service over the in-memory events (their clock is the database's) with what it publishes recorded. */
function screenControls() {
  const events = new InMemoryEventRepository();
  events.add({ id: EVENT_ID });
  let databaseNow = FIRST_HOLD;
  events.clock = () => databaseNow;
  const published: LiveChange[] = [];
  const live = {
    publish: async (_eventId: string, change: LiveChange) => void published.push(change),
  } as LivePublisher;
  const access = new EventAccess(events, {} as Repository<EventAdmin>);
  const service = new ScreenControlsService(events, access, live);
  const later = () => (databaseNow = LATER);
  return { service, events, published, later };
}

const invalid = (message: string) => new DomainError(DomainErrorCode.Invalid, message);
/** Layouts as a client may send them: partial, or wrong. */
const sent = (layouts: Record<string, unknown>) => layouts as ScreenControlsChange['layouts'];

describe('ScreenControlsService', () => {
  it("holds the screens at the database's time and announces the controls on both feeds", async () => {
    const { service, events, published } = screenControls();
    const screens = await service.change(OWNER, EVENT_ID, { held: true, delaySeconds: 30 });
    expect(screens).toEqual({ heldSince: FIRST_HOLD.toISOString(), comingSoon: false, delaySeconds: 30, layouts: {} });
    expect(await events.findById(EVENT_ID)).toMatchObject({ screensHeldAt: FIRST_HOLD, screenDelaySeconds: 30 });
    const message = { type: LiveMessageType.ScreensUpdated, screens };
    expect(published).toEqual([{ public: message, hosts: message }]);
  });

  it("keeps the first hold's time when held again, and forgets it on release", async () => {
    const { service, events, later } = screenControls();
    await service.change(OWNER, EVENT_ID, { held: true });
    later();
    await expect(service.change(OWNER, EVENT_ID, { held: true })).resolves.toMatchObject({
      heldSince: FIRST_HOLD.toISOString(),
    });
    await expect(service.change(OWNER, EVENT_ID, { held: false })).resolves.toMatchObject({ heldSince: null });
    expect((await events.findById(EVENT_ID))?.screensHeldAt).toBeNull();
  });

  it("stores named screens' layouts, with what a layout leaves out as none", async () => {
    const { service, events } = screenControls();
    await service.change(OWNER, EVENT_ID, { comingSoon: true, layouts: sent({ 'stage-left': { columns: 2 } }) });
    expect(await events.findById(EVENT_ID)).toMatchObject({
      screensComingSoon: true,
      screenLayouts: { 'stage-left': { columns: 2, speed: null, featuredOnly: false, photosOnly: false } },
    });
  });

  it("refuses a bad layout, name or number of screens with the catalogue's message, storing nothing", async () => {
    const { service, events, published } = screenControls();
    const tooMany = Object.fromEntries(Array.from({ length: MAX_NAMED_SCREENS + 1 }, (_, i) => [`s${i}`, {}]));
    await expect(service.change(OWNER, EVENT_ID, { layouts: sent(tooMany) })).rejects.toEqual(
      invalid(ScreenMessages.tooManyScreens),
    );
    await expect(service.change(OWNER, EVENT_ID, { layouts: sent({ 'no spaces': {} }) })).rejects.toEqual(
      invalid(ScreenMessages.screenNameInvalid),
    );
    await expect(
      service.change(OWNER, EVENT_ID, { held: true, layouts: sent({ hall: { columns: 7 } }) }),
    ).rejects.toEqual(invalid(ScreenMessages.layoutInvalid));
    expect(await events.findById(EVENT_ID)).toMatchObject({ screensHeldAt: null, screenLayouts: {} });
    expect(published).toEqual([]);
  });

  it('answers 404 for an event that does not exist', async () => {
    const { service } = screenControls();
    await expect(service.change(OWNER, 'a2f1e3c4-0000-4000-8000-000000000000', { held: true })).rejects.toMatchObject({
      code: DomainErrorCode.NotFound,
    });
  });
});
