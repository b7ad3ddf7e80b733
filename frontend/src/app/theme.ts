import { WallTheme } from '@memory-wall/contracts';

/** The two looks of the UI (spec §9). */
export type UiTheme = typeof WallTheme.Wedding | typeof WallTheme.Funeral;

export const THEME_STORAGE_KEY = 'memory-wall-theme';
export const DEFAULT_THEME: UiTheme = WallTheme.Wedding;

/**
 * The brand teal, dark enough for white text on it (6.2:1) and for itself as text on white (6.2:1) and on
 * the wall's blue (4.9:1): WCAG AA asks 4.5:1. Buttons, links, the active tab and the Live badge use it.
 */
export const BRAND_PRIMARY = '#256B68';

/**
 * The palette of each theme, the only definition of it (styles.css reads the custom properties).
 * `accent` only draws lines (borders, rules): nothing is written on it or in it.
 */
export const THEME_COLORS: Record<UiTheme, { primary: string; accent: string }> = {
  wedding: { primary: BRAND_PRIMARY, accent: '#7ECCC8' },
  funeral: { primary: BRAND_PRIMARY, accent: '#4D938F' },
};

/** The UI theme for a wall theme: memorial walls take the funeral look, every other one the wedding look. */
export function toUiTheme(theme: string | null | undefined): UiTheme {
  return theme === WallTheme.Funeral || theme === WallTheme.Memorial ? WallTheme.Funeral : WallTheme.Wedding;
}

export function readStoredTheme(): UiTheme {
  try {
    return toUiTheme(localStorage.getItem(THEME_STORAGE_KEY) ?? DEFAULT_THEME);
  } catch {
    return DEFAULT_THEME; // storage blocked (private mode)
  }
}

export function storeTheme(theme: UiTheme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage blocked: the theme still applies for this visit
  }
}

/** Sets the theme's colours as custom properties on <html>; styles.css reads them. */
export function applyTheme(theme: UiTheme, root: HTMLElement = document.documentElement): void {
  const colors = THEME_COLORS[theme];
  root.dataset.theme = theme;
  root.style.setProperty('--color-primary', colors.primary);
  root.style.setProperty('--color-accent', colors.accent);
}
