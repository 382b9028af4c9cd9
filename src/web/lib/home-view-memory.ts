import { HOME_VIEW_COOKIE, STORAGE_KEYS } from '../../common/constants';
import { normalizeHomeView, serializeHomeView, type HomeView } from '../../common/home-view';
import { localStore } from './storage';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The sort, filters and grid or list view as this device last stored them, in the one spelling the
 * server also uses (common/home-view.ts): a reload finds the home as the collector left it.
 */
export const readStoredHomeView = (): string => normalizeHomeView(localStore.get(STORAGE_KEYS.homeView));

/**
 * Keeps the view in localStorage and in a cookie the server reads, so the next visit's server-drawn
 * home is drawn with the same sort, filters and layout (and the browser can take that drawing over).
 */
export function rememberView(next: HomeView): void {
  const raw = serializeHomeView(next);
  if (raw === localStore.get(STORAGE_KEYS.homeView)) return;
  localStore.set(STORAGE_KEYS.homeView, raw);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${HOME_VIEW_COOKIE}=${encodeURIComponent(raw)}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax${secure}`;
}

/**
 * How far the grid was scrolled when the home was last left, per collection, for the life of the
 * page: coming back (Back, the browser's Back) finds the same albums on screen.
 */
let scroll: { collection: string; y: number } | null = null;

/** Where the grid of `collection` was scrolled to when the home was last left, if it was that one. */
export function rememberedScroll(collection: string): number | undefined {
  return scroll?.collection === collection && scroll.y > 0 ? scroll.y : undefined;
}

export function rememberScroll(collection: string, y: number): void {
  scroll = { collection, y };
}

/**
 * Where the home opens after an action elsewhere, instead of the kept scroll: after a save, on the
 * album saved (the collector wants to see it); after a delete, an import or the header's home link,
 * at the top (the kept position belongs to a page that has changed under it).
 */
export type HomeArrival = { kind: 'top' } | { kind: 'album'; id: number };
let arrival: HomeArrival | null = null;

export function arriveHomeAt(next: HomeArrival): void {
  arrival = next;
  scroll = null;
}

/** The arrival set for the next home, if any (read during render: no change here). */
export const peekHomeArrival = (): HomeArrival | null => arrival;

/** Once the home has taken `taken` in: it applies once. */
export function clearHomeArrival(taken: HomeArrival): void {
  if (arrival === taken) arrival = null;
}
