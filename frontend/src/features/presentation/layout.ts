import type { CSSProperties } from 'react';

/** How a presentation set is laid out on the screen. */
export interface PresentationLayout {
  /** Columns of the grid (the page's layout label). */
  columns: number;
  /** The grid's CSS: each memory in a named area, the areas filling the screen. */
  style: CSSProperties;
  /** The grid area of each memory, in selection order. */
  areas: string[];
  /** How wide each memory's image is shown (the img `sizes`), in selection order. */
  sizes: string[];
}

interface Template {
  rows: string[];
  /** Per area letter, the share of the screen's width it takes, for `sizes`. */
  widths: Record<string, number>;
}

const AREAS = ['a', 'b', 'c', 'd'];

/**
 * Landscape screens (16:9 venue screens): one memory large; two side by side; three as a collage with
 * the first (the newest arrival or a featured one) large; four in a 2×2 grid, which keeps landscape
 * photos large. Portrait screens stack instead.
 */
const LANDSCAPE: Record<number, Template> = {
  1: { rows: ['a'], widths: { a: 100 } },
  2: { rows: ['a b'], widths: { a: 50, b: 50 } },
  3: { rows: ['a a b', 'a a c'], widths: { a: 67, b: 33, c: 33 } },
  4: { rows: ['a b', 'c d'], widths: { a: 50, b: 50, c: 50, d: 50 } },
};
const PORTRAIT: Record<number, Template> = {
  1: { rows: ['a'], widths: { a: 100 } },
  2: { rows: ['a', 'b'], widths: { a: 100, b: 100 } },
  3: { rows: ['a a', 'b c'], widths: { a: 100, b: 50, c: 50 } },
  4: { rows: ['a b', 'c d'], widths: { a: 50, b: 50, c: 50, d: 50 } },
};

/** The most memories a set can have (the wall settings offer 2, 3 or 4). */
export const MAX_SET = 4;

/** The layout of `count` memories on a screen `width` × `height`: the memories fill it, whatever there is. */
export function presentationLayout(count: number, width: number, height: number): PresentationLayout {
  const n = Math.min(MAX_SET, Math.max(1, Math.round(count) || 1));
  const template = (height > width ? PORTRAIT : LANDSCAPE)[n];
  const columns = template.rows[0].split(' ').length;
  const areas = AREAS.slice(0, n);
  return {
    columns,
    areas,
    sizes: areas.map((area) => `${template.widths[area]}vw`),
    style: {
      gridTemplateAreas: template.rows.map((row) => `"${row}"`).join(' '),
      gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
      gridTemplateRows: `repeat(${template.rows.length}, minmax(0, 1fr))`,
    },
  };
}
