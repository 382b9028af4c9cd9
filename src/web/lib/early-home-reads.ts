import { ALBUM_LIST_TOTAL_HEADER } from '../../common/constants';
import { readJson } from './api-client';
import { API } from './api-paths';

/*
 * The collection home's two reads (collections and albums), asked for as the app starts on the
 * home's paths, beside the session lookup instead of after it: the first album cards show sooner (as
 * the home's render benchmark measured). On a page the server drew, main.tsx asks for them, and for
 * the user, once the drawing is on screen; the hydration reads them (app/mount-app.ts). A read's
 * first use takes the early answer if it is a success and fresh; anything else (a 401 for a visitor,
 * a 402, a network error, or none at all) falls back to the normal read, with its handling of those
 * cases.
 *
 * A success's body is read and parsed as soon as it arrives, not when the page first asks for it:
 * draining 3.5 MB of albums from the network takes many small main-thread tasks, which then fit in
 * the gaps of the app's start instead of following it.
 */
const MAX_AGE_MS = 10_000;
const early = new Map<string, { at: number; json: Promise<unknown> }>();

/** Albums per slice of the early album read: about 370 KB of JSON each. */
export const ALBUM_SLICE = 1000;
/** Slices of the album list asked for at once. */
const SLICES_IN_FLIGHT = 2;

const read = (url: string) => fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });

/** The tag of the whole list a slice's answer came from (its ETag without the slice). */
const listTag = (response: Response) => response.headers.get('etag')?.replace(/:\d+:\d+"$/, '"') ?? null;

/**
 * The album list read in slices (GET /api/albums?offset=&limit=) and put back together: the browser
 * takes in each answer in main-thread tasks of its own, and one answer of 3.5 MB (10,000 albums) was
 * a long one (blocking time). Undefined unless every slice answered and all come from one version of the
 * list (a write between them): the normal read then takes over. An answer without the list's length
 * is the whole list.
 */
async function readAlbumsInSlices(): Promise<unknown> {
  const first = await read(`${API.albums}?offset=0&limit=${ALBUM_SLICE}`);
  if (!first.ok) return undefined;
  const total = Number(first.headers.get(ALBUM_LIST_TOTAL_HEADER) ?? Number.NaN);
  const firstSlice = readJson<unknown>(first);
  if (!Number.isInteger(total) || total <= ALBUM_SLICE) return firstSlice;
  const tag = listTag(first);
  if (tag === null) return undefined;
  const offsets: number[] = [];
  for (let offset = ALBUM_SLICE; offset < total; offset += ALBUM_SLICE) offsets.push(offset);
  const readSlice = (offset: number) =>
    read(`${API.albums}?offset=${offset}&limit=${ALBUM_SLICE}`).then((response) =>
      response.ok && listTag(response) === tag ? readJson<unknown>(response) : undefined,
    );
  // At most SLICES_IN_FLIGHT at a time. All twenty of 20,000 albums at once kept the browser's network
  // work and the server's on both cores while the page was taken over, and the main thread's tasks took
  // three to twenty times their CPU time: Lighthouse's first visit 85 (median of five) against 88 with
  // two in flight and 90 with one; on a slow network one at a time took the takeover 2.5 s later, two
  // about 1 s (docs/product/limits.md).
  const rest: Promise<unknown>[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let index = next++; index < offsets.length; index = next++) {
      const slice = readSlice(offsets[index]!);
      rest[index] = slice;
      await slice.catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SLICES_IN_FLIGHT, offsets.length) }, lane));
  const slices = await Promise.all([firstSlice, ...rest]);
  const albums: unknown[] = [];
  for (const slice of slices) {
    if (!Array.isArray(slice)) return undefined;
    for (const album of slice) albums.push(album);
  }
  return albums.length === total ? albums : undefined;
}

const readEarly = (url: string): Promise<unknown> =>
  url === API.albums
    ? readAlbumsInSlices()
    : read(url).then((response) => (response.ok ? readJson<unknown>(response) : undefined));

/** Starts the reads of `urls` not already under way (a fresh one is not asked twice). */
export function startEarlyReads(urls: readonly string[]): void {
  for (const url of urls) {
    const current = early.get(url);
    if (current && Date.now() - current.at <= MAX_AGE_MS) continue;
    early.set(url, { at: Date.now(), json: readEarly(url).catch(() => undefined) });
  }
}

/** A deferred read starts by itself after this long, whatever holds it back. */
const DEFERRED_START_MS = 10_000;
const deferred: (() => void)[] = [];

const preparers = new Map<string, (answer: unknown) => Promise<void>>();

/**
 * Registers the read of `url` now and starts it at releaseDeferredReads() (or after
 * DEFERRED_START_MS): a first use meanwhile waits for it instead of reading on its own. The drawn
 * home's album list is read so, after the takeover.
 */
export function deferEarlyRead(url: string): void {
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const timer = setTimeout(start, DEFERRED_START_MS);
  deferred.push(() => {
    clearTimeout(timer);
    start();
  });
  const json = started
    .then(() => readEarly(url))
    .then(async (answer) => {
      const prepare = preparers.get(url);
      preparers.delete(url);
      if (answer !== undefined && prepare) await prepare(answer);
      return answer;
    });
  // Fresh from its start, not from now: the first use may come a while after it is registered.
  early.set(url, { at: Date.now() + DEFERRED_START_MS, json: json.catch(() => undefined) });
}

/**
 * Work on a deferred read's answer before it is given out: what the render that uses it would
 * otherwise do in one long task, done here in tasks of its own. A failed preparation still gives it out.
 */
export function prepareDeferredAnswer(url: string, prepare: (answer: unknown) => Promise<void>): void {
  preparers.set(url, (answer) => prepare(answer).catch(() => undefined));
}

/** Starts the deferred reads. */
export function releaseDeferredReads(): void {
  for (const release of deferred.splice(0)) release();
}

/** The early answer to `url` as JSON, at most once; undefined when there is no usable one. */
export async function takeEarlyJson<T>(url: string): Promise<T | undefined> {
  const json = peekEarlyJson<T>(url);
  early.delete(url);
  return json;
}

/**
 * The early answer to `url` without using it up: the hydration of the server-drawn home reads it
 * first, and the home's own first read then takes the same answer (the same objects, so nothing
 * changes and nothing is fetched twice).
 */
export async function peekEarlyJson<T>(url: string): Promise<T | undefined> {
  const entry = early.get(url);
  if (!entry || Date.now() - entry.at > MAX_AGE_MS) return undefined;
  return ((await entry.json) ?? undefined) as T | undefined;
}
