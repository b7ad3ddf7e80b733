import type { CSSProperties } from 'react';
import type { EventType } from '@memory-wall/contracts';

/** What a set's layout looks like, for the page's layout label. */
export type LayoutName = 'single' | 'pair' | 'stack' | 'feature' | 'grid';

/** How a presentation set is laid out on the screen. */
export interface PresentationLayout {
  /** The layout's name (the page's layout label says it: "One large, two small"). */
  name: LayoutName;
  /** Columns of the grid. */
  columns: number;
  /** The grid's CSS: each memory in a named area, the areas filling the screen. */
  style: CSSProperties;
  /** The grid area of each memory, in selection order. */
  areas: string[];
  /** How wide each memory's image is shown (the img `sizes`), in selection order. */
  sizes: string[];
}

interface Template {
  name: LayoutName;
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
  1: { name: 'single', rows: ['a'], widths: { a: 100 } },
  2: { name: 'pair', rows: ['a b'], widths: { a: 50, b: 50 } },
  3: { name: 'feature', rows: ['a a b', 'a a c'], widths: { a: 67, b: 33, c: 33 } },
  4: { name: 'grid', rows: ['a b', 'c d'], widths: { a: 50, b: 50, c: 50, d: 50 } },
};
const PORTRAIT: Record<number, Template> = {
  1: { name: 'single', rows: ['a'], widths: { a: 100 } },
  2: { name: 'stack', rows: ['a', 'b'], widths: { a: 100, b: 100 } },
  3: { name: 'feature', rows: ['a a', 'b c'], widths: { a: 100, b: 50, c: 50 } },
  4: { name: 'grid', rows: ['a b', 'c d'], widths: { a: 50, b: 50, c: 50, d: 50 } },
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
    name: template.name,
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

/**
 * The class of a venue screen's page for its kind of event: each has a look of its own (presentation.css),
 * a memorial's calm and dignified.
 */
export const screenLook = (eventType: EventType) => `pr-look-${eventType}`;

/** The wall's title's length, from which the stylesheet sizes it to the side column (three lines at most). */
export const titleStyle = (title: string) => ({ '--title-chars': Math.max(1, [...title].length) }) as CSSProperties;
