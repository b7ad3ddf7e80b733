/** Pure rules of the presentation page (spec §4 Presentation rotation, §9 Presentation columns). */

export interface Rotatable {
  id: string;
  featured: boolean;
}

export interface RotationState {
  /** Ids shown since the last reset. */
  shown: ReadonlySet<string>;
  /** Ids that arrived after the page started and were never shown. */
  fresh: ReadonlySet<string>;
}

export interface RotationResult extends RotationState {
  /** Ids of the next set, in display order. */
  selection: string[];
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * The next `limit` memories: new never-shown ones first, then featured, then random unshown, then
 * earlier ones again. When every memory has been shown the shown set starts over.
 */
export function selectNext(
  memories: readonly Rotatable[],
  state: RotationState,
  limit: number,
  random: () => number = Math.random,
): RotationResult {
  const ids = new Set(memories.map((m) => m.id));
  let shown = new Set([...state.shown].filter((id) => ids.has(id)));
  const fresh = new Set([...state.fresh].filter((id) => ids.has(id)));
  if (memories.length > 0 && memories.every((m) => shown.has(m.id))) shown = new Set();

  const count = Math.max(0, Math.min(limit, memories.length));
  const selection: string[] = [];
  const take = (candidates: Rotatable[]) => {
    for (const m of candidates) {
      if (selection.length >= count) return;
      if (!selection.includes(m.id)) selection.push(m.id);
    }
  };
  const unshown = memories.filter((m) => !shown.has(m.id));
  take(unshown.filter((m) => fresh.has(m.id)));
  take(unshown.filter((m) => m.featured));
  take(shuffle(unshown, random));
  take(shuffle(memories.filter((m) => shown.has(m.id)), random));

  for (const id of selection) {
    shown.add(id);
    fresh.delete(id);
  }
  return { selection, shown, fresh };
}

/**
 * Columns of the presentation grid: a limit of 1 to 4 gives that many, a larger one 4; without a
 * limit it depends on how many memories there are and on the screen width. Never more columns than memories.
 */
export function columnsFor(limit: number | null | undefined, memoryCount: number, width: number): number {
  let columns: number;
  if (limit && limit > 0) columns = Math.min(limit, 4);
  else if (memoryCount <= 4) columns = 2;
  else if (memoryCount <= 9) columns = 3;
  else if (memoryCount <= 12) columns = 4;
  else columns = width >= 1920 ? 5 : width >= 1280 ? 4 : 3;
  return Math.max(1, Math.min(columns, memoryCount));
}

