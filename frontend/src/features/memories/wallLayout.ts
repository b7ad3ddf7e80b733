import { useEffect, useState } from 'react';
import { ANIMATION_STYLES, AnimationStyle, DEFAULT_WALL_COLOR, Role } from '@memory-wall/contracts';

/** The roles that host an event: they see pending submissions and moderate (spec §6). */
export const HOST_ROLES: readonly Role[] = [Role.Owner, Role.ServiceProvider, Role.Customer];

/** The wall's background: the event's colour, #D6E6F6 when it is 'default' or unset (spec §2, §9). */
export function wallColor(colorTheme: string | null | undefined): string {
  return !colorTheme || colorTheme === 'default' ? DEFAULT_WALL_COLOR : colorTheme;
}

/**
 * Classes of a grid whose memories enter as the event's animationStyle says (slide in from the side,
 * from below, or zoom in): the customer wall and each presentation set. Anything else slides in from the side.
 */
export function entranceClass(style: string | null | undefined): string {
  return `mw-enter mw-enter-${ANIMATION_STYLES.includes(style as AnimationStyle) ? style : AnimationStyle.Horizontal}`;
}

/** Spec §9 host wall columns: under 640 px 1, under 768 px 2, under 1280 px 3, else 4. */
export function hostColumns(width: number): number {
  if (width < 640) return 1;
  if (width < 768) return 2;
  if (width < 1280) return 3;
  return 4;
}

/** The window's size, following resizes (and a screen turned to portrait). */
export function useWindowSize(): { width: number; height: number } {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The window's width, following resizes. */
export const useWindowWidth = (): number => useWindowSize().width;
