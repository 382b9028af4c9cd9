/**
 * What the collector chose on the collection home — the sort, the filters and grid or list — kept
 * on this device across reloads (localStorage, with a cookie copy so the server draws the home the
 * same way). Shared by the server, which reads the cookie, and the browser, which writes both. Stored
 * values come back from the browser, so they are read leniently: anything unknown becomes the default.
 */
export const HOME_SORT_FIELDS = ['title', 'artist', 'genre'] as const;
export const HOME_LENDING_FILTERS = ['all', 'lent', 'overdue'] as const;
export const HOME_LAYOUTS = ['grid', 'list'] as const;

export type HomeSortField = (typeof HOME_SORT_FIELDS)[number];
export type HomeLendingFilter = (typeof HOME_LENDING_FILTERS)[number];
export type HomeLayout = (typeof HOME_LAYOUTS)[number];

export interface HomeView {
  sortBy: HomeSortField;
  layout: HomeLayout;
  filters: { artist: string; genre: string; lending: HomeLendingFilter; search: string };
}

/** A filter's text beyond this is not kept: the cookie must stay small, and nobody types that much. */
export const HOME_VIEW_MAX_TEXT = 100;

export const DEFAULT_HOME_VIEW: HomeView = { sortBy: 'title', layout: 'grid', filters: { artist: '', genre: '', lending: 'all', search: '' } };

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

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
    },
  };
}

/** One spelling per view (fixed key order), so the server's copy and the browser's compare as text. */
export function serializeHomeView(view: HomeView): string {
  const { sortBy, layout, filters } = view;
  return JSON.stringify({
    sortBy,
    layout,
    filters: { artist: text(filters.artist), genre: text(filters.genre), lending: filters.lending, search: text(filters.search) },
  });
}

/** The stored text made canonical: what the server drew with and what the browser must agree on. */
export const normalizeHomeView = (raw: string | null | undefined): string => serializeHomeView(parseHomeView(raw));
