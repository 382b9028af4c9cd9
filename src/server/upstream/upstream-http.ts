import type { Db } from '../db/database.js';
import { httpCacheRepository } from './http-cache.repository.js';
import { QueueFullError, realClock, type Clock } from './rate-limiter.js';

/** MusicBrainz or the Cover Art Archive failed us (network, time limit, 5xx, unreadable answer). */
export class UpstreamError extends Error {}

/** Anything that spaces calls out: the per-process RateLimiter, or the database-wide DbPacer. */
export interface Pacer {
  schedule<T>(task: () => Promise<T>): Promise<T>;
}

export interface UpstreamJson {
  status: number;
  body: unknown;
}

export interface UpstreamRequest {
  url: string;
  userAgent: string;
  timeoutMs: number;
  /** Calls to a rate-limited service wait their turn here, retries included. */
  limiter?: Pacer;
  max503Retries?: number;
  /** Largest answer read; a longer one is an UpstreamError (a hostile or broken service cannot fill memory). */
  maxBytes?: number;
  /** Longest Retry-After we honour; a longer one means "not now", answered as a failure. */
  maxRetryAfterMs?: number;
  clock?: Clock;
}

function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 1000;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}

/** The body as text, stopping (and cancelling the rest) once it passes `maxBytes`. */
async function readText(response: Response, maxBytes: number | undefined): Promise<string> {
  if (maxBytes === undefined || !response.body) return response.text();
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new UpstreamError(`${response.url}: the answer is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new UpstreamError(`${response.url}: the answer is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GET a JSON resource of an operator-configured service (not user input: no address checks). */
export async function fetchUpstreamJson(request: UpstreamRequest): Promise<UpstreamJson> {
  const clock = request.clock ?? realClock;
  const maxRetries = request.max503Retries ?? 2;
  const call = () =>
    fetch(request.url, {
      headers: { 'user-agent': request.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await (request.limiter ? request.limiter.schedule(call) : call());
    } catch (error) {
      // A full queue is our own limit, not the service failing: the caller answers it as busy (503 +
      // Retry-After). Wrapped as an UpstreamError it became a 502 "unavailable" with no Retry-After.
      if (error instanceof QueueFullError) throw error;
      throw new UpstreamError(`${request.url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status === 503 && attempt < maxRetries) {
      const wait = retryAfterMs(response.headers.get('retry-after'), clock.now());
      await response.body?.cancel();
      if (wait > (request.maxRetryAfterMs ?? 5000)) throw new UpstreamError(`${request.url}: 503, retry after ${wait} ms`);
      await clock.sleep(wait);
      continue;
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new UpstreamError(`${request.url}: ${response.status}`);
    }
    const text = await readText(response, request.maxBytes).catch((error: unknown) => {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError(`${request.url}: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (response.status !== 200) return { status: response.status, body: null };
    try {
      return { status: 200, body: JSON.parse(text) as unknown };
    } catch {
      throw new UpstreamError(`${request.url}: the answer is not JSON`);
    }
  }
}

/** fetchUpstreamJson through the shared http_cache: a 200 kept for `ttlMs`, a 404 for `notFoundTtlMs`. */
export async function cachedUpstreamJson(
  db: Db,
  request: UpstreamRequest & { ttlMs: number; notFoundTtlMs: number },
): Promise<UpstreamJson> {
  const key = `json:${request.url}`;
  const hit = await httpCacheRepository.get(db, key);
  if (hit) return JSON.parse(hit.body.toString('utf8')) as UpstreamJson;
  const answer = await fetchUpstreamJson(request);
  const ttl = answer.status === 200 ? request.ttlMs : answer.status === 404 ? request.notFoundTtlMs : 0;
  if (ttl > 0) await httpCacheRepository.put(db, key, { contentType: 'application/json', body: Buffer.from(JSON.stringify(answer)) }, ttl);
  return answer;
}
