import { describe, expect, it } from 'vitest';
import { chartSeries, formatSince, formatTimeOut, formatUsd, wishPrioritySeries } from './analytics-view';

describe('analytics view', () => {
  it('shows money as dollars with two decimals', () => {
    expect(formatUsd(120.28)).toBe('$120.28');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('says how long an album has been out in words', () => {
    expect(formatTimeOut(0)).toBe('Today');
    expect(formatTimeOut(1)).toBe('1 day');
    expect(formatTimeOut(59)).toBe('59 days');
    expect(formatTimeOut(61)).toBe('2 months');
    expect(formatTimeOut(729)).toBe('23 months');
    expect(formatTimeOut(800)).toBe('2 years');
    expect(formatTimeOut(null)).toBe('Unknown');
  });

  it('writes the lent date in the given locale, and a dash without one', () => {
    expect(formatSince('2024-01-15', 'en-US')).toBe('Jan 15, 2024');
    expect(formatSince(null, 'en-US')).toBe('—');
  });

  it('turns the answer into the four charts’ series', () => {
    const series = chartSeries({
      totalCollections: 2,
      totalAlbums: 3,
      totalValue: 20,
      albumsByCollection: [
        { collectionId: 1, collectionName: 'Jazz', albumCount: 2, totalValue: 20 },
        { collectionId: 2, collectionName: 'Rock', albumCount: 1, totalValue: 0 },
      ],
      albumsByGenre: { Jazz: 2, Unknown: 1 },
      albumsByFormat: { LP: 2, 'No format': 1 },
      lentAlbums: [],
      loans: { reminderDays: 30, today: '2026-01-01', lentCount: 0, overdueCount: 0, overdue: [] },
      wishlist: { items: 0, byPriority: { '1': 0, '2': 0, '3': 0 }, totalMaxPrice: 0 },
    });
    expect(series.perCollection).toEqual([
      { label: 'Jazz', value: 2 },
      { label: 'Rock', value: 1 },
    ]);
    expect(series.perGenre).toEqual([
      { label: 'Jazz', value: 2 },
      { label: 'Unknown', value: 1 },
    ]);
    expect(series.valuePerCollection).toEqual([
      { label: 'Jazz', value: 20 },
      { label: 'Rock', value: 0 },
    ]);
    expect(series.perFormat).toEqual([
      { label: 'LP', value: 2 },
      { label: 'No format', value: 1 },
    ]);
  });

  it('names the wish list priorities in the wish list’s words, must have first', () => {
    expect(wishPrioritySeries({ items: 6, byPriority: { '1': 1, '2': 3, '3': 2 }, totalMaxPrice: 10 })).toEqual([
      { label: 'Must have', value: 1 },
      { label: 'Want', value: 3 },
      { label: 'Maybe', value: 2 },
    ]);
  });
});
