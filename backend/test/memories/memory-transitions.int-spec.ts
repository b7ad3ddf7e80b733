import { randomUUID } from 'node:crypto';
import {
  canChange,
  DisplayOrder,
  HeldReason,
  MemoryChange,
  MemoryFilter,
  matchesFilter,
  MemoryState,
  MemoryTransition,
  nextState,
  PROCESSING_STATES,
  ProcessingState,
} from '@memory-wall/contracts';
import { Memory, TypeOrmMemoryRepository } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { useTestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * The memory SQL against the real PostgreSQL: its conditional UPDATEs and its list queries decide exactly as
 * the pure rules of libs/contracts memory-state.ts, and a transition judged on a state that is no longer the
 * row's (another run, another host was first) changes nothing.
 */
describe('memory transitions in PostgreSQL', () => {
  const t = useTestEnvironment();
  let memories: TypeOrmMemoryRepository;
  beforeAll(() => void (memories = new TypeOrmMemoryRepository(t.dataSource.getRepository(Memory))));

  /** Every combination of the columns a transition reads. */
  const states: MemoryState[] = PROCESSING_STATES.flatMap((processingState) =>
    [false, true].flatMap((approved) =>
      [false, true].flatMap((flagged) =>
        [null, HeldReason.AiUnavailable, HeldReason.ManualReview].map((reason) => ({
          processingState,
          approved,
          flagged,
          featured: false,
          moderation: reason ? { reason } : null,
        })),
      ),
    ),
  );
  const changes: MemoryChange[] = [
    { kind: MemoryTransition.Finish, approved: true, moderation: null },
    { kind: MemoryTransition.Fail, moderation: { reason: HeldReason.ImageUnreadable } },
    {
      kind: MemoryTransition.Recheck,
      approved: false,
      moderation: { reason: HeldReason.AiFlagged, categories: ['violence'] },
    },
    { kind: MemoryTransition.Moderate, approved: true, flagged: false },
    { kind: MemoryTransition.Moderate, flagged: true },
    { kind: MemoryTransition.Feature, featured: true },
  ];

  async function store(eventId: string, state: MemoryState): Promise<Memory> {
    return t.dataSource
      .getRepository(Memory)
      .save({ eventId, type: 'message', content: 'Hello', author: 'Ann', language: 'en', ...state });
  }
  // The lifecycle's state; publicAt (when it reaches the screens) is a time, checked in screen-controls.int-spec.
  const stateOf = ({ processingState, approved, flagged, featured, moderation }: MemoryState): MemoryState => ({
    processingState,
    approved,
    flagged,
    featured,
    moderation,
  });

  it('makes a change exactly when the rules allow it from the row’s state, and then as they say', async () => {
    const event = await createEvent(t.dataSource);
    for (const state of states) {
      for (const change of changes) {
        const stored = await store(event.id, state);
        const done = await memories.transition(stored.id, change);
        const after = stateOf(await t.dataSource.getRepository(Memory).findOneByOrFail({ id: stored.id }));
        const label = `${JSON.stringify(change)} from ${JSON.stringify(state)}`;
        expect([label, done !== null]).toEqual([label, canChange(state, change)]);
        expect([label, after]).toEqual([label, nextState(state, change) ?? state]);
        if (done) expect([label, stateOf(done.before), stateOf(done.memory)]).toEqual([label, state, after]);
      }
    }
  });

  it('refuses a second finish: the run that lost the race changes nothing', async () => {
    const event = await createEvent(t.dataSource);
    const memory = await store(event.id, {
      processingState: ProcessingState.Processing,
      approved: false,
      flagged: false,
      featured: false,
      moderation: null,
    });
    const outcomes = await Promise.all([
      memories.transition(memory.id, { kind: MemoryTransition.Finish, approved: true, moderation: null }),
      memories.transition(memory.id, {
        kind: MemoryTransition.Fail,
        moderation: { reason: HeldReason.ProcessingFailed, detail: 'boom' },
      }),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const stored = await t.dataSource.getRepository(Memory).findOneByOrFail({ id: memory.id });
    expect(stored.processingState).toBe(outcomes[0] ? ProcessingState.Ready : ProcessingState.Failed);
  });

  it("leaves a host's decision alone when AI moderation's late verdict arrives after it", async () => {
    const event = await createEvent(t.dataSource);
    const held = await store(event.id, {
      processingState: ProcessingState.Ready,
      approved: false,
      flagged: false,
      featured: false,
      moderation: { reason: HeldReason.AiUnavailable },
    });
    // The workers read the memory as waiting for AI; then a host flags it; then the verdict (approve) comes.
    expect(await memories.transition(held.id, { kind: MemoryTransition.Moderate, flagged: true })).not.toBeNull();
    expect(
      await memories.transition(held.id, { kind: MemoryTransition.Recheck, approved: true, moderation: null }),
    ).toBeNull();
    expect(await t.dataSource.getRepository(Memory).findOneByOrFail({ id: held.id })).toMatchObject({
      approved: false,
      flagged: true,
      moderation: { reason: HeldReason.AiUnavailable },
    });
  });

  it('tells the state a host’s change started from, as the row had it, not as the caller read it', async () => {
    const event = await createEvent(t.dataSource);
    const memory = await store(event.id, {
      processingState: ProcessingState.Ready,
      approved: true,
      flagged: false,
      featured: false,
      moderation: null,
    });
    await Promise.all([
      memories.transition(memory.id, { kind: MemoryTransition.Moderate, flagged: true }),
      memories.transition(memory.id, { kind: MemoryTransition.Moderate, flagged: true }),
    ]).then((done) => {
      // Both flag it; only the first took it off the wall, so only one may announce that.
      expect(done.map((d) => d?.before.flagged).sort()).toEqual([false, true]);
    });
  });

  it('lists what the filters of the rules hold', async () => {
    const event = await createEvent(t.dataSource);
    const stored = await Promise.all(states.map((state) => store(event.id, state)));
    for (const filter of Object.values(MemoryFilter)) {
      const listed = await memories.list(event.id, filter, DisplayOrder.Newest, 500);
      expect([filter, listed.map((m) => m.id).sort()]).toEqual([
        filter,
        stored
          .filter((m) => matchesFilter(m, filter))
          .map((m) => m.id)
          .sort(),
      ]);
    }
  });

  it('answers a removed memory as it was, once', async () => {
    const event = await createEvent(t.dataSource);
    const memory = await store(event.id, {
      processingState: ProcessingState.Ready,
      approved: true,
      flagged: false,
      featured: true,
      moderation: null,
    });
    expect(await memories.remove(memory.id)).toMatchObject({
      id: memory.id,
      eventId: event.id,
      approved: true,
      featured: true,
    });
    expect(await memories.remove(memory.id)).toBeNull();
    expect(await memories.findById(randomUUID())).toBeNull();
  });
});
