/** Pure rules of the presentation page (spec §4 Presentation rotation). */
import { DisplayOrder } from '@memory-wall/contracts';

export interface Rotatable {
  id: string;
  featured: boolean;
  createdAt: string;
}

export interface RotationState {
  /** Ids shown since the last reset. */
  shown: ReadonlySet<string>;
  /** Ids that arrived after the page started and were never shown, in the order they arrived: the queue. */
  fresh: ReadonlySet<string>;
}

export interface RotationResult extends RotationState {
  /** Ids of the next set, in display order. */
  selection: string[];
}

export interface SelectOptions {
  /** The event's displayOrder: which unshown memories come first. Random unless newest or oldest. */
  order?: string | null;
  /** Whether a memory can be shown now (a photo once its image has loaded); others keep their place. */
  isReady?: (id: string) => boolean;
  /** Ids that stay on the screen; the rest of the set is filled after them. */
  keep?: readonly string[];
  random?: () => number;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function inDisplayOrder(memories: Rotatable[], order: string | null | undefined, random: () => number): Rotatable[] {
  const byTime = (a: Rotatable, b: Rotatable) => Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (order === DisplayOrder.Oldest) return [...memories].sort(byTime);
  if (order === DisplayOrder.Newest) return [...memories].sort((a, b) => byTime(b, a));
  return shuffle(memories, random);
}

/**
 * The next `limit` memories: the queue of new never-shown ones first (first come, first shown), then
 * featured, then the unshown ones in the event's display order, then earlier ones again. When every
 * memory that can be shown has been, the shown set starts over.
 */
export function selectNext(
  memories: readonly Rotatable[],
  state: RotationState,
  limit: number,
  options: SelectOptions = {},
): RotationResult {
  const { order, isReady = () => true, keep = [], random = Math.random } = options;
  const byId = new Map(memories.map((m) => [m.id, m]));
  const ready = memories.filter((m) => isReady(m.id));
  let shown = new Set([...state.shown].filter((id) => byId.has(id)));
  const fresh = new Set([...state.fresh].filter((id) => byId.has(id)));
  if (ready.length > 0 && ready.every((m) => shown.has(m.id))) shown = new Set(keep);

  const count = Math.max(0, Math.min(limit, ready.length));
  const selection: string[] = [];
  const take = (candidates: Rotatable[]) => {
    for (const m of candidates) {
      if (selection.length >= count) return;
      if (!selection.includes(m.id)) selection.push(m.id);
    }
  };
  take(keep.map((id) => byId.get(id)).filter((m): m is Rotatable => !!m && isReady(m.id)));
  const unshown = ready.filter((m) => !shown.has(m.id));
  take([...fresh].map((id) => byId.get(id)!).filter((m) => isReady(m.id)));
  take(unshown.filter((m) => m.featured));
  take(inDisplayOrder(unshown, order, random));
  take(
    inDisplayOrder(
      ready.filter((m) => shown.has(m.id)),
      order,
      random,
    ),
  );

  for (const id of selection) {
    shown.add(id);
    fresh.delete(id);
  }
  return { selection, shown, fresh };
}
