import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { selectNext, type Rotatable, type RotationState } from './rotation';
import { useCountdown } from './useCountdown';

/** Spec §4, §9: a memory that arrives is shown 500 ms later, when the screen has room for it. */
export const NEW_MEMORY_DELAY_MS = 500;

export interface PacedRotationOptions {
  memories: readonly Rotatable[];
  /** Memories on the screen at once. */
  limit: number;
  /** Seconds each set stays up (the event's transitionTime). */
  slotSeconds: number;
  /** A set's own length in seconds, when it has one (a set with video clips lasts as long as they play). */
  slotSecondsOf?: (selection: readonly string[]) => number | null;
  playing: boolean;
  /** Whether the memories are still loading: the first set waits for them. */
  loading?: boolean;
  order?: string | null;
  isReady?: (id: string) => boolean;
}

/**
 * The presentation's pacing. A set stays up for its whole slot, however fast memories arrive: a new
 * memory joins the queue (shown first, in order of arrival) and appears at the next rotation. Only when
 * the screen has room (fewer memories up than it can show) does one join at once, with nothing taken
 * down. The host can still rotate by hand.
 */
export function usePacedRotation({
  memories,
  limit,
  slotSeconds,
  slotSecondsOf,
  playing,
  loading = false,
  order,
  isReady,
}: PacedRotationOptions) {
  const [selection, setSelection] = useState<string[]>([]);
  /** Counts rotations: each new set mounts afresh, so its entrance animation plays again. */
  const [round, setRound] = useState(0);
  const [queue, setQueue] = useState<ReadonlySet<string>>(new Set());
  const rotation = useRef<RotationState>({ shown: new Set(), fresh: new Set() });
  const known = useRef<Set<string> | null>(null);
  const latest = useRef({ memories, limit, order, isReady });
  latest.current = { memories, limit, order, isReady };

  const choose = useCallback((keep: readonly string[]) => {
    const { memories, limit, order, isReady } = latest.current;
    const next = selectNext(memories, rotation.current, limit, { order, isReady, keep });
    rotation.current = { shown: next.shown, fresh: next.fresh };
    setQueue(next.fresh);
    setSelection(next.selection);
  }, []);

  const rotate = useCallback(() => {
    choose([]);
    setRound((r) => r + 1);
  }, [choose]);

  const present = useMemo(() => new Set(memories.map((m) => m.id)), [memories]);
  const onScreen = selection.filter((id) => present.has(id));
  const { remaining, restart } = useCountdown(slotSecondsOf?.(onScreen) ?? slotSeconds, playing, rotate);
  const rotateNow = useCallback(() => {
    rotate();
    restart();
  }, [rotate, restart]);

  // Memories that arrive after the first set join the queue.
  useEffect(() => {
    if (loading) return;
    if (known.current === null) {
      known.current = new Set(memories.map((m) => m.id));
      return;
    }
    const added = memories.filter((m) => !known.current!.has(m.id));
    if (added.length === 0) return;
    for (const m of added) known.current.add(m.id);
    const fresh = new Set([...rotation.current.fresh, ...added.map((m) => m.id)]);
    rotation.current = { ...rotation.current, fresh };
    setQueue(fresh);
  }, [memories, loading]);

  // Room on the screen (at the start, after a removal, or while there are fewer memories than places):
  // fill it without taking anything down, and give the set a fresh slot.
  const readyCount = memories.filter((m) => !isReady || isReady(m.id)).length;
  const room = !loading && onScreen.length < Math.min(limit, readyCount);
  const onScreenKey = onScreen.join(' ');
  useEffect(() => {
    if (!room) return;
    const keep = onScreenKey ? onScreenKey.split(' ') : [];
    const fill = () => {
      choose(keep);
      restart();
    };
    if (keep.length === 0) {
      fill();
      return;
    }
    const timer = setTimeout(fill, NEW_MEMORY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [room, onScreenKey, readyCount, choose, restart]);

  return {
    selection: onScreen,
    round,
    remaining,
    rotateNow,
    waiting: [...queue].filter((id) => present.has(id)).length,
  };
}
