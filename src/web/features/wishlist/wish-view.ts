import { ALBUM_FORMAT_NAMES, isAlbumFormat, type AlbumFormat } from '../../../common/album-formats';
import type { Wish } from '../../../common/wishlist.schemas';
import { formatCents, formatCount } from '../../lib/number-format';

/** docs/product/wishlist.md#page: how much the collector wants it, in words. */
export const PRIORITY_NAMES: Record<number, string> = { 1: 'Must have', 2: 'Want', 3: 'Maybe' };

export const priorityName = (priority: number) => PRIORITY_NAMES[priority] ?? PRIORITY_NAMES[2]!;

/** docs/product/wishlist.md#page: must have first, then the newest wish first within a priority. */
export function sortWishes(wishes: readonly Wish[]): Wish[] {
  return [...wishes].sort(
    (a, b) => a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  );
}

/** The page's format filter, read from the address: a stored format value, or null for every format. */
export function formatFilterOf(search: string): AlbumFormat | null {
  const value = new URLSearchParams(search).get('format');
  return value !== null && isAlbumFormat(value) ? value : null;
}

export const filterByFormat = (wishes: readonly Wish[], format: AlbumFormat | null): Wish[] =>
  format === null ? [...wishes] : wishes.filter((wish) => wish.format === format);

/** "1 record", "12 records", "3 of 12 records". */
export function wishCountText(shown: number, total: number): string {
  const noun = total === 1 ? 'record' : 'records';
  return shown === total ? `${formatCount(total)} ${noun}` : `${formatCount(shown)} of ${formatCount(total)} ${noun}`;
}

/** "Up to $25.00": the most the collector will pay (dollars as the API answers them). */
export const maxPriceText = (maxPrice: number) => `Up to ${formatCents(Math.round(maxPrice * 100))}`;

/** A format as the screens name it ("Vinyl LP" for LP). */
export const formatName = (format: AlbumFormat | null) => (format === null ? null : ALBUM_FORMAT_NAMES[format]);
