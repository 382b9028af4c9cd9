import type { Analytics } from '../../../common/analytics.schemas';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** Money as `$1,234.56` (docs/product/albums.md#price: USD with 2 decimals). */
export const formatUsd = (dollars: number) => usd.format(Math.round(dollars * 100) / 100);
export const formatCount = (value: number) => count.format(value);

export interface ChartDatum {
  label: string;
  value: number;
}

/** The four charts' series, in the order the server sends them (collections by name, genres and formats by count). */
export function chartSeries(data: Analytics): {
  perCollection: ChartDatum[];
  perGenre: ChartDatum[];
  perFormat: ChartDatum[];
  valuePerCollection: ChartDatum[];
} {
  return {
    perCollection: data.albumsByCollection.map((c) => ({ label: c.collectionName, value: c.albumCount })),
    perGenre: Object.entries(data.albumsByGenre).map(([label, value]) => ({ label, value })),
    perFormat: Object.entries(data.albumsByFormat).map(([label, value]) => ({ label, value })),
    valuePerCollection: data.albumsByCollection.map((c) => ({ label: c.collectionName, value: c.totalValue })),
  };
}

/** Wishes per priority, must have first, with the wish list's own words for each (docs/product/wishlist.md#fields). */
export function wishPrioritySeries(wishlist: Analytics['wishlist']): ChartDatum[] {
  return [
    { label: 'Must have', value: wishlist.byPriority['1'] },
    { label: 'Want', value: wishlist.byPriority['2'] },
    { label: 'Maybe', value: wishlist.byPriority['3'] },
  ];
}

/** A YYYY-MM-DD date as a local calendar day (no time-zone shift). */
function localDay(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** How long an album has been out: "Today", "1 day", "45 days", "3 months", "2 years". */
export function formatTimeOut(days: number | null): string {
  if (days === null) return 'Unknown';
  if (days === 0) return 'Today';
  if (days < 60) return days === 1 ? '1 day' : `${days} days`;
  if (days < 730) return `${Math.floor(days / 30.44)} months`;
  return `${Math.floor(days / 365.25)} years`;
}

/** The lent date in the user's locale ("Jan 15, 2024"). */
export function formatSince(lentDate: string | null, locale?: string): string {
  const day = lentDate ? localDay(lentDate) : null;
  return day ? day.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
}
