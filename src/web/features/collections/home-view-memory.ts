import { NO_FILTERS, type AlbumFilters, type AlbumSortField } from './album-view';

/**
 * What the collection home showed when the user left it for an album (issue 9, item 13): the
 * filters, the sort and, per collection, how far the grid was scrolled. Kept in memory for the
 * life of the page only: a reload starts afresh, as the server draws the home (and the browser
 * hydrates it) without filters.
 */
export interface HomeView {
  filters: AlbumFilters;
  sortBy: AlbumSortField;
}

let view: HomeView = { filters: NO_FILTERS, sortBy: 'title' };
let scroll: { collection: string; y: number } | null = null;

export const rememberedView = (): HomeView => view;

export function rememberView(next: HomeView): void {
  view = next;
}

/** Where the grid of `collection` was scrolled to when the home was last left, if it was that one. */
export function rememberedScroll(collection: string): number | undefined {
  return scroll?.collection === collection && scroll.y > 0 ? scroll.y : undefined;
}

export function rememberScroll(collection: string, y: number): void {
  scroll = { collection, y };
}

/** Tests only. */
export function forgetHomeView(): void {
  view = { filters: NO_FILTERS, sortBy: 'title' };
  scroll = null;
}
