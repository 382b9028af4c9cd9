import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { SETTING_KEYS } from '../../db/settings.repository.js';
import { DbPacer } from '../../upstream/db-pacer.js';
import { FairQueue } from '../../upstream/fair-queue.js';
import { cachedUpstreamJson, UpstreamError, type UpstreamRequest } from '../../upstream/upstream-http.js';

const MAX_RESULTS = 24;
const SEARCH_LIMIT = 25;
const LISTING_CONCURRENCY = 4;
/** How long one MusicBrainz or archive call may take. */
export const MUSICBRAINZ_TIMEOUT_MS = 10_000;
const TIMEOUT_MS = MUSICBRAINZ_TIMEOUT_MS;
const DAY_MS = 86_400_000;
/**
 * MusicBrainz allows one request per second per client and counts arrivals, so starts are spaced a
 * little wider to absorb network jitter. The queue holds at most MUSICBRAINZ_MAX_QUEUE_MS of waiting.
 */
export const MUSICBRAINZ_INTERVAL_MS = 1100;
const MUSICBRAINZ_MAX_QUEUE_MS = 15_000;

export const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Only the fields we read; MusicBrainz sends many more.
const releaseSearchSchema = z.object({
  releases: z.array(
    z.object({
      id: z.string(),
      score: z.coerce.number().optional(),
      'cover-art-archive': z.object({ front: z.boolean().optional() }).optional(),
    }),
  ),
});

const caaListingSchema = z.object({
  images: z.array(z.object({ front: z.boolean().optional(), types: z.array(z.string()).optional() })),
});

// One queue for the whole application: every user's searches, on every instance sharing the database,
// wait their turn (a per-process queue let two instances ask twice as often). The next free
// slot is a row of `settings`, reserved by compare-and-set (DbPacer, as the geocoder's).
const musicBrainzQueues = new WeakMap<AppContext, FairQueue>();
/**
 * The one MusicBrainz queue (1 request / 1.1 s across instances): every caller of MusicBrainz goes
 * through it, as a user, so each user gets a fair share of it (FairQueue).
 */
export function musicBrainzQueue(ctx: AppContext): FairQueue {
  let queue = musicBrainzQueues.get(ctx);
  if (!queue) {
    const pacer = new DbPacer(ctx.db, SETTING_KEYS.musicBrainzNextSlot, MUSICBRAINZ_INTERVAL_MS, MUSICBRAINZ_MAX_QUEUE_MS);
    queue = new FairQueue(ctx.db, 'musicbrainz', pacer, MUSICBRAINZ_INTERVAL_MS, MUSICBRAINZ_MAX_QUEUE_MS);
    musicBrainzQueues.set(ctx, queue);
  }
  return queue;
}

/** MusicBrainz's etiquette: the app, its version and a contact. */
export const userAgentFor = (ctx: AppContext) => `Spindle/${ctx.config.version} ( ${ctx.config.supportEmail} )`;

/** Escapes Lucene's special characters so user text is searched as text, never as query syntax. */
export function luceneEscape(text: string): string {
  return text.replace(/([+\-&|!(){}[\]^"~*?:\\/])/g, '\\$1');
}

/** The CAA address of a release's front cover, 500 px: what the search answers (docs/product/cover-art.md#search). */
export const frontCoverUrl = (ctx: AppContext, mbid: string) => `${ctx.config.coverArt.coverArtArchiveUrl}/release/${mbid}/front-500`;

export async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Whether the Cover Art Archive holds a front image for this release (its JSON listing). */
export async function listingHasFront(ctx: AppContext, base: Omit<UpstreamRequest, 'url'>, mbid: string): Promise<boolean> {
  const answer = await cachedUpstreamJson(ctx.db, {
    ...base,
    url: `${ctx.config.coverArt.coverArtArchiveUrl}/release/${mbid}`,
    ttlMs: DAY_MS,
    notFoundTtlMs: DAY_MS / 4,
  });
  if (answer.status === 404) return false;
  const listing = caaListingSchema.safeParse(answer.body);
  if (answer.status !== 200 || !listing.success) throw new UpstreamError(`CAA listing of ${mbid} unreadable (${answer.status})`);
  return listing.data.images.some((image) => image.front === true || image.types?.includes('Front'));
}

/**
 * Front-cover URLs for an album, best matches first: MusicBrainz's release search (in its score
 * order), keeping only releases the Cover Art Archive has a front image for.
 */
export async function searchCoverArt(ctx: AppContext, userId: number, title: string, artist: string): Promise<string[]> {
  const base = { userAgent: userAgentFor(ctx), timeoutMs: TIMEOUT_MS };
  const url = new URL(`${ctx.config.coverArt.musicBrainzUrl}/ws/2/release/`);
  url.searchParams.set('query', `artist:"${luceneEscape(artist)}" AND release:"${luceneEscape(title)}"`);
  url.searchParams.set('fmt', 'json');
  url.searchParams.set('limit', String(SEARCH_LIMIT));
  const search = await cachedUpstreamJson(ctx.db, {
    ...base,
    url: url.href,
    limiter: musicBrainzQueue(ctx).forUser(userId),
    ttlMs: DAY_MS,
    notFoundTtlMs: 0,
  });
  const parsed = releaseSearchSchema.safeParse(search.body);
  if (search.status !== 200 || !parsed.success) throw new UpstreamError(`MusicBrainz search answered ${search.status}`);

  const releases = parsed.data.releases
    .map((release, index) => ({ ...release, index }))
    .filter((release) => MBID.test(release.id))
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.index - b.index);
  const unique = [...new Map(releases.map((r) => [r.id, r])).values()];

  let failures = 0;
  const verdicts = await mapLimited(unique, LISTING_CONCURRENCY, async (release) => {
    // The search result may already say; otherwise the archive's listing does.
    const known = release['cover-art-archive']?.front;
    if (known !== undefined) return known;
    try {
      return await listingHasFront(ctx, base, release.id);
    } catch (error) {
      failures++;
      ctx.log.warn({ err: error }, 'cover art listing failed');
      return false;
    }
  });
  const urls = unique.filter((_, i) => verdicts[i]).map((release) => frontCoverUrl(ctx, release.id));
  // Every listing failing means the archive is down, which is not the same as "no cover found".
  if (urls.length === 0 && failures > 0) throw new UpstreamError('Cover Art Archive unavailable');
  return urls.slice(0, MAX_RESULTS);
}
