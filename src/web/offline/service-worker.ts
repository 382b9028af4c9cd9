import {
  APP_SHELL_PATH,
  KEEPABLE_HEADER,
  KEPT_COPY_MAX_AGE_MS,
  KEPT_DATA_CACHE,
  KEPT_READS,
  OFFLINE_COPY_HEADER,
  SHELF_MARKER_COOKIE,
  SHELF_MARKER_HEADER,
  keptAlbumId,
  shelfMarkerCookieName,
} from '../../common/offline-copy';
import {
  albumFromList,
  keptBelongsToSomeoneElse,
  keptCopyUsable,
  parseKeptMeta,
  requestRoute,
  shellCacheName,
  staleShellCaches,
  userIdOf,
  type KeptMeta,
} from './sw-rules';

/*
 * Spindle's service worker (the offline shelf: docs/product/offline.md#shelf). Built on its own by
 * scripts/build-service-worker.mjs into dist/web/sw.js, which writes the build's id and its shell
 * files in place of the two markers below. What it does, and what it never does, is in
 * docs/architecture.md ("Installable app and offline shelf").
 */

// The service worker's own global scope, typed here: the project compiles against the DOM library.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

interface CookieStore {
  get(name: string): Promise<{ value: string } | null>;
}

const scope = globalThis as unknown as WorkerScope & { cookieStore?: CookieStore };
const BUILD: string = '__SPINDLE_BUILD__';
const SHELL_FILES: string[] = ['__SPINDLE_SHELL_FILES__'];
const SHELL_CACHE = shellCacheName(BUILD);
const META_KEY = '/__spindle/kept-meta';
const ALBUMS = '/api/albums';

/**
 * Bumped whenever the kept data is cleared: a keep that started before (a read still on its way) must
 * not write the old user's answer back after a logout.
 */
let generation = 0;

/** Keeps and clears run one at a time: each reads and rewrites the meta entry, which must not interleave. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // `reload`: the files themselves, not what the browser's HTTP cache holds of an older build's page.
      await cache.addAll(SHELL_FILES.map((file) => new Request(file, { cache: 'reload' })));
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleShellCaches(await caches.keys(), BUILD).map((name) => caches.delete(name)));
      // The page's request starts while the worker boots: no delay for going through it online.
      await scope.registration.navigationPreload?.enable();
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; userId?: unknown } | null;
  if (data?.type === 'clear') event.waitUntil(clearKept());
  if (data?.type === 'keep' && typeof data.userId === 'number') event.waitUntil(refreshKept(data.userId));
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  switch (requestRoute(request, scope.location.origin)) {
    case 'navigate':
      return event.respondWith(navigate(event));
    case 'asset':
      return event.respondWith(asset(request));
    case 'kept-read':
      return event.respondWith(keptRead(event));
    case 'kept-album':
      return event.respondWith(keptAlbum(request));
    case 'pass':
      return;
  }
});

/** A page: the network's answer (never kept); without a network, the shell, which then reads the kept data. */
async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    const shell = await (await caches.open(SHELL_CACHE)).match(APP_SHELL_PATH);
    return shell ?? Response.error();
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await (await caches.open(SHELL_CACHE)).match(request);
  return cached ?? fetch(request);
}

async function readMeta(cache: Cache): Promise<KeptMeta | null> {
  const answer = await cache.match(META_KEY, { ignoreVary: true });
  return answer ? parseKeptMeta(await answer.json().catch(() => null)) : null;
}

const writeMeta = (cache: Cache, meta: KeptMeta) =>
  cache.put(META_KEY, new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }));

async function clearKept(): Promise<void> {
  generation++;
  await serially(() => caches.delete(KEPT_DATA_CACHE));
}

/**
 * The marker cookie the browser holds now (the page's session), or null: none, or a browser without
 * the Cookie Store API in workers, where no kept copy can be checked and so none is shown.
 */
async function currentMarker(): Promise<string | null> {
  const store = scope.cookieStore;
  if (!store) return null;
  for (const name of [shelfMarkerCookieName(true), SHELF_MARKER_COOKIE]) {
    const cookie = await store.get(name).catch(() => null);
    if (cookie?.value) return cookie.value;
  }
  return null;
}

/**
 * Keeps a marked answer to a kept read. The user's answer decides whose the copy is: another user's,
 * or another session's, kept data goes first. Every kept answer records that the server was reached;
 * an album list, kept or confirmed unchanged (304), dates the copy.
 */
function keep(path: string, answer: Response, started: number): Promise<void> {
  return serially(() => keepNow(path, answer, started));
}

async function keepNow(path: string, answer: Response, started: number): Promise<void> {
  if (started !== generation) return;
  const cache = await caches.open(KEPT_DATA_CACHE);
  let meta = await readMeta(cache);
  const marker = answer.headers.get(SHELF_MARKER_HEADER);
  const now = new Date().toISOString();
  if (path === KEPT_READS[0]) {
    const userId = userIdOf(await answer.clone().json().catch(() => null));
    if (userId === null || !marker) return;
    if (keptBelongsToSomeoneElse(meta, userId, marker)) {
      generation++;
      await caches.delete(KEPT_DATA_CACHE);
      return keepNow(path, answer, generation);
    }
    meta = { userId, marker, keptAt: meta?.keptAt ?? '', contactAt: now };
    await writeMeta(cache, meta);
  }
  if (!meta || started !== generation) return;
  // A 200 read with another session's marker is not this copy's (a 304 carries none: its read was this session's).
  if (answer.status === 200 && marker !== meta.marker) return;
  if (answer.status === 200) await cache.put(path, answer);
  await writeMeta(cache, { ...meta, contactAt: now, ...(path === ALBUMS ? { keptAt: now } : {}) });
}

/** A kept read: the network first; its 401 ends the kept copy; without a network, the kept copy marked as such. */
async function keptRead(event: FetchEvent): Promise<Response> {
  const path = new URL(event.request.url).pathname;
  const started = generation;
  let answer: Response;
  try {
    answer = await fetch(event.request);
  } catch {
    return (await keptAnswer(path)) ?? Response.error();
  }
  if (answer.status === 401) event.waitUntil(clearKept());
  else if (answer.status === 200 && answer.headers.get(KEEPABLE_HEADER) === '1') event.waitUntil(keep(path, answer.clone(), started));
  return answer;
}

/**
 * The kept answer to `path`, offline. Shown only while the browser holds the marker of the session
 * that kept it and the server was reached within KEPT_COPY_MAX_AGE_MS; otherwise the copy goes: the
 * next person at this browser after cookies were cleared, or after a month in a drawer, sees nothing.
 */
async function keptAnswer(path: string): Promise<Response | undefined> {
  const cache = await caches.open(KEPT_DATA_CACHE);
  const [kept, meta, marker] = await Promise.all([cache.match(path, { ignoreVary: true }), readMeta(cache), currentMarker()]);
  if (!keptCopyUsable(meta, marker, Date.now(), KEPT_COPY_MAX_AGE_MS)) {
    if (meta || kept) await clearKept();
    return undefined;
  }
  if (!kept || !meta) return undefined;
  const headers = new Headers(kept.headers);
  // The kept body is the decoded one: the network's length and encoding no longer describe it.
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set(OFFLINE_COPY_HEADER, meta.keptAt);
  return new Response(kept.body, { status: 200, headers });
}

/** One album: the network's answer, or offline the one in the kept list. */
async function keptAlbum(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const id = keptAlbumId(new URL(request.url).pathname);
    const list = await keptAnswer(ALBUMS);
    const album = id === null || !list ? undefined : albumFromList(await list.json().catch(() => null), id);
    if (!album || !list) return Response.error();
    const headers = new Headers({ 'content-type': 'application/json', [OFFLINE_COPY_HEADER]: list.headers.get(OFFLINE_COPY_HEADER) ?? '' });
    return new Response(JSON.stringify(album), { status: 200, headers });
  }
}

/**
 * The page asks for this once it is idle, signed in as `userId`: the home on a drawn page reads the
 * album list in slices, which are not kept, so the whole list is read here; unchanged, it costs a 304.
 */
async function refreshKept(userId: number): Promise<void> {
  if (keptBelongsToSomeoneElse(await readMeta(await caches.open(KEPT_DATA_CACHE)), userId, null)) await clearKept();
  for (const path of KEPT_READS) {
    const started = generation;
    const kept = path === ALBUMS ? await (await caches.open(KEPT_DATA_CACHE)).match(path, { ignoreVary: true }) : undefined;
    const etag = kept?.headers.get('etag');
    let answer: Response;
    try {
      answer = await fetch(path, { credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) } });
    } catch {
      return;
    }
    if (answer.status === 401) return clearKept();
    if (answer.status === 304 || (answer.status === 200 && answer.headers.get(KEEPABLE_HEADER) === '1')) await keep(path, answer, started);
    else return;
  }
}
