import { useCallback, useEffect, useRef, useState } from 'react';

export const TRACKS = [1, 2, 3, 4].map((n) => `/music/piano-${n}.ogg`);
export const MUSIC_VOLUME = 0.4;

function shuffled(random: () => number = Math.random): string[] {
  const list = [...TRACKS];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Background piano (spec §4): off until the toggle is pressed, random order, the next track when one ends. */
export function useMusic(enabled: boolean) {
  const [on, setOn] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const queue = useRef<string[]>([]);

  const playNext = useCallback(() => {
    if (!audio.current) return;
    if (queue.current.length === 0) queue.current = shuffled();
    audio.current.src = queue.current.shift()!;
    audio.current.volume = MUSIC_VOLUME;
    void audio.current.play()?.catch(() => setOn(false));
  }, []);

  useEffect(() => {
    if (!enabled || !on || typeof Audio === 'undefined') return;
    const element = new Audio();
    audio.current = element;
    element.addEventListener('ended', playNext);
    playNext();
    return () => {
      element.removeEventListener('ended', playNext);
      element.pause();
      audio.current = null;
    };
  }, [enabled, on, playNext]);

  const toggle = useCallback(() => setOn((v) => !v), []);
  return { on: on && enabled, toggle };
}
