import type { AlbumFormat } from '../../../common/album-formats';
import type { AlbumListItem } from '../../../common/albums.schemas';
import { loanState, type LoanReminders } from '../../../common/loans';
import type { HomeSortField } from '../../../common/home-view';
import { formatCents, formatCount } from '../../lib/number-format';
import { whenIdle } from '../../lib/when-idle';

/**
 * docs/product/collections.md#filters: the grid sorts by title, artist, genre, date added (newest
 * first), release year, label or rating (best first).
 */
export type AlbumSortField = HomeSortField;

/** docs/product/loans.md#filter: every album, only those lent out, or only those lent longer than the reminder's days. */
export type LendingFilter = 'all' | 'lent' | 'overdue';

export interface AlbumFilters {
  artist: string;
  genre: string;
  lending: LendingFilter;
  /**
   * docs/product/collections.md#filters: title, artist, catalogue number or barcode, for "do I own
   * this?" at a record shop's racks.
   */
  search?: string;
  /** One of the stored formats, or '' for any (docs/product/collections.md#filters). */
  format?: AlbumFormat | '';
  /** 1 to 5: only albums rated this many stars or more; 0 for any. */
  minRating?: number;
}

export const NO_FILTERS: AlbumFilters = { artist: '', genre: '', lending: 'all', search: '', format: '', minRating: 0 };

type Sortable = Pick<
  AlbumListItem,
  | 'id'
  | 'title'
  | 'artist'
  | 'genre'
  | 'isLent'
  | 'lentDate'
  | 'label'
  | 'releaseYear'
  | 'rating'
  | 'addedAt'
  | 'format'
  | 'catalogNumber'
  | 'barcode'
>;

// One collator for every comparison: far cheaper than localeCompare per pair on 10,000 albums. Made
// at the first sort, not as the module loads: a page's first collator loads ICU data (about 11 ms),
// which main.tsx has done in a task of its own by then on the server-drawn home.
let collator: Intl.Collator | undefined;
const COLLATOR_OPTIONS: Intl.CollatorOptions = { sensitivity: 'base', numeric: true };

const sortCollator = () => (collator ??= new Intl.Collator(undefined, COLLATOR_OPTIONS));
const compareText = (a: string, b: string) => sortCollator().compare(a, b);

const LEADING_PUNCTUATION = /^[^\p{L}\p{N}]+/u;
const LEADING_THE = /^the\s+/i;

/** An ASCII letter or digit, but not T or t (which may start "The "). */
const isPlainStart = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90 && code !== 84) || (code >= 97 && code <= 122 && code !== 116);

/**
 * docs/product/collections.md#filters: leading punctuation and a leading "The " do not decide the
 * order ("...And Justice for All" under A, "The Beatles" under B). A name that is only "The" or only
 * punctuation keeps its own text, so it still sorts somewhere sensible.
 */
export function sortingText(text: string): string {
  // Most names start with a plain letter or digit other than the T of "The " and end with a visible
  // ASCII character: nothing to take off, so they are themselves, without three regular expressions
  // each (a thousandth of a second per thousand albums in the first sort of a phone's first visit).
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (isPlainStart(first) && last > 32 && last < 127) return text;
  const bare = text.trim().replace(LEADING_PUNCTUATION, '');
  const withoutThe = bare.replace(LEADING_THE, '').replace(LEADING_PUNCTUATION, '');
  return withoutThe || bare || text.trim();
}

/** A missing or blank text counts as none (docs/product/collections.md#filters: those sort last). */
const hasText = (text: string | null): text is string => text !== null && text.trim() !== '';

/** The keys of one album, worked out once per sort rather than once per comparison. */
interface Keyed<T> {
  album: T;
  title: string;
  artist: string;
  genre: string | null;
  label: string | null;
}

type Compare<T> = (a: Keyed<T>, b: Keyed<T>) => number;

/** Albums without the key last, whatever the direction; otherwise `compare` on the two values. */
function lastWhenMissing<V>(a: V | null, b: V | null, compare: (a: V, b: V) => number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
}

const ascendingNumber = (a: number, b: number) => a - b;
const descendingNumber = (a: number, b: number) => b - a;

/**
 * A result kept per list it was worked out from (lists are never changed in place: a new read is a
 * new array): the same collection or sort asked again, or asked by the render after the drawn home's
 * list was prepared in tasks of its own (prepareHomeOrder), costs nothing.
 */
function keptPer<K, T>(kept: WeakMap<object, Map<K, T>>, list: object, key: K, work: () => T): T {
  let byKey = kept.get(list);
  if (!byKey) kept.set(list, (byKey = new Map<K, T>()));
  let result = byKey.get(key);
  if (result === undefined) byKey.set(key, (result = work()));
  return result;
}

const keptSorts = new WeakMap<object, Map<AlbumSortField, readonly Sortable[]>>();

/**
 * The albums ordered by `field` (docs/product/collections.md#filters): text keys ascending and
 * case-insensitive with numbers in natural order, date added newest first, release year oldest
 * first, rating best first; albums without the key come last. Within one artist the records
 * follow in release-year order. Ties end on the order added (id), so the grid never reshuffles
 * between renders. A new array, kept per list and field; the list given is not changed.
 */
export function sortAlbums<T extends Sortable>(albums: readonly T[], field: AlbumSortField): readonly T[] {
  return keptPer(keptSorts, albums, field, () => orderAlbums(albums, field)) as readonly T[];
}

function orderAlbums<T extends Sortable>(albums: readonly T[], field: AlbumSortField): T[] {
  const keyed: Keyed<T>[] = albums.map((album) => ({
    album,
    title: sortingText(album.title),
    artist: sortingText(album.artist),
    genre: hasText(album.genre) ? album.genre.trim() : null,
    label: hasText(album.label) ? sortingText(album.label) : null,
  }));
  const byId: Compare<T> = (a, b) => a.album.id - b.album.id;
  const byTitle: Compare<T> = (a, b) => compareText(a.title, b.title) || compareText(a.artist, b.artist) || byId(a, b);
  const byYear: Compare<T> = (a, b) => lastWhenMissing(a.album.releaseYear, b.album.releaseYear, ascendingNumber);
  const byArtist: Compare<T> = (a, b) => compareText(a.artist, b.artist) || byYear(a, b) || byTitle(a, b);
  const compare: Compare<T> = {
    title: byTitle,
    artist: byArtist,
    genre: ((a, b) => lastWhenMissing(a.genre, b.genre, compareText) || byTitle(a, b)) as Compare<T>,
    addedAt: ((a, b) => lastWhenMissing(a.album.addedAt, b.album.addedAt, (x, y) => (x < y ? 1 : x > y ? -1 : 0)) || b.album.id - a.album.id) as Compare<T>,
    releaseYear: ((a, b) => byYear(a, b) || byArtist(a, b)) as Compare<T>,
    label: ((a, b) => lastWhenMissing(a.label, b.label, compareText) || byArtist(a, b)) as Compare<T>,
    rating: ((a, b) => lastWhenMissing(a.album.rating, b.album.rating, descendingNumber) || byArtist(a, b)) as Compare<T>,
  }[field];
  return keyed.sort(compare).map((entry) => entry.album);
}

const needle = (text: string) => text.trim().toLocaleLowerCase();

/** Spaces and dashes do not count in a catalogue number or barcode ("CBS 85228" is "CBS-85228"). */
const compact = (text: string) => text.replace(/[\s-]+/g, '').toLocaleLowerCase();

/**
 * A barcode is looked for only when the search is digits (spaces and dashes allowed) and at least
 * this many of them: a year typed in the search ("1977") must not find every barcode holding it.
 */
const BARCODE_SEARCH_MIN_DIGITS = 6;

/** True when some filter is set (blank text is no filter). */
export const hasFilters = (filters: AlbumFilters) =>
  needle(filters.artist) !== '' ||
  needle(filters.genre) !== '' ||
  filters.lending !== 'all' ||
  needle(filters.search ?? '') !== '' ||
  (filters.format ?? '') !== '' ||
  (filters.minRating ?? 0) > 0;

/** Whether an album passes the lending filter, on the loan day and reminder days the server gave. */
function matchesLending(album: Pick<AlbumListItem, 'isLent' | 'lentDate'>, lending: LendingFilter, reminders: LoanReminders): boolean {
  if (lending === 'all') return true;
  if (!album.isLent) return false;
  return lending === 'lent' || loanState(album, reminders)?.overdue === true;
}

/** An album's texts as the search compares them: lower case, catalogue number and barcode compacted. */
interface SearchKeys {
  /** Title and artist in one text, apart by a character no search holds: one test finds either. */
  titleAndArtist: string;
  artist: string;
  catalogNumber: string | null;
  barcode: string | null;
}

/** Between the title and the artist in SearchKeys.titleAndArtist: a needle is trimmed text, never this. */
const KEY_SEPARATOR = '\u0000';

// Worked out once per album object, not once per keystroke: a search over 3,800 albums is then a
// few substring tests each instead of four lower-casings and two regular expressions each. The list's
// album objects live as long as the query's data, so the keys go with them; an edited album is a new
// object and gets new keys.
const albumKeys = new WeakMap<Sortable, SearchKeys>();

function searchKeys(album: Sortable): SearchKeys {
  let keys = albumKeys.get(album);
  if (keys === undefined) {
    const artist = album.artist.toLocaleLowerCase();
    keys = {
      titleAndArtist: `${album.title.toLocaleLowerCase()}${KEY_SEPARATOR}${artist}`,
      artist,
      catalogNumber: album.catalogNumber === null ? null : compact(album.catalogNumber),
      barcode: album.barcode === null ? null : compact(album.barcode),
    };
    albumKeys.set(album, keys);
  }
  return keys;
}

// The keys of a whole list in its order, kept with the list (the home's sorted list lives until the
// albums or the sort change): each letter typed then reads them by position, with no lookup per album.
const listKeys = new WeakMap<readonly Sortable[], readonly SearchKeys[]>();

function searchKeysOf(albums: readonly Sortable[]): readonly SearchKeys[] {
  let keys = listKeys.get(albums);
  if (keys === undefined) {
    keys = albums.map(searchKeys);
    listKeys.set(albums, keys);
  }
  return keys;
}

/** The longest slice of idle time prepareSearchKeys takes at once: short enough to never delay a tap. */
const PREPARE_SLICE_MS = 4;

/** How many albums the rehearsal of a search runs through: enough for the engine to compile the loop. */
const REHEARSAL_ALBUMS = 1000;

/** The rehearsal's search: a control character, which no title or artist is expected to hold (what it finds is thrown away). */
const REHEARSAL_SEARCH = '\u0001';

/** Reminders for the rehearsal, which filters by nothing that reads them. */
const REHEARSAL_REMINDERS: LoanReminders = { days: 1, today: '1970-01-01' };

let rehearsed = false;

/**
 * Works out the search keys of `albums` (the list as the home will filter it) while the page is idle,
 * a few milliseconds at a time, so the first letter typed in the search finds them made. Then, once
 * per page, rehearses a search over the first albums: the first letter then runs compiled code instead
 * of the engine's first, interpreted pass (about 2 ms per thousand albums on a slow machine, inside the
 * keystroke's frame). Returns the function that stops it.
 */
export function prepareSearchKeys(albums: readonly Sortable[]): () => void {
  const keys: SearchKeys[] = [];
  let stopped = false;
  // Each slice waits for an idle moment, at most 5 s.
  const nextIdle = (run: () => void) => whenIdle(run, 5000);
  const rehearse = () => {
    if (stopped || rehearsed) return;
    rehearsed = true;
    filterAlbums(albums.length > REHEARSAL_ALBUMS ? albums.slice(0, REHEARSAL_ALBUMS) : albums, { ...NO_FILTERS, search: REHEARSAL_SEARCH }, REHEARSAL_REMINDERS);
  };
  const slice = () => {
    if (stopped) return;
    // A letter typed meanwhile made the list's keys at once.
    if (listKeys.has(albums)) return nextIdle(rehearse);
    const end = performance.now() + PREPARE_SLICE_MS;
    while (keys.length < albums.length && performance.now() < end) {
      for (const last = Math.min(albums.length, keys.length + 100); keys.length < last; ) keys.push(searchKeys(albums[keys.length]!));
    }
    if (keys.length < albums.length) return nextIdle(slice);
    listKeys.set(albums, keys);
    nextIdle(rehearse);
  };
  if (listKeys.has(albums)) {
    if (rehearsed) return () => {};
    nextIdle(rehearse);
  } else nextIdle(slice);
  return () => {
    stopped = true;
  };
}

/** docs/product/collections.md#filters: what the one search box matches. Returns null for a blank search. */
function searchMatcher(search: string): ((keys: SearchKeys) => boolean) | null {
  const text = needle(search).replaceAll(KEY_SEPARATOR, '');
  if (!text) return null;
  const packed = compact(text);
  const digits = /^[\d\s-]+$/.test(text) && packed.length >= BARCODE_SEARCH_MIN_DIGITS ? packed : null;
  return (keys) =>
    keys.titleAndArtist.includes(text) ||
    (keys.catalogNumber !== null && packed !== '' && keys.catalogNumber.includes(packed)) ||
    (digits !== null && keys.barcode !== null && keys.barcode.includes(digits));
}

/**
 * docs/product/collections.md#filters: artist and genre filters are case-insensitive substring matches;
 * a genre filter never matches an album without a genre. The lending filter keeps lent (or overdue)
 * albums; the format filter keeps that format; the rating filter keeps albums rated that many stars or
 * more (never an unrated one); the search matches the title, the artist, the catalogue number or the
 * barcode. Keeps the given order. Returns the same array when no filter is set.
 */
export function filterAlbums<T extends Sortable>(albums: readonly T[], filters: AlbumFilters, reminders: LoanReminders): readonly T[] {
  if (!hasFilters(filters)) return albums;
  const artist = needle(filters.artist);
  const genre = needle(filters.genre);
  const { lending } = filters;
  const format = filters.format ?? '';
  const minRating = filters.minRating ?? 0;
  const search = searchMatcher(filters.search ?? '');
  const keys = search || artist ? searchKeysOf(albums) : undefined;
  const kept: T[] = [];
  for (let index = 0; index < albums.length; index++) {
    const album = albums[index]!;
    if (
      (!search || search(keys![index]!)) &&
      (!artist || keys![index]!.artist.includes(artist)) &&
      (!genre || (album.genre !== null && album.genre.toLocaleLowerCase().includes(genre))) &&
      matchesLending(album, lending, reminders) &&
      (!format || album.format === format) &&
      (minRating <= 0 || (album.rating !== null && album.rating >= minRating))
    )
      kept.push(album);
  }
  return kept;
}

const keptCollections = new WeakMap<object, Map<string, readonly Pick<AlbumListItem, 'collection'>[]>>();

/**
 * The albums of one collection (albums name their collection, docs/product/albums.md#fields), in the
 * order given; kept per list and collection.
 */
export function albumsInCollection<T extends Pick<AlbumListItem, 'collection'>>(albums: readonly T[], collection: string | null): readonly T[] {
  if (collection === null) return [];
  return keptPer(keptCollections, albums, collection, () => albums.filter((album) => album.collection === collection)) as readonly T[];
}

/**
 * Works out the home's order of a list just read (its collection's albums, then their sort; null:
 * All albums) before the render that shows it, each step in a task of its own after `pause`: the
 * render that takes over from the drawn home's head then finds both kept (app/mount-app.ts).
 */
export async function prepareHomeOrder(
  albums: readonly AlbumListItem[],
  collection: string | null,
  field: AlbumSortField,
  pause: () => Promise<void>,
): Promise<void> {
  await pause();
  sortCollator();
  await pause();
  const inCollection = collection === null ? albums : albumsInCollection(albums, collection);
  await pause();
  sortAlbums(inCollection, field);
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
