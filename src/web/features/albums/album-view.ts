import type { AlbumListItem } from '../../../common/albums.schemas';
import { loanState, type LoanReminders } from '../../../common/loans';
import { formatCents, formatCount } from '../../lib/number-format';

/** docs/product/collections.md#filters: the grid sorts by title, artist or genre. */
export type AlbumSortField = 'title' | 'artist' | 'genre';

/** docs/product/loans.md#filter: every album, only those lent out, or only those lent longer than the reminder's days. */
export type LendingFilter = 'all' | 'lent' | 'overdue';

export interface AlbumFilters {
  artist: string;
  genre: string;
  lending: LendingFilter;
  /** docs/product/collections.md#filters: title or artist, for "do I own this?" at a record shop's racks. */
  search?: string;
}

export const NO_FILTERS: AlbumFilters = { artist: '', genre: '', lending: 'all' };

type Sortable = Pick<AlbumListItem, 'id' | 'title' | 'artist' | 'genre' | 'isLent' | 'lentDate'>;

// One collator for every comparison: far cheaper than localeCompare per pair on 10,000 albums. Made
// at the first sort, not as the module loads: a page's first collator loads ICU data (about 11 ms),
// which main.tsx has done in a task of its own by then on the server-drawn home.
let collator: Intl.Collator | undefined;
const COLLATOR_OPTIONS: Intl.CollatorOptions = { sensitivity: 'base', numeric: true };

const compareText = (a: string, b: string) => (collator ??= new Intl.Collator(undefined, COLLATOR_OPTIONS)).compare(a, b);

/** A missing or blank genre counts as none (docs/product/collections.md#filters: those sort last). */
const hasGenre = (genre: string | null): genre is string => genre !== null && genre.trim() !== '';

/**
 * The albums ordered by `field`, ascending and case-insensitive; albums without a genre come last
 * when sorting by genre. Ties fall back to title, then artist, then the order they were added (id),
 * so the grid never reshuffles between renders. Returns a new array.
 */
export function sortAlbums<T extends Sortable>(albums: readonly T[], field: AlbumSortField): T[] {
  const byTitle = (a: T, b: T) => compareText(a.title, b.title) || compareText(a.artist, b.artist) || a.id - b.id;
  const compare =
    field === 'title'
      ? byTitle
      : field === 'artist'
        ? (a: T, b: T) => compareText(a.artist, b.artist) || byTitle(a, b)
        : (a: T, b: T) => {
            const aHas = hasGenre(a.genre);
            const bHas = hasGenre(b.genre);
            if (aHas !== bHas) return aHas ? -1 : 1;
            return (aHas && bHas ? compareText(a.genre!, b.genre!) : 0) || byTitle(a, b);
          };
  return [...albums].sort(compare);
}

const needle = (text: string) => text.trim().toLocaleLowerCase();

/** True when some filter is set (blank text is no filter). */
export const hasFilters = (filters: AlbumFilters) =>
  needle(filters.artist) !== '' || needle(filters.genre) !== '' || filters.lending !== 'all' || needle(filters.search ?? '') !== '';

/** Whether an album passes the lending filter, on the loan day and reminder days the server gave. */
function matchesLending(album: Pick<AlbumListItem, 'isLent' | 'lentDate'>, lending: LendingFilter, reminders: LoanReminders): boolean {
  if (lending === 'all') return true;
  if (!album.isLent) return false;
  return lending === 'lent' || loanState(album, reminders)?.overdue === true;
}

/**
 * docs/product/collections.md#filters: artist and genre filters are case-insensitive substring matches;
 * a genre filter never matches an album without a genre. The lending filter keeps lent (or overdue) albums; the
 * search matches the title or the artist the same way. Keeps the given order. Returns the same array
 * when no filter is set.
 */
export function filterAlbums<T extends Sortable>(albums: readonly T[], filters: AlbumFilters, reminders: LoanReminders): readonly T[] {
  const artist = needle(filters.artist);
  const genre = needle(filters.genre);
  const { lending } = filters;
  const search = needle(filters.search ?? '');
  if (!artist && !genre && lending === 'all' && !search) return albums;
  return albums.filter(
    (album) =>
      (!artist || album.artist.toLocaleLowerCase().includes(artist)) &&
      (!genre || (album.genre !== null && album.genre.toLocaleLowerCase().includes(genre))) &&
      matchesLending(album, lending, reminders) &&
      (!search || album.title.toLocaleLowerCase().includes(search) || album.artist.toLocaleLowerCase().includes(search)),
  );
}

/** The albums of one collection (albums name their collection, docs/product/albums.md#fields), in the order given. */
export function albumsInCollection<T extends Pick<AlbumListItem, 'collection'>>(albums: readonly T[], collection: string | null): T[] {
  if (collection === null) return [];
  return albums.filter((album) => album.collection === collection);
}

/** docs/product/collections.md#home: the total price of the (filtered) albums, in cents so that dollars add up exactly. */
export function totalPriceCents(albums: readonly Pick<AlbumListItem, 'price'>[]): number {
  let cents = 0;
  for (const album of albums) if (album.price !== null) cents += Math.round(album.price * 100);
  return cents;
}

/** Money as `$1,234.56` (docs/product/albums.md#price: USD with 2 decimals). */
export const formatUsd = (cents: number) => formatCents(cents);

/** "1 album", "12 albums", "3 of 12 albums". */
export function albumCountText(shown: number, total: number): string {
  const noun = total === 1 ? 'album' : 'albums';
  return shown === total ? `${formatCount(total)} ${noun}` : `${formatCount(shown)} of ${formatCount(total)} ${noun}`;
}

/** "Very Good Plus (VG+)" → "VG+": the grading shorthand collectors use, short enough for a card. */
export function conditionCode(condition: string | null): string | null {
  if (!condition) return null;
  return /\(([^)]+)\)\s*$/.exec(condition)?.[1] ?? condition;
}
