/**
 * The offline shelf (docs/product/offline.md#shelf): what a signed-in user's browser may keep of their
 * data for reading without a network, shared by the server (which marks the answers that may be kept),
 * the service worker (which keeps and serves them) and the app (which shows that it is reading a copy).
 */

/**
 * The reads the home makes, and the wish list the record check reads offline
 * (docs/product/record-check.md#offline), kept as the device's offline copy. Exact paths, never with a
 * query. The album list is the one that dates the copy.
 */
export const KEPT_READS = ['/api/user', '/api/collections', '/api/albums', '/api/wishlist'] as const;

/**
 * Set by the server on an answer the device may keep: a 200 to a GET of a kept read, for a signed-in
 * user, that sets no cookie. The service worker keeps nothing without it (it cannot see Set-Cookie).
 */
export const KEEPABLE_HEADER = 'spindle-keepable';

/**
 * The offline shelf's marker: a cookie the page's scripts and the service worker can read (not
 * HttpOnly), set beside the session cookie and derived from the session by a one-way hash, so it says
 * which session kept a copy without being able to stand in for it. Over https it carries the
 * `__Host-` prefix like the session cookie.
 */
export const SHELF_MARKER_COOKIE = 'spindle_shelf';
export const shelfMarkerCookieName = (secure: boolean): string => (secure ? `__Host-${SHELF_MARKER_COOKIE}` : SHELF_MARKER_COOKIE);

/** Set by the server on a keepable answer: the marker of the session it was read with, which the kept copy is tagged with. */
export const SHELF_MARKER_HEADER = 'spindle-shelf';

/**
 * A kept copy goes once the device has not reached the server for this long: a device left offline
 * (or lent, or sold) does not show the collection for ever.
 */
export const KEPT_COPY_MAX_AGE_MS = 30 * 86_400_000;

/** Set by the service worker on an answer it served from the kept copy: when that copy was kept (ISO time). */
export const OFFLINE_COPY_HEADER = 'spindle-offline-copy';

/** Where the app's shell (index.html, neither drawn nor marked signed out) is served for the service worker. */
export const APP_SHELL_PATH = '/app-shell.html';

/** The service worker's script, at the root so that its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The Cache Storage cache that holds the kept data of the one signed-in user (the shell's caches are versioned apart). */
export const KEPT_DATA_CACHE = 'spindle-kept-data';

/** Whether a GET of this path and query is one of the kept reads. */
export function isKeptRead(pathname: string, search: string): boolean {
  return search === '' && (KEPT_READS as readonly string[]).includes(pathname);
}

/** The id of GET /api/albums/{id}, which the service worker answers from the kept list when offline; else null. */
export function keptAlbumId(pathname: string): number | null {
  const match = /^\/api\/albums\/(\d{1,10})$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
