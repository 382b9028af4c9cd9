import { isKeptRead, keptAlbumId } from '../../common/offline-copy';

/*
 * The service worker's decisions as pure functions (unit-tested in sw-rules.test.ts); the worker
 * itself (service-worker.ts) only wires them to the Cache Storage and fetch.
 */

const SHELL_CACHE_PREFIX = 'spindle-shell-';

/** The cache that holds one build's shell: a new build installs beside it and removes the old one when it takes over. */
export const shellCacheName = (build: string) => `${SHELL_CACHE_PREFIX}${build}`;

/** The shell caches of other builds, to delete once this build's worker is active (no mix of old HTML and new chunks). */
export const staleShellCaches = (names: readonly string[], build: string): string[] =>
  names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== shellCacheName(build));

/**
 * What the worker does with a request:
 * - `navigate`: a page load; the network's answer, or offline the cached shell (pages are never kept);
 * - `asset`: a hashed build file, from the shell cache when it has it;
 * - `kept-read`: one of the home's reads or the wish list; the network's answer (kept when the server marked it), offline the kept copy;
 * - `kept-album`: one album; the network's, offline from the kept list;
 * - `pass`: not touched at all (every write, other API calls, other origins, share pages' data, admin, exports).
 */
export type RequestRoute = 'navigate' | 'asset' | 'kept-read' | 'kept-album' | 'pass';

export function requestRoute(request: { method: string; url: string; mode: string }, origin: string): RequestRoute {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  if (url.pathname.startsWith('/api/')) {
    if (isKeptRead(url.pathname, url.search)) return 'kept-read';
    return keptAlbumId(url.pathname) !== null && url.search === '' ? 'kept-album' : 'pass';
  }
  if (request.mode === 'navigate') return 'navigate';
  return url.pathname.startsWith('/assets/') ? 'asset' : 'pass';
}

/** The album `id` from a kept album list (GET /api/albums's answer), or undefined. */
export function albumFromList(list: unknown, id: number): unknown {
  if (!Array.isArray(list)) return undefined;
  return list.find((album: unknown) => typeof album === 'object' && album !== null && (album as { id?: unknown }).id === id);
}

/** The user id of a GET /api/user answer, or null when it has none. */
export function userIdOf(body: unknown): number | null {
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * What the worker keeps beside the data: whose it is, the marker of the session that read it, when
 * the album list was last confirmed (shown in the offline notice) and when the server last answered.
 */
export interface KeptMeta {
  userId: number;
  marker: string;
  keptAt: string;
  contactAt: string;
}

/** The meta entry, or null: one written before kept copies carried a marker counts as none (it is never shown). */
export function parseKeptMeta(value: unknown): KeptMeta | null {
  if (typeof value !== 'object' || value === null) return null;
  const { userId, marker, keptAt, contactAt } = value as Partial<KeptMeta>;
  return typeof userId === 'number' && typeof marker === 'string' && marker !== '' && typeof keptAt === 'string' && typeof contactAt === 'string'
    ? { userId, marker, keptAt, contactAt }
    : null;
}

/** Whether the kept data must go before keeping an answer for `userId` read with `marker`: another user's or another session's. */
export const keptBelongsToSomeoneElse = (meta: KeptMeta | null, userId: number, marker: string | null): boolean =>
  meta !== null && (meta.userId !== userId || (marker !== null && meta.marker !== marker));

/**
 * Whether the kept copy may be shown offline: the browser still holds the marker of the session that
 * kept it (cleared cookies, a sign-out, or a server that said the session ended take it away), and the
 * server answered within `maxAgeMs`.
 */
export function keptCopyUsable(meta: KeptMeta | null, currentMarker: string | null, now: number, maxAgeMs: number): boolean {
  if (!meta || currentMarker === null || currentMarker !== meta.marker) return false;
  const contact = Date.parse(meta.contactAt);
  return Number.isFinite(contact) && now - contact <= maxAgeMs;
}
