import { z } from 'zod';
import { barcodeVariants } from '../../../common/barcode.js';
import type { Pressing } from '../../../common/releases.schemas.js';
import type { AppContext } from '../../context.js';
import type { AlbumRow } from '../../db/schema.js';
import { cachedUpstreamJson, UpstreamError } from '../../upstream/upstream-http.js';
import {
  luceneEscape,
  MBID,
  MUSICBRAINZ_TIMEOUT_MS,
  musicBrainzQueue,
  userAgentFor,
} from '../cover-art/cover-art-search.service.js';
import { creditedArtist, releaseSearchAnswerSchema } from '../releases/musicbrainz-release.js';
import { lookupPressing, ReleaseNotFoundError } from '../releases/release-search.service.js';

const DAY_MS = 86_400_000;
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** Below this MusicBrainz score a barcode or catalogue number hit is another record that shares words. */
const MIN_SCORE = 90;

const urlRelationsSchema = z.object({
  relations: z
    .array(
      z.object({
        release: z
          .object({ id: z.string().regex(MBID) })
          .optional()
          .catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
});

const same = (a: string, b: string) =>
  a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

async function musicBrainzJson(ctx: AppContext, userId: number, url: URL) {
  url.searchParams.set('fmt', 'json');
  return cachedUpstreamJson(ctx.db, {
    url: url.href,
    userAgent: userAgentFor(ctx),
    timeoutMs: MUSICBRAINZ_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
    limiter: musicBrainzQueue(ctx).forUser(userId),
    ttlMs: DAY_MS,
    notFoundTtlMs: DAY_MS / 4,
  });
}

/** The MusicBrainz release a Discogs release is linked to (MusicBrainz's URL relationships), or null. */
async function releaseOfDiscogsId(ctx: AppContext, userId: number, discogsId: number): Promise<string | null> {
  const url = new URL(`${ctx.config.coverArt.musicBrainzUrl}/ws/2/url`);
  url.searchParams.set('resource', `https://www.discogs.com/release/${discogsId}`);
  url.searchParams.set('inc', 'release-rels');
  const answer = await musicBrainzJson(ctx, userId, url);
  if (answer.status === 404) return null;
  const parsed = urlRelationsSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new UpstreamError(`MusicBrainz URL lookup answered ${answer.status}`);
  return parsed.data.relations?.find((relation) => relation.release)?.release?.id ?? null;
}

/** The best release of a search, or null; `accept` says which results are this album at all. */
async function searchRelease(
  ctx: AppContext,
  userId: number,
  query: string,
  accept: (release: { title: string; artist: string; score: number }) => boolean,
): Promise<string | null> {
  const url = new URL(`${ctx.config.coverArt.musicBrainzUrl}/ws/2/release/`);
  url.searchParams.set('query', query);
  url.searchParams.set('limit', '10');
  const answer = await musicBrainzJson(ctx, userId, url);
  const parsed = releaseSearchAnswerSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new UpstreamError(`MusicBrainz release search answered ${answer.status}`);
  const best = parsed.data.releases
    .map((release) => ({ id: release.id, title: release.title, artist: creditedArtist(release), score: release.score ?? 0 }))
    .sort((a, b) => b.score - a.score)
    .find(accept);
  return best?.id ?? null;
}

/**
 * The pressing an album is, found the way a collector would look it up
 * (docs/product/import.md#covers-and-details-found-after-an-import): its Discogs release through
 * MusicBrainz's URL relationships, then its barcode, then its catalogue number with its label, then
 * its title and artist. Null when nothing matches. Every call waits its turn in the MusicBrainz queue
 * as the album's owner, so a long run takes only that user's fair share of the site-wide pace.
 */
export async function findPressing(ctx: AppContext, album: AlbumRow): Promise<Pressing | null> {
  const userId = album.user_id;
  const strategies: (() => Promise<string | null>)[] = [];
  if (album.discogs_release_id !== null) strategies.push(() => releaseOfDiscogsId(ctx, userId, album.discogs_release_id!));
  if (album.barcode) {
    const query = barcodeVariants(album.barcode)
      .map((code) => `barcode:${code}`)
      .join(' OR ');
    strategies.push(() => searchRelease(ctx, userId, query, (r) => r.score >= MIN_SCORE));
  }
  if (album.catalog_number) {
    const label = album.label ? ` AND label:"${luceneEscape(album.label)}"` : '';
    const query = `catno:"${luceneEscape(album.catalog_number)}"${label}`;
    strategies.push(() => searchRelease(ctx, userId, query, (r) => r.score >= MIN_SCORE && same(r.title, album.title)));
  }
  const byName = `artist:"${luceneEscape(album.artist)}" AND release:"${luceneEscape(album.title)}"`;
  strategies.push(() => searchRelease(ctx, userId, byName, (r) => same(r.title, album.title) && same(r.artist, album.artist)));

  for (const strategy of strategies) {
    const releaseId = await strategy();
    if (releaseId === null) continue;
    try {
      return await lookupPressing(ctx, userId, releaseId);
    } catch (error) {
      // A link to a release MusicBrainz has since merged away: try the next way.
      if (!(error instanceof ReleaseNotFoundError)) throw error;
    }
  }
  return null;
}
