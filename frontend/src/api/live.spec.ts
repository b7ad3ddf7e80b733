import { LiveMessageType, type HostMemory, type LiveMessage, type PublicMemory } from '@memory-wall/contracts';
import { makeMemory } from '../test/fixtures';
import { applyLiveMessage, missedBetween, parseLiveMessage } from './live';

const envelope = { eventId: 'event-1', seq: 1, ts: 0 };
const a = makeMemory({ id: 'a', content: 'first' });
const b = makeMemory({ id: 'b', content: 'second' });

const added = (memory: PublicMemory, type: 'new_memory' | 'memory_approved' = 'new_memory'): LiveMessage => ({
  ...envelope,
  type,
  memory,
});

describe('applyLiveMessage', () => {
  it('puts a new memory first', () => {
    expect(applyLiveMessage([a], added(b))).toEqual([b, a]);
    expect(applyLiveMessage([a], added(b, LiveMessageType.MemoryApproved))).toEqual([b, a]);
  });

  it('keeps one copy of a memory it already has, with the newest fields', () => {
    const approvedAgain = { ...a, featured: true };
    expect(applyLiveMessage([b, a], added(approvedAgain, LiveMessageType.MemoryApproved))).toEqual([b, approvedAgain]);
  });

  it('removes a deleted memory', () => {
    const message: LiveMessage = { ...envelope, type: LiveMessageType.MemoryDelete, memoryId: 'a' };
    expect(applyLiveMessage([b, a], message)).toEqual([b]);
  });

  it('leaves the list alone when deleting a memory it does not have', () => {
    const list = [a];
    const message: LiveMessage = { ...envelope, type: LiveMessageType.MemoryDelete, memoryId: 'zzz' };
    expect(applyLiveMessage(list, message)).toBe(list);
  });

  it.each([LiveMessageType.MemoryUpdate, LiveMessageType.MemoryUpdated])(
    'replaces a memory on %s, in place',
    (type) => {
      const edited = { ...a, content: 'edited' };
      expect(applyLiveMessage([a, b], { ...envelope, type, memory: edited })).toEqual([edited, b]);
    },
  );

  it('does not add a memory through an update', () => {
    const list = [a];
    expect(applyLiveMessage(list, { ...envelope, type: LiveMessageType.MemoryUpdate, memory: b })).toBe(list);
  });

  const hearts = (memoryId: string, count: number): LiveMessage => ({
    ...envelope,
    type: LiveMessageType.MemoryHearts,
    memoryId,
    hearts: count,
  });

  it("sets a memory's heart count, and keeps the higher one when an earlier count arrives late", () => {
    const counted = applyLiveMessage([b, a], hearts('a', 5));
    expect(counted).toEqual([b, { ...a, hearts: 5 }]);
    expect(applyLiveMessage(counted, hearts('a', 4))).toBe(counted);
    expect(applyLiveMessage(counted, hearts('zzz', 9))).toBe(counted);
  });

  it('keeps the count when an update read before the latest heart arrives after it', () => {
    const counted = applyLiveMessage([a], hearts('a', 5));
    const edited = { ...a, featured: true, hearts: 3 };
    expect(applyLiveMessage(counted, { ...envelope, type: LiveMessageType.MemoryUpdate, memory: edited })).toEqual([
      { ...edited, hearts: 5 },
    ]);
  });
});

describe('parseLiveMessage', () => {
  it('reads a live message', () => {
    const message = added(a);
    expect(parseLiveMessage(JSON.stringify(message))).toEqual(message);
    const hearts = { ...envelope, type: LiveMessageType.MemoryHearts, memoryId: 'a', hearts: 3 };
    expect(parseLiveMessage(JSON.stringify(hearts))).toEqual(hearts);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an unknown type', JSON.stringify({ type: 'hello', memory: a })],
    ['a memory message without a memory', JSON.stringify({ type: 'new_memory' })],
    ['a delete without an id', JSON.stringify({ type: 'memory_delete' })],
    ['hearts without a count', JSON.stringify({ type: 'memory_hearts', memoryId: 'a' })],
    ['hearts without an id', JSON.stringify({ type: 'memory_hearts', hearts: 2 })],
    ['binary data', new ArrayBuffer(2)],
  ])('rejects %s', (_name, data) => {
    expect(parseLiveMessage(data)).toBeNull();
  });
});

describe("the gateway's joined answer", () => {
  const joined = (seq: number | null, feed: 'public' | 'hosts' = 'public') => ({
    type: 'joined' as const,
    eventId: 'event-1',
    feed,
    seq,
  });

  it('is read as such, and refused without a position', () => {
    expect(parseLiveMessage(JSON.stringify(joined(3)))).toEqual(joined(3));
    expect(parseLiveMessage(JSON.stringify(joined(null)))).toEqual(joined(null));
    expect(
      parseLiveMessage(JSON.stringify({ type: 'joined', eventId: 'event-1', feed: 'public', seq: '3' })),
    ).toBeNull();
  });

  it('tells a list missed something only when the socket joined after the list was read, on the same feed', () => {
    expect(missedBetween('public:4', joined(4))).toBe(false);
    expect(missedBetween('public:5', joined(4))).toBe(false);
    expect(missedBetween('public:4', joined(5))).toBe(true);
    expect(missedBetween('hosts:9', joined(4))).toBe(true);
    expect(missedBetween(null, joined(0))).toBe(true);
    expect(missedBetween('public:4', joined(null))).toBe(true);
  });
});

describe('applyLiveMessage on the hosts feed', () => {
  const host = (overrides: Partial<HostMemory> = {}): HostMemory => ({
    ...makeMemory({ id: 'h', createdAt: '2025-06-01T12:30:00.000Z' }),
    approved: false,
    flagged: false,
    processingState: 'ready',
    moderation: { reason: 'manual_review' },
    publicAt: null,
    ...overrides,
  });
  const older = host({ id: 'older', approved: true, moderation: null, createdAt: '2025-06-01T12:00:00.000Z' });
  const newer = host({ id: 'newer', approved: true, moderation: null, createdAt: '2025-06-01T13:00:00.000Z' });
  const pendingOne = host();
  const at = (type: 'new_memory' | 'memory_approved' | 'memory_updated', memory: HostMemory): LiveMessage => ({
    ...envelope,
    type,
    memory,
  });

  it('puts a new pending memory into the pending list only', () => {
    const message = at(LiveMessageType.NewMemory, pendingOne);
    expect(applyLiveMessage([], message, 'pending')).toEqual([pendingOne]);
    const onDisplay = [newer, older];
    expect(applyLiveMessage(onDisplay, message, 'approved')).toBe(onDisplay);
    expect(applyLiveMessage([], message, 'flagged')).toEqual([]);
  });

  it('never lets a held memory onto a public wall a host is watching', () => {
    const wall = [a];
    expect(applyLiveMessage(wall, at(LiveMessageType.NewMemory, pendingOne))).toBe(wall);
  });

  it('moves an approved memory from pending to on display, in newest-first order', () => {
    const approved = { ...pendingOne, approved: true };
    const message = at(LiveMessageType.MemoryUpdated, approved);
    expect(applyLiveMessage([pendingOne], message, 'pending')).toEqual([]);
    expect(applyLiveMessage([newer, older], message, 'approved')).toEqual([newer, approved, older]);
  });

  it('adds what the workers approved at once (auto approve)', () => {
    const done = host({ id: 'auto', approved: true, moderation: null, createdAt: '2025-06-02T00:00:00.000Z' });
    expect(applyLiveMessage([newer], at(LiveMessageType.MemoryApproved, done), 'approved')).toEqual([done, newer]);
  });

  it('moves a flagged memory from on display to flagged, and back when approved again', () => {
    const flagged = { ...older, flagged: true };
    expect(applyLiveMessage([newer, older], at(LiveMessageType.MemoryUpdated, flagged), 'approved')).toEqual([newer]);
    expect(applyLiveMessage([], at(LiveMessageType.MemoryUpdated, flagged), 'flagged')).toEqual([flagged]);
    const approvedAgain = { ...older, flagged: false };
    expect(applyLiveMessage([flagged], at(LiveMessageType.MemoryUpdated, approvedAgain), 'flagged')).toEqual([]);
  });

  it('keeps a memory still being processed off the display', () => {
    const processing = host({ id: 'p', approved: true, processingState: 'processing' });
    expect(applyLiveMessage([], at(LiveMessageType.MemoryUpdated, processing), 'approved')).toEqual([]);
  });

  it('replaces a featured memory in place', () => {
    const featured = { ...older, featured: true };
    expect(applyLiveMessage([newer, older], at(LiveMessageType.MemoryUpdated, featured), 'approved')).toEqual([
      newer,
      featured,
    ]);
  });

  it('removes a deleted memory from whichever list holds it', () => {
    const removal: LiveMessage = { ...envelope, type: LiveMessageType.MemoryDelete, memoryId: pendingOne.id };
    expect(applyLiveMessage([pendingOne], removal, 'pending')).toEqual([]);
    const onDisplay = [newer];
    expect(applyLiveMessage(onDisplay, removal, 'approved')).toBe(onDisplay);
  });
});
