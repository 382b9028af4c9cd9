import type { AppContext } from '../../context.js';
import { SETTING_KEYS } from '../../db/settings.repository.js';
import { httpCacheRepository } from '../../upstream/http-cache.repository.js';
import { QueueFullError } from '../../upstream/rate-limiter.js';
import { fetchUpstreamJson, UpstreamError } from '../../upstream/upstream-http.js';
import { DbPacer } from '../../upstream/db-pacer.js';
import { FairQueue } from '../../upstream/fair-queue.js';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface GeocodeQuery {
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}

/** The geocoder could not answer (unreachable, failing, refusing us, or our queue is full). */
export class GeocoderUnavailableError extends Error {}

/** Nominatim's usage policy: at most one request per second for the whole application. */
export const GEOCODER_INTERVAL_MS = 1100;
const TIMEOUT_MS = 5000;
/** A save waits at most this long for its turn; beyond it the store is saved without coordinates. */
const MAX_QUEUE_WAIT_MS = 4000;
const FOUND_TTL_MS = 30 * 24 * 3600_000;
const NOT_FOUND_TTL_MS = 24 * 3600_000;

const queues = new WeakMap<AppContext, FairQueue>();
/** The geocoder's pace for all instances, shared fairly between users (one user's many stores wait their turns). */
function queueOf(ctx: AppContext): FairQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    const pacer = new DbPacer(ctx.db, SETTING_KEYS.geocoderNextSlot, ctx.geocoderIntervalMs, MAX_QUEUE_WAIT_MS);
    queue = new FairQueue(ctx.db, 'geocoder', pacer, ctx.geocoderIntervalMs, MAX_QUEUE_WAIT_MS);
    queues.set(ctx, queue);
  }
  return queue;
}

/** The one free-form line sent to the geocoder; the country always, USA included, to narrow it. */
export function geocodeText(query: GeocodeQuery): string {
  const stateZip = [query.state, query.zipCode]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return [query.streetAddress, query.city, stateZip, query.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

function firstResult(body: unknown): Coordinates | null {
  if (!Array.isArray(body) || body.length === 0) return null;
  const first = body[0] as { lat?: unknown; lon?: unknown };
  const latitude = Number(first.lat);
  const longitude = Number(first.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return null;
  return { latitude, longitude };
}

/**
 * Coordinates of an address from the Nominatim-compatible service at GEOCODER_URL, or null when it
 * knows no such place. Answers are kept in `http_cache` (shared by instances), so a repeated address
 * costs no request; requests are paced for the whole application (DbPacer). Throws
 * GeocoderUnavailableError when the service cannot answer.
 */
export async function geocode(ctx: AppContext, userId: number, text: string): Promise<Coordinates | null> {
  text = text.trim();
  if (!text) return null;
  const url = `${ctx.config.geocoderUrl}/search?${new URLSearchParams({ q: text, format: 'jsonv2', limit: '1' }).toString()}`;
  const key = `geocode:${url}`;
  const hit = await httpCacheRepository.get(ctx.db, key);
  if (hit) return firstResult(JSON.parse(hit.body.toString('utf8')));
  let answer;
  try {
    answer = await fetchUpstreamJson({
      url,
      // Nominatim's policy asks for an identifying User-Agent.
      userAgent: `Spindle/${ctx.config.version} (+${ctx.config.publicUrl})`,
      timeoutMs: TIMEOUT_MS,
      limiter: queueOf(ctx).forUser(userId),
      max503Retries: 0,
    });
  } catch (error) {
    if (error instanceof UpstreamError || error instanceof QueueFullError) throw new GeocoderUnavailableError(error.message);
    throw error;
  }
  if (answer.status !== 200) throw new GeocoderUnavailableError(`${url}: ${answer.status}`);
  const found = firstResult(answer.body);
  await httpCacheRepository.put(
    ctx.db,
    key,
    { contentType: 'application/json', body: Buffer.from(JSON.stringify(answer.body)) },
    found ? FOUND_TTL_MS : NOT_FOUND_TTL_MS,
  );
  return found;
}
