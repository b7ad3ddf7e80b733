/**
 * How many memories a display wall shows at once, and in how many columns and rows: as many cards as fit the
 * screen at a size read across a room, so the page never scrolls. A card's smaller side is at least
 * CARD_SHARE of the screen's smaller side (so a 720p and a 4K television show the same wall), and never
 * under MIN_CARD_PX (a phone gets one column). A named screen's columns are kept; only its rows are fitted.
 */
export const CARD_SHARE = 0.42;
export const MIN_CARD_PX = 260;
/** The presentation stylesheet's side column (--pr-side: 26vmin) and its page padding and gaps (about 2vmin each). */
const SIDE_SHARE = 0.26;
const PADDING_SHARE = 0.06;
/** In portrait the title, the controls and the QR code take this share of the height above and below the cards. */
const PORTRAIT_BANDS_SHARE = 0.55;
const MAX_COLUMNS = 5;
const MAX_ROWS = 4;

export interface DisplayGrid {
  columns: number;
  rows: number;
  /** columns × rows: the newest this many memories are shown. */
  count: number;
}

const within = (value: number, max: number) => Math.min(max, Math.max(1, Math.floor(value)));

export function displayGrid(width: number, height: number, layoutColumns?: number | null): DisplayGrid {
  const shortSide = Math.min(width, height);
  const card = Math.max(CARD_SHARE * shortSide, MIN_CARD_PX);
  const padding = PADDING_SHARE * shortSide;
  const portrait = height > width;
  const stageWidth = portrait ? width - padding : width - SIDE_SHARE * shortSide - padding;
  const stageHeight = portrait ? height - PORTRAIT_BANDS_SHARE * shortSide - padding : height - padding;
  const columns = layoutColumns ?? within(stageWidth / card, MAX_COLUMNS);
  const rows = within(stageHeight / card, MAX_ROWS);
  return { columns, rows, count: columns * rows };
}
