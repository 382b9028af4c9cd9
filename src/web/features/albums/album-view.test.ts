import { describe, expect, it } from 'vitest';
import type { Album } from '../../../common/albums.schemas';
import { albumFixture } from '../../test/album-fixture';
import {
  albumCountText,
  albumsInCollection,
  conditionCode,
  filterAlbums,
  formatUsd,
  hasFilters,
  NO_FILTERS,
  prepareHomeOrder,
  prepareSearchKeys,
  sortAlbums,
  sortingText,
  totalPriceCents,
} from './album-view';

const album = (fields: Partial<Album>): Album => albumFixture({ title: 'Untitled', artist: 'Unknown', ...fields });

const kind = album({ title: 'Kind of Blue', artist: 'Miles Davis', genre: 'Jazz', price: 24.99 });
const abbey = album({ title: 'abbey road', artist: 'The Beatles', genre: 'Rock', price: 19.5 });
const noGenre = album({ title: 'A Love Supreme', artist: 'John Coltrane', genre: null, price: null });
const blank = album({ title: 'Blue Train', artist: 'John Coltrane', genre: '  ', price: 0.1 });
const soul = album({ title: 'Blue', artist: 'Joni Mitchell', genre: 'Folk', price: 0.2, collection: 'Folk' });

const REMINDERS = { days: 30, today: '2026-03-31' };

describe('filter (docs/product/collections.md#filters: artist and genre are case-insensitive substring matches)', () => {
  const all = [kind, abbey, noGenre, blank, soul];

  it('matches part of the artist in any case', () => {
    expect(filterAlbums(all, { artist: 'COLTR', genre: '', lending: 'all' }, REMINDERS)).toEqual([noGenre, blank]);
    expect(filterAlbums(all, { artist: 'beat', genre: '', lending: 'all' }, REMINDERS)).toEqual([abbey]);
  });

  it('matches part of the genre in any case; an album without a genre never matches a genre filter', () => {
    expect(filterAlbums(all, { artist: '', genre: 'ZZ', lending: 'all' }, REMINDERS)).toEqual([kind]);
    expect(filterAlbums(all, { artist: '', genre: 'o', lending: 'all' }, REMINDERS)).toEqual([abbey, soul]);
  });

  it('the search matches part of the title or of the artist in any case, with the other filters', () => {
    expect(filterAlbums(all, { artist: '', genre: '', lending: 'all', search: 'BLUE' }, REMINDERS)).toEqual([kind, blank, soul]);
    expect(filterAlbums(all, { artist: '', genre: '', lending: 'all', search: 'beatles' }, REMINDERS)).toEqual([abbey]);
    expect(filterAlbums(all, { artist: 'joni', genre: '', lending: 'all', search: 'blue' }, REMINDERS)).toEqual([soul]);
    expect(filterAlbums(all, { artist: '', genre: '', lending: 'all', search: '  ' }, REMINDERS)).toBe(all);
    expect(hasFilters({ artist: '', genre: '', lending: 'all', search: 'x' })).toBe(true);
  });

  it('an edited album is searched by what it says now, not by the keys of the copy before the edit', () => {
    const search = (albums: Album[], text: string) => filterAlbums(albums, { ...NO_FILTERS, search: text }, REMINDERS);
    expect(search([kind], 'blue')).toEqual([kind]);
    const edited = { ...kind, title: 'Sketches of Spain', catalogNumber: 'CL 1480' };
    expect(search([edited], 'blue')).toEqual([]);
    expect(search([edited], 'SPAIN')).toEqual([edited]);
    expect(search([edited], 'cl-1480')).toEqual([edited]);
    expect(filterAlbums([edited], { ...NO_FILTERS, artist: 'MILES' }, REMINDERS)).toEqual([edited]);
  });

  it('keys made ahead while the page is idle give the same answers as keys made at the first search', async () => {
    const fresh = [kind, abbey, noGenre, blank, soul].map((one) => ({ ...one }));
    const stop = prepareSearchKeys(fresh);
    await new Promise((resolve) => setTimeout(resolve, 120));
    stop();
    expect(filterAlbums(fresh, { ...NO_FILTERS, search: 'BLUE' }, REMINDERS)).toEqual([fresh[0], fresh[3], fresh[4]]);
    expect(filterAlbums(fresh, { ...NO_FILTERS, search: 'beatles' }, REMINDERS)).toEqual([fresh[1]]);
  });

  it('the search rehearsed while idle over the first thousand albums leaves every later search right, past the thousandth too', async () => {
    const many = Array.from({ length: 1200 }, (_, index) => album({ id: index + 1, title: `Record ${index + 1}`, artist: index === 1100 ? 'Alice Coltrane' : 'Someone' }));
    const stop = prepareSearchKeys(many);
    await new Promise((resolve) => setTimeout(resolve, 250));
    stop();
    expect(filterAlbums(many, { ...NO_FILTERS, search: 'coltrane' }, REMINDERS)).toEqual([many[1100]]);
    expect(filterAlbums(many, { ...NO_FILTERS, search: 'record 1200' }, REMINDERS)).toEqual([many[1199]]);
    expect(filterAlbums(many, { ...NO_FILTERS, search: '\u0001' }, REMINDERS)).toEqual([]);
  });

  it('both filters must match', () => {
    expect(filterAlbums(all, { artist: 'davis', genre: 'rock', lending: 'all' }, REMINDERS)).toEqual([]);
    expect(filterAlbums(all, { artist: 'davis', genre: 'jazz', lending: 'all' }, REMINDERS)).toEqual([kind]);
  });

  it('blank filters are no filters and keep the same list', () => {
    expect(filterAlbums(all, { artist: '  ', genre: '', lending: 'all' }, REMINDERS)).toBe(all);
    expect(hasFilters({ artist: ' ', genre: '', lending: 'all' })).toBe(false);
    expect(hasFilters({ artist: '', genre: 'jazz', lending: 'all' })).toBe(true);
  });

  it('surrounding spaces in a filter are ignored', () => {
    expect(filterAlbums(all, { artist: ' miles ', genre: '', lending: 'all' }, REMINDERS)).toEqual([kind]);
  });
});

describe('the lent out filter (docs/product/loans.md#filter: all, lent out, overdue, with the artist and genre filters)', () => {
  const out30 = album({ title: 'Out 30 days', artist: 'Miles Davis', isLent: true, lentTo: 'Sam', lentDate: '2026-03-01' });
  const out31 = album({ title: 'Out 31 days', artist: 'Nina Simone', isLent: true, lentTo: 'Kim', lentDate: '2026-02-28' });
  const undated = album({ title: 'Out, no date', artist: 'Miles Davis', isLent: true, lentTo: 'Jo', lentDate: null });
  const all = [kind, out30, abbey, out31, undated];

  it('lent out keeps every lent album, in the given (sorted) order', () => {
    expect(filterAlbums(all, { artist: '', genre: '', lending: 'lent' }, REMINDERS)).toEqual([out30, out31, undated]);
  });

  it('overdue keeps only albums lent longer than the reminder days: day 31 of a 30-day reminder, not day 30', () => {
    expect(filterAlbums(all, { artist: '', genre: '', lending: 'overdue' }, REMINDERS)).toEqual([out31]);
    expect(filterAlbums(all, { artist: '', genre: '', lending: 'overdue' }, { days: 29, today: '2026-03-31' })).toEqual([out30, out31]);
    expect(filterAlbums(all, { artist: '', genre: '', lending: 'overdue' }, { days: 30, today: '2026-04-01' })).toEqual([out30, out31]);
  });

  it('works together with the artist filter', () => {
    expect(filterAlbums(all, { artist: 'miles', genre: '', lending: 'lent' }, REMINDERS)).toEqual([out30, undated]);
    expect(filterAlbums(all, { artist: 'miles', genre: '', lending: 'overdue' }, REMINDERS)).toEqual([]);
  });

  it('is a filter: Clear is offered while it is set', () => {
    expect(hasFilters({ artist: '', genre: '', lending: 'lent' })).toBe(true);
    expect(hasFilters({ artist: '', genre: '', lending: 'overdue' })).toBe(true);
  });
});

describe('sort (docs/product/collections.md#filters: by title, artist or genre; albums with no genre sort last)', () => {
  const all = [soul, noGenre, kind, blank, abbey];

  it('by title, case-insensitive', () => {
    expect(sortAlbums(all, 'title').map((a) => a.title)).toEqual(['A Love Supreme', 'abbey road', 'Blue', 'Blue Train', 'Kind of Blue']);
  });

  it('by artist ("The Beatles" under B), then title', () => {
    expect(sortAlbums(all, 'artist').map((a) => a.title)).toEqual(['abbey road', 'A Love Supreme', 'Blue Train', 'Blue', 'Kind of Blue']);
  });

  it('by genre, with albums without a genre (missing or blank) last', () => {
    const sorted = sortAlbums(all, 'genre');
    expect(sorted.map((a) => a.genre)).toEqual(['Folk', 'Jazz', 'Rock', null, '  ']);
    expect(sorted.slice(3).map((a) => a.title)).toEqual(['A Love Supreme', 'Blue Train']);
  });

  it('does not change the list it is given', () => {
    const copy = [...all];
    sortAlbums(all, 'genre');
    expect(all).toEqual(copy);
  });

  it('equal titles keep the order they were added in', () => {
    const first = album({ title: 'Greatest Hits', artist: 'Same' });
    const second = album({ title: 'greatest hits', artist: 'same' });
    expect(sortAlbums([second, first], 'title')).toEqual([first, second]);
  });
});

describe('the sort\'s reading of names (docs/product/collections.md#filters: leading punctuation and "The " do not count)', () => {
  it('drops leading punctuation and a leading "The "', () => {
    expect(sortingText('...And Justice for All')).toBe('And Justice for All');
    expect(sortingText('The Beatles')).toBe('Beatles');
    expect(sortingText('Theatre of Tragedy')).toBe('Theatre of Tragedy');
    expect(sortingText('The')).toBe('The');
    expect(sortingText('!!!')).toBe('!!!');
  });

  it('keeps a plain name as it is, and still trims and drops "the " in any case', () => {
    expect(sortingText('Abbey Road')).toBe('Abbey Road');
    expect(sortingText('4AD Sampler')).toBe('4AD Sampler');
    expect(sortingText('Abbey Road ')).toBe('Abbey Road');
    expect(sortingText('Abbey Road\u00a0')).toBe('Abbey Road');
    expect(sortingText('the Cure')).toBe('Cure');
    expect(sortingText('THE\tWho')).toBe('Who');
    expect(sortingText('Ágætis byrjun')).toBe('Ágætis byrjun');
    expect(sortingText('  "Heroes"')).toBe('Heroes"');
  });

  it('sorts "...And Justice for All" under A, "The Beatles" under B, and numbers in natural order', () => {
    const titles = ['Vol. 10', 'The Beatles', '...And Justice for All', 'Vol. 2', 'Carpenters', '(What\'s the Story) Morning Glory?'];
    const sorted = sortAlbums(titles.map((title) => album({ title })), 'title').map((a) => a.title);
    expect(sorted).toEqual(['...And Justice for All', 'The Beatles', 'Carpenters', 'Vol. 2', 'Vol. 10', '(What\'s the Story) Morning Glory?']);
  });
});

describe('the collector-grade sorts (docs/product/collections.md#filters: albums without the key sort last)', () => {
  const early = album({ title: 'Kind of Blue', artist: 'Miles Davis', releaseYear: 1959, label: 'Columbia', rating: 5, addedAt: '2024-03-01T10:00:00.000Z' });
  const late = album({ title: 'Bitches Brew', artist: 'Miles Davis', releaseYear: 1970, label: 'Columbia', rating: 3, addedAt: '2025-01-01T10:00:00.000Z' });
  const middle = album({ title: 'Abbey Road', artist: 'The Beatles', releaseYear: 1969, label: 'The Apple', rating: 4, addedAt: '2024-06-01T10:00:00.000Z' });
  const bare = album({ title: 'Untitled demo', artist: 'Aardvark', releaseYear: null, label: null, rating: null, addedAt: '2023-01-01T10:00:00.000Z' });
  const all = [bare, late, middle, early];
  const titles = (sorted: readonly Album[]) => sorted.map((a) => a.title);

  it('by artist keeps each artist\'s records in release-year order', () => {
    expect(titles(sortAlbums(all, 'artist'))).toEqual(['Untitled demo', 'Abbey Road', 'Kind of Blue', 'Bitches Brew']);
  });

  it('by date added, newest first', () => {
    expect(titles(sortAlbums(all, 'addedAt'))).toEqual(['Bitches Brew', 'Abbey Road', 'Kind of Blue', 'Untitled demo']);
  });

  it('by release year, oldest first, albums without a year last', () => {
    expect(titles(sortAlbums(all, 'releaseYear'))).toEqual(['Kind of Blue', 'Abbey Road', 'Bitches Brew', 'Untitled demo']);
  });

  it('by label ("The Apple" under A), then artist and year; albums without a label last', () => {
    expect(titles(sortAlbums(all, 'label'))).toEqual(['Abbey Road', 'Kind of Blue', 'Bitches Brew', 'Untitled demo']);
  });

  it('by rating, best first, unrated last', () => {
    expect(titles(sortAlbums(all, 'rating'))).toEqual(['Kind of Blue', 'Abbey Road', 'Bitches Brew', 'Untitled demo']);
  });

  it('albums added at the same moment keep the newest id first', () => {
    const a = album({ title: 'One', addedAt: '2024-01-01T00:00:00.000Z' });
    const b = album({ title: 'Two', addedAt: '2024-01-01T00:00:00.000Z' });
    expect(titles(sortAlbums([a, b], 'addedAt'))).toEqual(['Two', 'One']);
  });
});

describe('format, rating and the search over catalogue number and barcode (docs/product/collections.md#filters)', () => {
  const lp = album({ title: 'Rumours', artist: 'Fleetwood Mac', format: 'LP', rating: 4, catalogNumber: 'K 56344', barcode: '075992731324' });
  const box = album({ title: 'The Complete Sessions', artist: 'Miles Davis', format: 'Box Set', rating: 5, catalogNumber: 'CXK 65570' });
  const cd = album({ title: 'Blue', artist: 'Joni Mitchell', format: 'CD', rating: 2, barcode: '0 75992 74052 7' });
  const unknown = album({ title: 'Mystery', artist: 'Nobody' });
  const all = [lp, box, cd, unknown];
  const only = (filters: Partial<typeof NO_FILTERS>) => filterAlbums(all, { ...NO_FILTERS, ...filters }, REMINDERS);

  it('the format filter keeps that format only', () => {
    expect(only({ format: 'Box Set' })).toEqual([box]);
    expect(only({ format: '7"' })).toEqual([]);
    expect(hasFilters({ ...NO_FILTERS, format: 'CD' })).toBe(true);
  });

  it('the rating filter keeps albums with that many stars or more, never an unrated one', () => {
    expect(only({ minRating: 4 })).toEqual([lp, box]);
    expect(only({ minRating: 1 })).toEqual([lp, box, cd]);
    expect(only({ minRating: 5, format: 'LP' })).toEqual([]);
    expect(hasFilters({ ...NO_FILTERS, minRating: 3 })).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('the search finds a catalogue number in any case, spaces and dashes ignored', () => {
    expect(only({ search: 'k 56344' })).toEqual([lp]);
    expect(only({ search: 'K-56344' })).toEqual([lp]);
    expect(only({ search: 'cxk65570' })).toEqual([box]);
  });

  it('the search finds a barcode by its digits, spaces and dashes ignored', () => {
    expect(only({ search: '075992731324' })).toEqual([lp]);
    expect(only({ search: '0 7599-2731 324' })).toEqual([lp]);
    expect(only({ search: '075992740527' })).toEqual([cd]);
    expect(only({ search: '7599' })).toEqual([]);
  });
});

describe('the selected collection\'s albums, count and total price', () => {
  it('keeps the albums of the named collection only', () => {
    expect(albumsInCollection([kind, soul, abbey], 'Jazz')).toEqual([kind, abbey]);
    expect(albumsInCollection([kind, soul], null)).toEqual([]);
  });

  it('adds prices in cents, so dollars add up exactly; albums without a price count as nothing', () => {
    expect(totalPriceCents([blank, soul])).toBe(30);
    expect(totalPriceCents([kind, abbey, noGenre])).toBe(4449);
    expect(totalPriceCents([])).toBe(0);
  });

  it('money reads $1,234.56', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(30)).toBe('$0.30');
  });

  it('counts read naturally', () => {
    expect(albumCountText(1, 1)).toBe('1 album');
    expect(albumCountText(12, 12)).toBe('12 albums');
    expect(albumCountText(3, 10000)).toBe('3 of 10,000 albums');
  });

  it('a condition shows as its grading code', () => {
    expect(conditionCode('Very Good Plus (VG+)')).toBe('VG+');
    expect(conditionCode('Mint (M)')).toBe('M');
    expect(conditionCode(null)).toBeNull();
  });
});

describe('orders kept per list (the drawn home\'s list is ordered ahead of the render that shows it)', () => {
  it('the same list and sort, or the same list and collection, give the very same array; another list its own', () => {
    const all = [kind, abbey, noGenre, blank, soul];
    const sorted = sortAlbums(all, 'title');
    expect(sortAlbums(all, 'title')).toBe(sorted);
    expect(sortAlbums(all, 'artist')).not.toBe(sorted);
    expect(sortAlbums([...all], 'title')).not.toBe(sorted);
    expect(sortAlbums([...all], 'title')).toEqual(sorted);
    expect(albumsInCollection(all, 'Jazz')).toBe(albumsInCollection(all, 'Jazz'));
  });

  it('prepareHomeOrder leaves the collection and its sort kept, pausing between the steps', async () => {
    const all = [kind, abbey, noGenre, blank, soul];
    let pauses = 0;
    await prepareHomeOrder(all, 'Jazz', 'artist', async () => void pauses++);
    expect(pauses).toBeGreaterThanOrEqual(2);
    const jazz = albumsInCollection(all, 'Jazz');
    expect(jazz.map((a) => a.title)).toEqual(['Kind of Blue', 'abbey road', 'A Love Supreme', 'Blue Train']);
    const before = sortAlbums(jazz, 'artist');
    expect(before.map((a) => a.title)).toEqual(['abbey road', 'A Love Supreme', 'Blue Train', 'Kind of Blue']);
    const everything = [...all];
    await prepareHomeOrder(everything, null, 'title', async () => undefined);
    expect(sortAlbums(everything, 'title').map((a) => a.title)).toEqual(['A Love Supreme', 'abbey road', 'Blue', 'Blue Train', 'Kind of Blue']);
  });
});
