import { LiveMessageType, type LiveMessage, type PublicMemory } from '@memory-wall/contracts';
import { makeMemory } from '../test/fixtures';
import { applyLiveMessage, parseLiveMessage, reconnectDelay } from './live';

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

  it.each([LiveMessageType.MemoryUpdate, LiveMessageType.MemoryUpdated])('replaces a memory on %s, in place', (type) => {
    const edited = { ...a, content: 'edited' };
    expect(applyLiveMessage([a, b], { ...envelope, type, memory: edited })).toEqual([edited, b]);
  });

  it('does not add a memory through an update', () => {
    const list = [a];
    expect(applyLiveMessage(list, { ...envelope, type: LiveMessageType.MemoryUpdate, memory: b })).toBe(list);
  });
});

describe('parseLiveMessage', () => {
  it('reads a live message', () => {
    const message = added(a);
    expect(parseLiveMessage(JSON.stringify(message))).toEqual(message);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an unknown type', JSON.stringify({ type: 'hello', memory: a })],
    ['a memory message without a memory', JSON.stringify({ type: 'new_memory' })],
    ['a delete without an id', JSON.stringify({ type: 'memory_delete' })],
    ['binary data', new ArrayBuffer(2)],
  ])('rejects %s', (_name, data) => {
    expect(parseLiveMessage(data)).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('starts at 1 s, doubles, and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
