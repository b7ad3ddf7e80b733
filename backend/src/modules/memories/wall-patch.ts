import { LiveMessage, LiveMessageType } from '@memory-wall/contracts';

const HEARTS_KEY = Buffer.from(',"hearts":');

/** Where a memory's JSON starts in a wall body: its first key. String values cannot hold it (their quotes are escaped). */
const startOf = (body: Buffer, memoryId: string) => body.indexOf(`{"id":${JSON.stringify(memoryId)},`);

/**
 * A wall body moved on by one message of its feed, without the database, for the changes where that is exact
 * whatever order the feed's messages arrive in. They are published after their statements commit, not in the
 * order of those commits (bench/README.md, case 4), so only a change no earlier one can undo is patched:
 *  - a heart count that rose: counts only rise, so the higher count stands, as on the screens (withHearts);
 *  - the removal of a memory the body does not show: the wall stays as it is.
 * Anything else (an approval, an edit, the removal of a memory shown, the screens' controls) could be undone
 * by an earlier commit's message arriving after it: undefined, and that version is built from the database.
 * Returns the same buffer when the wall does not change.
 */
export function patchWallBody(body: Buffer, message: LiveMessage): Buffer | undefined {
  switch (message.type) {
    case LiveMessageType.MemoryHearts:
      return withHearts(body, message.memoryId, message.hearts);
    case LiveMessageType.MemoryDelete:
      return startOf(body, message.memoryId) < 0 ? body : undefined;
    default:
      return undefined;
  }
}

/** The body with a memory's heart count raised to `hearts`; the same body when it shows no lower count. */
function withHearts(body: Buffer, memoryId: string, hearts: number): Buffer | undefined {
  const start = startOf(body, memoryId);
  if (start < 0) return body;
  // The memory's own count: its JSON is written in one key order (toPublicMemory), hearts before any object.
  const at = body.indexOf(HEARTS_KEY, start);
  if (at < 0) return undefined;
  const from = at + HEARTS_KEY.length;
  let to = from;
  while (to < body.length && body[to] >= 0x30 && body[to] <= 0x39) to++;
  if (to === from) return undefined;
  if (!Number.isSafeInteger(hearts) || hearts <= Number(body.toString('latin1', from, to))) return body;
  return Buffer.concat([body.subarray(0, from), Buffer.from(String(hearts)), body.subarray(to)]);
}
