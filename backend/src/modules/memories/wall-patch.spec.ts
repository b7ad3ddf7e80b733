import { LiveMessage, LiveMessageType, PublicMemory } from '@memory-wall/contracts';
import { patchWallBody } from './wall-patch';

const memory = (id: string, hearts: number, content = 'Cheers'): PublicMemory => ({
  id,
  eventId: 'e1',
  type: 'message',
  content,
  title: null,
  author: 'Ann',
  photoCaption: null,
  featured: false,
  language: 'en',
  createdAt: '2026-11-28T10:00:00.000Z',
  hearts,
  media: null,
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const ABSENT = '33333333-3333-4333-8333-333333333333';

/** A wall body as the database writes it: JSON.stringify's bytes (public-wall-json.int-spec keeps them equal). */
const wall = (...memories: PublicMemory[]) => Buffer.from(JSON.stringify({ success: true, memories }));
const envelope = { eventId: 'e1', seq: 8, ts: 0 };
const hearts = (memoryId: string, count: number): LiveMessage => ({
  ...envelope,
  type: LiveMessageType.MemoryHearts,
  memoryId,
  hearts: count,
});
const removal = (memoryId: string): LiveMessage => ({ ...envelope, type: LiveMessageType.MemoryDelete, memoryId });

describe('patchWallBody: a wall moved on by its feed where no message arriving late can undo it', () => {
  // A's content quotes B's key, as a guest could type it: only a memory's own first key is matched.
  const tricky = `{"id":"${B}","hearts":99`;
  const body = wall(memory(A, 3, tricky), memory(B, 12));

  it("raises a shown memory's heart count, and only that memory's", () => {
    expect(patchWallBody(body, hearts(B, 13))?.toString()).toBe(wall(memory(A, 3, tricky), memory(B, 13)).toString());
    expect(patchWallBody(body, hearts(A, 100))?.toString()).toBe(
      wall(memory(A, 100, tricky), memory(B, 12)).toString(),
    );
  });

  it('keeps the higher count when an earlier heart is announced after a later one', () => {
    const raised = patchWallBody(body, hearts(B, 14))!;
    expect(patchWallBody(raised, hearts(B, 13))).toBe(raised);
    expect(patchWallBody(body, hearts(B, 12))).toBe(body);
  });

  it('leaves the wall as it is for a memory it does not show', () => {
    expect(patchWallBody(body, hearts(ABSENT, 5))).toBe(body);
    expect(patchWallBody(body, removal(ABSENT))).toBe(body);
  });

  it('leaves to the database every change an earlier message could undo', () => {
    expect(patchWallBody(body, removal(A))).toBeUndefined();
    const approved: LiveMessage = { ...envelope, type: LiveMessageType.MemoryApproved, memory: memory(ABSENT, 0) };
    const updated: LiveMessage = { ...envelope, type: LiveMessageType.MemoryUpdated, memory: memory(A, 3, 'Edited') };
    expect(patchWallBody(body, approved)).toBeUndefined();
    expect(patchWallBody(body, updated)).toBeUndefined();
    expect(patchWallBody(body, { ...envelope, type: LiveMessageType.ScreensUpdated } as LiveMessage)).toBeUndefined();
  });
});
