import { Injectable } from '@nestjs/common';
import type { ScreenControls } from '@memory-wall/contracts';
import type { Memory } from '../database/entities/memory.entity';
import { EventRepository } from '../events/event.repository';
import { MemoryQueue } from '../queue/memory-queue';

/** What decides whether the screens show a memory now (libs/contracts screens.ts isShownOnScreens). */
export type ScreensState = Pick<ScreenControls, 'comingSoon'> & { heldSince: Date | null };

/**
 * The event's screen controls as the memory transitions need them: whether the public feed may announce a
 * memory now, and the delayed announcement of one that waits for the screens' delay.
 */
export abstract class ScreenGate {
  abstract state(eventId: string): Promise<ScreensState>;

  /** Announces the memory on the public feed when its delay has passed (a delayed job, see ReleaseToScreens). */
  abstract releaseLater(memory: Pick<Memory, 'id' | 'eventId' | 'publicAt'>): Promise<void>;
}

/** The controls read from the event's row; releases scheduled on the moderation queue. */
@Injectable()
export class StoredScreenGate extends ScreenGate {
  constructor(
    private readonly events: EventRepository,
    private readonly queue: MemoryQueue,
  ) {
    super();
  }

  async state(eventId: string): Promise<ScreensState> {
    const event = await this.events.findScreens(eventId);
    return { heldSince: event?.screensHeldAt ?? null, comingSoon: event?.screensComingSoon ?? false };
  }

  releaseLater(memory: Pick<Memory, 'id' | 'eventId' | 'publicAt'>): Promise<void> {
    return this.queue.scheduleRelease(memory);
  }
}

/** For unit tests of the transitions: screens never held, nothing delayed. */
export const OPEN_SCREENS: ScreenGate = {
  state: () => Promise.resolve({ heldSince: null, comingSoon: false }),
  releaseLater: () => Promise.resolve(),
};
