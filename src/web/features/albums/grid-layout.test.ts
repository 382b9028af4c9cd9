import { describe, expect, it } from 'vitest';
import { GRID_GAP_X, GRID_GAP_Y, gridLayout, MAX_COLUMNS, MIN_COLUMNS } from './grid-layout';

describe('album grid layout', () => {
  it('two columns on a phone, more as the width grows, never more than the maximum', () => {
    expect(gridLayout(358, 96).columns).toBe(MIN_COLUMNS);
    expect(gridLayout(944, 96).columns).toBe(5);
    expect(gridLayout(5000, 96).columns).toBe(MAX_COLUMNS);
  });

  it('cards fill the row, and a row is a square cover, the text block and the gap', () => {
    const { columns, cardWidth, rowHeight } = gridLayout(944, 96);
    expect(cardWidth * columns + GRID_GAP_X * (columns - 1)).toBeCloseTo(944);
    expect(rowHeight).toBe(cardWidth + 96 + GRID_GAP_Y);
  });

  it('an unmeasured grid (width 0) still has a sane layout', () => {
    expect(gridLayout(0, 96)).toMatchObject({ columns: MIN_COLUMNS, cardWidth: 0 });
  });
});
