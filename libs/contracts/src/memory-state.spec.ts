import fc from 'fast-check';
import { PROCESSING_STATES, ProcessingState } from './enums';
import {
  canChange,
  FILTER_PATTERNS,
  HeldReason,
  isOnPublicWall,
  isWaitingForAi,
  MemoryChange,
  MemoryFilter,
  matchesFilter,
  MemoryState,
  MemoryTransition,
  nextState,
} from './memory-state';

const reasons = Object.values(HeldReason);
const moderation = fc.option(fc.record({ reason: fc.constantFrom(...reasons) }, { requiredKeys: ['reason'] }), {
  nil: null,
});
const change: fc.Arbitrary<MemoryChange> = fc.oneof(
  fc.record({ kind: fc.constant(MemoryTransition.Finish), approved: fc.boolean(), moderation }),
  fc.record({
    kind: fc.constant(MemoryTransition.Fail),
    moderation: fc.record({ reason: fc.constantFrom(...reasons) }),
  }),
  fc.record({ kind: fc.constant(MemoryTransition.Recheck), approved: fc.boolean(), moderation }),
  fc.record({
    kind: fc.constant(MemoryTransition.Moderate),
    approved: fc.option(fc.boolean(), { nil: undefined }),
    flagged: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant(MemoryTransition.Feature), featured: fc.boolean() }),
);
/** Any combination of the columns, reachable or not. */
const anyState: fc.Arbitrary<MemoryState> = fc.record({
  processingState: fc.constantFrom(...PROCESSING_STATES),
  approved: fc.boolean(),
  flagged: fc.boolean(),
  featured: fc.boolean(),
  moderation,
});
const stored: MemoryState = {
  processingState: ProcessingState.Processing,
  approved: false,
  flagged: false,
  featured: false,
  moderation: null,
};

/** Every state a stored memory passes through under a sequence of changes (refused ones change nothing). */
function run(changes: MemoryChange[]): MemoryState[] {
  const states = [stored];
  for (const next of changes) states.push(nextState(states[states.length - 1], next) ?? states[states.length - 1]);
  return states;
}

describe("a memory's state machine", () => {
  it('never approves a memory that is not processed, whatever happens to it', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), (changes) =>
        run(changes).every((s) => !s.approved || s.processingState === ProcessingState.Ready),
      ),
    );
  });

  it('never takes a memory back to processing once processing ended', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), (changes) => {
        const states = run(changes);
        const ended = states.findIndex((s) => s.processingState !== ProcessingState.Processing);
        return ended < 0 || states.slice(ended).every((s) => s.processingState !== ProcessingState.Processing);
      }),
    );
  });

  it('finishes a memory once: a second finish or fail is refused', () => {
    fc.assert(
      fc.property(change, change, (first, second) => {
        fc.pre(
          [MemoryTransition.Finish, MemoryTransition.Fail].includes(first.kind as 'finish') &&
            [MemoryTransition.Finish, MemoryTransition.Fail].includes(second.kind as 'finish'),
        );
        const finished = nextState(stored, first);
        return finished !== null && nextState(finished, second) === null;
      }),
    );
  });

  it('puts every reachable memory in exactly one of the approved, pending and flagged lists', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), (changes) =>
        run(changes).every(
          (s) =>
            [MemoryFilter.Approved, MemoryFilter.Pending, MemoryFilter.Flagged].filter((f) => matchesFilter(s, f))
              .length === 1,
        ),
      ),
    );
  });

  it('says a memory is on the public wall exactly when the approved list holds it, for any columns', () => {
    fc.assert(fc.property(anyState, (s) => isOnPublicWall(s) === matchesFilter(s, MemoryFilter.Approved)));
  });

  it('puts every memory in the list of all', () => {
    fc.assert(
      fc.property(anyState, (s) => matchesFilter(s, MemoryFilter.All) && Object.keys(FILTER_PATTERNS.all).length === 0),
    );
  });

  it('refuses a change from a state it does not start from, and changes nothing then', () => {
    fc.assert(fc.property(anyState, change, (s, c) => (nextState(s, c) === null) === !canChange(s, c)));
  });

  it('features only what is on the wall', () => {
    fc.assert(
      fc.property(
        anyState,
        fc.boolean(),
        (s, featured) => canChange(s, { kind: MemoryTransition.Feature, featured }) === isOnPublicWall(s),
      ),
    );
  });

  it('offers to AI again only a processed memory held because AI was away, and nothing a host decided', () => {
    fc.assert(
      fc.property(anyState, (s) => {
        const recheck = canChange(s, { kind: MemoryTransition.Recheck, approved: true, moderation: null });
        expect(recheck).toBe(isWaitingForAi(s));
        return (
          !recheck ||
          (s.processingState === ProcessingState.Ready &&
            !s.approved &&
            !s.flagged &&
            s.moderation?.reason === HeldReason.AiUnavailable)
        );
      }),
    );
  });

  it('lets a host approve a processed memory only, and flag or unapprove any', () => {
    for (const processingState of PROCESSING_STATES) {
      const s = { ...stored, processingState };
      expect(canChange(s, { kind: MemoryTransition.Moderate, approved: true, flagged: false })).toBe(
        processingState === ProcessingState.Ready,
      );
      expect(nextState(s, { kind: MemoryTransition.Moderate, flagged: true })).toEqual({ ...s, flagged: true });
      expect(nextState(s, { kind: MemoryTransition.Moderate, approved: false })).toEqual(s);
    }
  });
});
