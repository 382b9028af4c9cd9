import { readJson } from '../../lib/api-client';

/*
 * The collection home's two reads (collections and albums), asked for as the app starts on the
 * home's paths, beside the session lookup instead of after it: the first album cards show sooner
 * (issue 3's render benchmark). On a page the server drew, main.tsx asks for them, and for the user,
 * once the drawing is on screen; the hydration reads them (app/mount-app.ts). A read's first use takes the early answer if it is a success and
 * fresh; anything else (a 401 for a visitor, a 402, a network error, or none at all) falls back to
 * the normal read, with its handling of those cases.
 *
 * A success's body is read and parsed as soon as it arrives, not when the page first asks for it:
 * draining 3.5 MB of albums from the network takes many small main-thread tasks, which then fit in
 * the gaps of the app's start instead of following it.
 */
const MAX_AGE_MS = 10_000;
const early = new Map<string, { at: number; json: Promise<unknown> }>();

/** Starts the reads of `urls` not already under way (a fresh one is not asked twice). */
export function startEarlyReads(urls: readonly string[]): void {
  for (const url of urls) {
    const current = early.get(url);
    if (current && Date.now() - current.at <= MAX_AGE_MS) continue;
    const json = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? readJson<unknown>(response) : undefined))
      .catch(() => undefined);
    early.set(url, { at: Date.now(), json });
  }
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
