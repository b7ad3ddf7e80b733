import { LiveMessageType, memoryIdOf } from '@memory-wall/contracts';
import { postMessage } from './factories';
import { connectLive, LiveClient } from './live-client';
import { RunningProcess } from './processes';

/** One live socket of an event's public feed on one API instance. */
export interface FeedScreen {
  eventId: string;
  /** Index of the instance in the `apis` it was opened on. */
  api: number;
  client: LiveClient;
}

/** What the screens received, against what was posted to their events. */
export interface FeedsOutcome {
  screens: number;
  /** Screens that received every approval of their event. */
  complete: number;
  /** Approvals a screen did not receive, summed over screens. */
  missing: number;
  /** Approvals a screen received more than once, summed over screens. */
  duplicates: number;
  /** Screens whose feed did not run 1, 2, 3 … (a gap, a repeat or a reordering). */
  outOfSequence: number;
}

const approvalsOf = (client: LiveClient) =>
  client.messages.filter((m) => m.type === LiveMessageType.MemoryApproved).map(memoryIdOf);

/**
 * Many events' public feeds watched from every API instance: one socket per event and instance. Guests'
 * messages (to auto-approved events) are posted through the instances in turn, and each socket must get
 * every approval of its event once, numbered 1, 2, 3 … without a gap.
 */
export class EventFeeds {
  /** The ids of the memories posted, per event. */
  readonly posted = new Map<string, string[]>();
  private posts = 0;

  private constructor(
    private readonly apis: RunningProcess[],
    readonly screens: FeedScreen[],
  ) {}

  static async open(apis: RunningProcess[], eventIds: string[]): Promise<EventFeeds> {
    const screens: FeedScreen[] = [];
    for (const eventId of eventIds)
      for (const [api, { url }] of apis.entries()) {
        const client = await connectLive(`${url.replace('http', 'ws')}/ws?eventId=${eventId}`);
        await client.joined();
        screens.push({ eventId, api, client });
      }
    return new EventFeeds(apis, screens);
  }

  /** Posts a guest's message to `eventId` through the next instance; throws unless it is answered 201. */
  async post(eventId: string): Promise<void> {
    const n = this.posts++;
    const res = await postMessage(this.apis[n % this.apis.length].url, eventId, {
      name: `Guest ${n}`,
      message: `Message ${n}`,
    });
    if (res.status !== 201) throw new Error(`a message was answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.posted.set(eventId, [...(this.posted.get(eventId) ?? []), res.body.memory.id as string]);
  }

  /** Whether `screen` received every approval posted to its event. */
  private hasAll(screen: FeedScreen): boolean {
    const received = new Set(approvalsOf(screen.client));
    return (this.posted.get(screen.eventId) ?? []).every((id) => received.has(id));
  }

  /** Whether every screen received every approval posted to its event. */
  allComplete(): boolean {
    return this.screens.every((screen) => this.hasAll(screen));
  }

  outcome(): FeedsOutcome {
    let missing = 0;
    let duplicates = 0;
    let outOfSequence = 0;
    for (const { eventId, client } of this.screens) {
      const received = approvalsOf(client);
      const unique = new Set(received);
      missing += (this.posted.get(eventId) ?? []).filter((id) => !unique.has(id)).length;
      duplicates += received.length - unique.size;
      if (client.messages.some((m, i) => m.seq !== i + 1)) outOfSequence++;
    }
    const complete = this.screens.filter((screen) => this.hasAll(screen)).length;
    return { screens: this.screens.length, complete, missing, duplicates, outOfSequence };
  }

  /** The outcome when every screen received every approval of its event once, numbered 1, 2, 3 … */
  flawless(): FeedsOutcome {
    const screens = this.screens.length;
    return { screens, complete: screens, missing: 0, duplicates: 0, outOfSequence: 0 };
  }

  /** Each screen's feed: its event and the sequence numbers it received, in order (for a failure's message). */
  sequences(): Array<{ eventId: string; api: number; seqs: number[] }> {
    return this.screens.map(({ eventId, api, client }) => ({ eventId, api, seqs: client.messages.map((m) => m.seq) }));
  }

  close() {
    this.screens.forEach(({ client }) => client.close());
  }
}
