import { useEffect, useRef } from 'react';

/** Spec §4 Presentation rotation, §9 Timing: a full page refresh at most once per 5 s. */
export const FULL_REFRESH_THROTTLE_MS = 5000;

/** Spec §9: auto-refresh default 30 s. */
export const DEFAULT_AUTO_REFRESH_SECONDS = 30;

/** The autoRefresh setting (seconds as text, '0' off) in seconds; its default when missing or unreadable. */
export function autoRefreshSeconds(setting: string | null | undefined): number {
  const seconds = Number(setting);
  if (setting == null || setting.trim() === '' || !Number.isFinite(seconds) || seconds < 0)
    return DEFAULT_AUTO_REFRESH_SECONDS;
  return seconds;
}

/**
 * Without a live connection (`active`), calls `refresh` every `seconds` (0: never), and never twice
 * within FULL_REFRESH_THROTTLE_MS, the page's own load counting as the first refresh.
 */
export function useAutoRefresh(refresh: () => void, seconds: number, active: boolean) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const last = useRef(Date.now());

  useEffect(() => {
    if (!active || !(seconds > 0)) return;
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - last.current < FULL_REFRESH_THROTTLE_MS) return;
      last.current = now;
      latest.current();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds, active]);
}
