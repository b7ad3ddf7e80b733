/** The drawing pad's pens: colours readable on its white, and three sizes (signature_pad's stroke widths, px). */
export const PEN_COLORS = {
  black: '#1f2933',
  red: '#d64545',
  blue: '#2f6fd6',
  green: '#2e8b57',
  orange: '#e07b18',
  purple: '#8e44ad',
} as const;
export type PenColor = keyof typeof PEN_COLORS;

export const PEN_SIZES = {
  thin: { minWidth: 0.5, maxWidth: 1.5 },
  medium: { minWidth: 1.5, maxWidth: 3.5 },
  thick: { minWidth: 4, maxWidth: 8 },
} as const;
export type PenSize = keyof typeof PEN_SIZES;

export const DEFAULT_PEN: { color: PenColor; size: PenSize } = { color: 'black', size: 'medium' };
