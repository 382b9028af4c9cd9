/** The album grid's geometry: a responsive column count and fixed row heights, so rows can be virtualised. */
export const GRID_GAP_X = 20;
export const GRID_GAP_Y = 16;
/** A cover narrower than this reads as a stamp; two columns is the floor even on a small phone. */
export const MIN_CARD_WIDTH = 168;
export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 8;

export interface GridLayout {
  columns: number;
  cardWidth: number;
  /**
   * One row: the square cover, the text block and the gap under it. Not rounded: the server-drawn
   * CSS grid lays rows out at exactly this height, and the virtualised rows must land on them.
   */
  rowHeight: number;
}

export function gridLayout(width: number, infoHeight: number): GridLayout {
  const fits = Math.floor((width + GRID_GAP_X) / (MIN_CARD_WIDTH + GRID_GAP_X));
  const columns = Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, fits));
  const cardWidth = Math.max(0, (width - GRID_GAP_X * (columns - 1)) / columns);
  return { columns, cardWidth, rowHeight: cardWidth + infoHeight + GRID_GAP_Y };
}
