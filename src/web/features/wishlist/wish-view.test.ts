import { describe, expect, it } from 'vitest';
import type { Wish } from '../../../common/wishlist.schemas';
import { filterByFormat, formatFilterOf, maxPriceText, priorityName, sortWishes, wishCountText } from './wish-view';

const wish = (id: number, priority: number, createdAt: string, format: Wish['format'] = null): Wish => ({
  id,
  title: `Record ${id}`,
  artist: 'Artist',
  format,
  pressing: null,
  catalogNumber: null,
  barcode: null,
  maxPrice: null,
  priority,
  notes: null,
  coverUrl: null,
  discogsReleaseId: null,
  musicbrainzReleaseId: null,
  createdAt,
});

describe('the wish list page (docs/product/wishlist.md#page)', () => {
  it('shows must have first, then the newest wish first within a priority', () => {
    const wishes = [
      wish(1, 2, '2026-01-01T10:00:00.000Z'),
      wish(2, 3, '2026-01-03T10:00:00.000Z'),
      wish(3, 1, '2026-01-01T10:00:00.000Z'),
      wish(4, 2, '2026-01-02T10:00:00.000Z'),
      wish(5, 1, '2026-01-02T10:00:00.000Z'),
    ];
    expect(sortWishes(wishes).map((w) => w.id)).toEqual([5, 3, 4, 1, 2]);
  });

  it('names the priorities Must have, Want and Maybe', () => {
    expect([1, 2, 3].map(priorityName)).toEqual(['Must have', 'Want', 'Maybe']);
  });

  it('filters by a format from the address and ignores a format it does not know', () => {
    const wishes = [wish(1, 2, 'a', 'LP'), wish(2, 2, 'b', 'CD'), wish(3, 2, 'c')];
    expect(formatFilterOf('?format=LP')).toBe('LP');
    expect(formatFilterOf('?format=Vinyl')).toBeNull();
    expect(filterByFormat(wishes, 'LP').map((w) => w.id)).toEqual([1]);
    expect(filterByFormat(wishes, null)).toHaveLength(3);
  });

  it('counts records and writes the max price in dollars', () => {
    expect(wishCountText(1, 1)).toBe('1 record');
    expect(wishCountText(2, 12)).toBe('2 of 12 records');
    expect(maxPriceText(25)).toBe('Up to $25.00');
    expect(maxPriceText(1234.5)).toBe('Up to $1,234.50');
  });
});
