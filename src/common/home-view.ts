/**
 * What the collector chose on the collection home — the sort, the filters and grid or list — kept
 * on this device across reloads (localStorage, with a cookie copy so the server draws the home the
 * same way). Shared by the server, which reads the cookie, and the browser, which writes both. Stored
 * values come back from the browser, so they are read leniently: anything unknown becomes the default.
 */
import { RATING_MAX, RATING_MIN } from './album-rating.js';
import { isAlbumFormat, type AlbumFormat } from './album-formats.js';

export const HOME_SORT_FIELDS = ['title', 'artist', 'genre', 'addedAt', 'releaseYear', 'label', 'rating'] as const;
export const HOME_LENDING_FILTERS = ['all', 'lent', 'overdue'] as const;
export const HOME_LAYOUTS = ['grid', 'list'] as const;

export type HomeSortField = (typeof HOME_SORT_FIELDS)[number];
export type HomeLendingFilter = (typeof HOME_LENDING_FILTERS)[number];
export type HomeLayout = (typeof HOME_LAYOUTS)[number];

export interface HomeView {
  sortBy: HomeSortField;
  layout: HomeLayout;
  /** format: one of ALBUM_FORMATS or '' for any; minRating: 1 to 5 stars and up, 0 for any. */
  filters: { artist: string; genre: string; lending: HomeLendingFilter; search: string; format: AlbumFormat | ''; minRating: number };
}

/** A filter's text beyond this is not kept: the cookie must stay small, and nobody types that much. */
export const HOME_VIEW_MAX_TEXT = 100;

export const DEFAULT_HOME_VIEW: HomeView = { sortBy: 'title', layout: 'grid', filters: { artist: '', genre: '', lending: 'all', search: '', format: '', minRating: 0 } };

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const format = (value: unknown): AlbumFormat | '' => (typeof value === 'string' && isAlbumFormat(value) ? value : '');

const minRating = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX ? value : 0;

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, HOME_VIEW_MAX_TEXT) : '');

/** The stored view as written by serializeHomeView, or the default for anything else. */
export function parseHomeView(raw: string | null | undefined): HomeView {
  if (!raw || raw.length > 2048) return DEFAULT_HOME_VIEW;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_HOME_VIEW;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_HOME_VIEW;
  const stored = value as Record<string, unknown>;
  const filters = (typeof stored.filters === 'object' && stored.filters !== null ? stored.filters : {}) as Record<string, unknown>;
  return {
    sortBy: pick(HOME_SORT_FIELDS, stored.sortBy, 'title'),
    layout: pick(HOME_LAYOUTS, stored.layout, 'grid'),
    filters: {
      artist: text(filters.artist),
      genre: text(filters.genre),
      lending: pick(HOME_LENDING_FILTERS, filters.lending, 'all'),
      search: text(filters.search),
      format: format(filters.format),
      minRating: minRating(filters.minRating),
    },
  };
}

/** One spelling per view (fixed key order), so the server's copy and the browser's compare as text. */
export function serializeHomeView(view: HomeView): string {
  const { sortBy, layout, filters } = view;
  return JSON.stringify({
    sortBy,
    layout,
    filters: { artist: text(filters.artist), genre: text(filters.genre), lending: filters.lending, search: text(filters.search), format: format(filters.format), minRating: minRating(filters.minRating) },
  });
}

/** The stored text made canonical: what the server drew with and what the browser must agree on. */
export const normalizeHomeView = (raw: string | null | undefined): string => serializeHomeView(parseHomeView(raw));

/**
 * docs/product/collections.md#filters: the sort and filters in the home's address, beside
 * `collection`, so a link or a bookmark opens the same view. Short names; a default is left out.
 */
const URL_KEYS = { sortBy: 'sort', search: 'q', artist: 'artist', genre: 'genre', lending: 'lending', format: 'format', minRating: 'rating' } as const;

/** The address's parameters the view owns (the rest, such as `collection`, belong to others). */
export const HOME_VIEW_URL_PARAMS: readonly string[] = Object.values(URL_KEYS);

/** The view with whatever the address sets laid over it (the address wins; anything unknown is ignored). */
export function applyHomeViewSearch(view: HomeView, search: string): HomeView {
  const params = new URLSearchParams(search);
  const get = (key: string) => params.get(key) ?? undefined;
  const rating = get(URL_KEYS.minRating);
  return parseHomeView(
    JSON.stringify({
      sortBy: get(URL_KEYS.sortBy) ?? view.sortBy,
      layout: view.layout,
      filters: {
        artist: get(URL_KEYS.artist) ?? view.filters.artist,
        genre: get(URL_KEYS.genre) ?? view.filters.genre,
        lending: get(URL_KEYS.lending) ?? view.filters.lending,
        search: get(URL_KEYS.search) ?? view.filters.search,
        format: get(URL_KEYS.format) ?? view.filters.format,
        minRating: rating === undefined ? view.filters.minRating : Number(rating),
      },
    }),
  );
}

/** `search` (an address's query, without "?") with the view's sort and filters in it and every other parameter kept. */
export function withHomeViewSearch(search: string, view: Pick<HomeView, 'sortBy' | 'filters'>): string {
  const params = new URLSearchParams(search);
  for (const key of Object.values(URL_KEYS)) params.delete(key);
  const { filters } = view;
  const set = (key: string, value: string, fallback: string) => {
    if (value.trim() !== fallback) params.set(key, value);
  };
  set(URL_KEYS.sortBy, view.sortBy, DEFAULT_HOME_VIEW.sortBy);
  set(URL_KEYS.search, filters.search, '');
  set(URL_KEYS.artist, filters.artist, '');
  set(URL_KEYS.genre, filters.genre, '');
  set(URL_KEYS.lending, filters.lending, 'all');
  set(URL_KEYS.format, filters.format, '');
  set(URL_KEYS.minRating, String(filters.minRating), '0');
  return params.toString();
}
