import { barcodeVariants } from '../../../common/barcode.js';
import type { Pressing } from '../../../common/releases.schemas.js';
import type { AppContext } from '../../context.js';
import {
  frontCoverUrl,
  listingHasFront,
  luceneEscape,
  mapLimited,
  MUSICBRAINZ_TIMEOUT_MS,
  musicBrainzQueue,
  userAgentFor,
} from '../cover-art/cover-art-search.service.js';
import { cachedUpstreamJson, UpstreamError } from '../../upstream/upstream-http.js';
import { genreFromTags } from './genre-mapping.js';
import { albumFormatFromMedia, tracklistFromMedia } from './release-details.js';
import {
  allTags,
  countryName,
  creditedArtist,
  firstLabel,
  formatLine,
  isVinyl,
  releaseLookupAnswerSchema,
  releaseSearchAnswerSchema,
  releaseYear,
  type MusicBrainzRelease,
} from './musicbrainz-release.js';

const SEARCH_LIMIT = 25;
/** Pressings the dialog lists: enough to find one's own, few enough to read (and to check covers for). */
const MAX_PRESSINGS = 12;
const LISTING_CONCURRENCY = 4;
/** A release search answer is a few hundred KB at most; anything far larger is not MusicBrainz being honest. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const DAY_MS = 86_400_000;

/** A release MusicBrainz does not know (a lookup answered 404). */
export class ReleaseNotFoundError extends Error {}

export type PressingSearch = { barcode: string } | { title: string; artist: string };

function pressingOf(ctx: AppContext, release: MusicBrainzRelease, hasFrontCover: boolean): Pressing {
  const { label, catalogNumber } = firstLabel(release);
  const country = release.country?.toUpperCase();
  const barcode = release.barcode?.trim();
  return {
    releaseId: release.id,
    title: release.title,
    artist: creditedArtist(release),
    year: releaseYear(release.date),
    country: countryName(country),
    countryCode: country && /^[A-Z]{2}$/.test(country) ? country : null,
    label,
    catalogNumber,
    barcode: barcode && /^\d{6,14}$/.test(barcode) ? barcode : null,
    format: formatLine(release),
    albumFormat: albumFormatFromMedia(release.media ?? [], release['release-group']?.['primary-type'] ?? undefined),
    tracklist: tracklistFromMedia(release.media ?? []),
    musicbrainzReleaseId: release.id,
    genre: genreFromTags(allTags(release)),
    hasFrontCover,
    coverUrl: hasFrontCover ? frontCoverUrl(ctx, release.id) : null,
  };
}

function searchQuery(search: PressingSearch): string {
  if ('barcode' in search)
    return barcodeVariants(search.barcode)
      .map((code) => `barcode:${code}`)
      .join(' OR ');
  return `artist:"${luceneEscape(search.artist)}" AND release:"${luceneEscape(search.title)}"`;
}

const upstreamBase = (ctx: AppContext) => ({
  userAgent: userAgentFor(ctx),
  timeoutMs: MUSICBRAINZ_TIMEOUT_MS,
  maxBytes: MAX_ANSWER_BYTES,
});

/**
 * Pressings matching a barcode or a title and artist: MusicBrainz's release search through the
 * application-wide queue (1 request / 1.1 s, shared with cover-art search), best score first with
 * vinyl before other formats, each with whether the Cover Art Archive has its front cover.
 */
export async function searchPressings(ctx: AppContext, userId: number, search: PressingSearch): Promise<Pressing[]> {
  const url = new URL(`${ctx.config.coverArt.musicBrainzUrl}/ws/2/release/`);
  url.searchParams.set('query', searchQuery(search));
  url.searchParams.set('fmt', 'json');
  url.searchParams.set('limit', String(SEARCH_LIMIT));
  const answer = await cachedUpstreamJson(ctx.db, {
    ...upstreamBase(ctx),
    url: url.href,
    limiter: musicBrainzQueue(ctx).forUser(userId),
    ttlMs: DAY_MS,
    notFoundTtlMs: 0,
  });
  const parsed = releaseSearchAnswerSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new UpstreamError(`MusicBrainz release search answered ${answer.status}`);

  // One entry per release id (a hostile answer may repeat one), best score first, vinyl first among equals.
  const unique = parsed.data.releases.filter((release, i, all) => all.findIndex((other) => other.id === release.id) === i);
  const releases = unique
    .map((release, index) => ({ release, index, vinyl: isVinyl(formatLine(release)) }))
    .sort((a, b) => (b.release.score ?? 0) - (a.release.score ?? 0) || Number(b.vinyl) - Number(a.vinyl) || a.index - b.index)
    .slice(0, MAX_PRESSINGS)
    .map(({ release }) => release);

  const covers = await mapLimited(releases, LISTING_CONCURRENCY, async (release) => {
    const known = release['cover-art-archive']?.front;
    if (known !== undefined) return known;
    try {
      return await listingHasFront(ctx, { userAgent: userAgentFor(ctx), timeoutMs: MUSICBRAINZ_TIMEOUT_MS }, release.id);
    } catch (error) {
      // A pressing without a checked cover is still a pressing: listed, its cover just not offered.
      ctx.log.warn({ err: error }, 'cover art listing failed');
      return false;
    }
  });
  return releases.map((release, i) => pressingOf(ctx, release, covers[i]!));
}

/**
 * One pressing by its MusicBrainz id, looked up with its labels, media and their tracks, tags and
 * genres (the release's and its release group's), so its genre and tracklist are the best MusicBrainz
 * can say. Still one request, paced like the search.
 */
export async function lookupPressing(ctx: AppContext, userId: number, releaseId: string): Promise<Pressing> {
  const url = new URL(`${ctx.config.coverArt.musicBrainzUrl}/ws/2/release/${releaseId}`);
  url.searchParams.set('inc', 'artist-credits+labels+recordings+media+release-groups+tags+genres');
  url.searchParams.set('fmt', 'json');
  const answer = await cachedUpstreamJson(ctx.db, {
    ...upstreamBase(ctx),
    url: url.href,
    limiter: musicBrainzQueue(ctx).forUser(userId),
    ttlMs: DAY_MS,
    notFoundTtlMs: DAY_MS / 4,
  });
  if (answer.status === 404) throw new ReleaseNotFoundError(releaseId);
  const parsed = releaseLookupAnswerSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success || parsed.data.id !== releaseId) {
    throw new UpstreamError(`MusicBrainz release lookup answered ${answer.status}`);
  }
  const release = parsed.data;
  let hasFront = release['cover-art-archive']?.front;
  if (hasFront === undefined) {
    hasFront = await listingHasFront(ctx, { userAgent: userAgentFor(ctx), timeoutMs: MUSICBRAINZ_TIMEOUT_MS }, release.id).catch(
      () => false,
    );
  }
  return pressingOf(ctx, release, hasFront);
}
