import { z } from 'zod';
import { ALBUM_FORMATS } from './album-formats.js';
import { RATING_MAX, RATING_MIN } from './album-rating.js';
import { checkAlbumBarcode } from './barcode.js';

export { RATING_MAX, RATING_MIN };

/**
 * The collector's description of one copy (docs/product/albums.md, Pressing & details): format,
 * catalogue number, barcode, pressing, notes, rating, location, tracklist and the release it is on
 * Discogs and MusicBrainz. Shared by the album request, the album answer, the export and the import.
 */

export const ALBUM_DETAIL_LIMITS = {
  catalogNumber: 100,
  pressing: 300,
  notes: 5000,
  location: 100,
  tracks: 200,
  trackPosition: 10,
  trackTitle: 300,
  trackDuration: 10,
} as const;

/** Ids are stored in an integer column. */
const RELEASE_ID_MAX = 2_147_483_647;

export const ALBUM_DETAIL_MESSAGES = {
  format: `Format must be one of: ${ALBUM_FORMATS.join(', ')}`,
  rating: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
  discogsReleaseId: 'Discogs release id must be a positive whole number',
  musicbrainzReleaseId: 'MusicBrainz release id must be a MusicBrainz id (a UUID such as 0a1b2c3d-…)',
  tracklist: `Tracklist must be a list of at most ${ALBUM_DETAIL_LIMITS.tracks} tracks`,
  trackTitle: 'Each track needs a title',
  trackDuration: 'Track duration must be minutes and seconds, such as 3:45',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** m:ss, or h:mm:ss for a side-long piece. */
const DURATION = /^(\d{1,2}:[0-5]\d|\d{1,3}):[0-5]\d$/;

/**
 * Every detail field is optional in a request: absent means "not given" (null on a new album, the
 * stored value kept on PUT, so a client that does not know the field cannot erase it); null or ''
 * clears it.
 */
const keepAbsent =
  <T>(read: (value: NonNullable<T>, ctx: z.RefinementCtx) => unknown) =>
  (value: T | null | undefined, ctx: z.RefinementCtx) =>
    value === undefined ? undefined : value === null || value === '' ? null : read(value, ctx);

const detailText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value : null));

/** A whole number sent as a number or as the text of a form field. */
const detailInteger = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform(
      keepAbsent<number | string>((value, ctx) => {
        const number = typeof value === 'number' ? value : value.trim() === '' ? null : Number(value.trim());
        if (number === null) return null;
        if (!Number.isInteger(number) || number < min || number > max) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return number;
      }),
    )
    .transform((value) => value as number | null | undefined);

export const trackSchema = z.object({
  position: z
    .string({ error: 'Track position must be text' })
    .trim()
    .max(ALBUM_DETAIL_LIMITS.trackPosition, `Track position must be at most ${ALBUM_DETAIL_LIMITS.trackPosition} characters`)
    .optional()
    .transform((value) => value ?? ''),
  title: z
    .string({ error: ALBUM_DETAIL_MESSAGES.trackTitle })
    .trim()
    .min(1, ALBUM_DETAIL_MESSAGES.trackTitle)
    .max(ALBUM_DETAIL_LIMITS.trackTitle, `Track title must be at most ${ALBUM_DETAIL_LIMITS.trackTitle} characters`),
  duration: z
    .string({ error: ALBUM_DETAIL_MESSAGES.trackDuration })
    .trim()
    .max(ALBUM_DETAIL_LIMITS.trackDuration, ALBUM_DETAIL_MESSAGES.trackDuration)
    .refine((value) => value === '' || DURATION.test(value), ALBUM_DETAIL_MESSAGES.trackDuration)
    .nullish()
    .transform((value) => (value ? value : undefined)),
});

/** One track as stored and answered: the duration only when known. */
export interface Track {
  position: string;
  title: string;
  duration?: string;
}

/** The detail fields of POST /api/albums and PUT /api/albums/{id}. */
export const albumDetailRequestFields = {
  format: z
    .union([z.enum(ALBUM_FORMATS), z.literal(''), z.null()], { error: ALBUM_DETAIL_MESSAGES.format })
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null)),
  catalogNumber: detailText('Catalogue number', ALBUM_DETAIL_LIMITS.catalogNumber),
  barcode: z
    .string({ error: 'Barcode must be text' })
    .nullish()
    .transform(
      keepAbsent<string>((value, ctx) => {
        if (value.trim() === '') return null;
        const checked = checkAlbumBarcode(value);
        if (checked.ok) return checked.barcode;
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }),
    )
    .transform((value) => value as string | null | undefined),
  pressing: detailText('Pressing', ALBUM_DETAIL_LIMITS.pressing),
  notes: detailText('Notes', ALBUM_DETAIL_LIMITS.notes),
  rating: detailInteger(ALBUM_DETAIL_MESSAGES.rating, RATING_MIN, RATING_MAX),
  location: detailText('Location', ALBUM_DETAIL_LIMITS.location),
  tracklist: z
    .array(trackSchema, { error: ALBUM_DETAIL_MESSAGES.tracklist })
    .max(ALBUM_DETAIL_LIMITS.tracks, ALBUM_DETAIL_MESSAGES.tracklist)
    .nullish()
    .transform((tracks): Track[] | null | undefined => (tracks === undefined ? undefined : tracks?.length ? tracks : null)),
  discogsReleaseId: detailInteger(ALBUM_DETAIL_MESSAGES.discogsReleaseId, 1, RELEASE_ID_MAX),
  musicbrainzReleaseId: z
    .string({ error: ALBUM_DETAIL_MESSAGES.musicbrainzReleaseId })
    .trim()
    .nullish()
    .transform(
      keepAbsent<string>((value, ctx) => {
        if (value === '') return null;
        if (UUID.test(value)) return value.toLowerCase();
        ctx.addIssue({ code: 'custom', message: ALBUM_DETAIL_MESSAGES.musicbrainzReleaseId });
        return z.NEVER;
      }),
    )
    .transform((value) => value as string | null | undefined),
};

/** The detail fields of every album answer: null when empty; addedAt always set (ISO 8601). */
export const albumDetailResponseFields = {
  format: z.enum(ALBUM_FORMATS).nullable(),
  catalogNumber: z.string().nullable(),
  barcode: z.string().nullable(),
  pressing: z.string().nullable(),
  notes: z.string().nullable(),
  rating: z.number().int().nullable(),
  location: z.string().nullable(),
  tracklist: z.array(z.object({ position: z.string(), title: z.string(), duration: z.string().optional() })).nullable(),
  discogsReleaseId: z.number().int().nullable(),
  musicbrainzReleaseId: z.string().nullable(),
  addedAt: z.string(),
};

/** The tracklist as one line of text: "A1 Title (3:45); A2 Title" (the CSV export's cell). */
export function tracklistText(tracks: readonly Track[] | null): string | null {
  if (!tracks?.length) return null;
  return tracks
    .map((track) => [track.position, track.title].filter(Boolean).join(' ') + (track.duration ? ` (${track.duration})` : ''))
    .join('; ');
}

/**
 * The tracklist read back from tracklistText's line. A track's position is its first word when that
 * word is short and has a digit or is a single letter ("A1", "1", "B", "CD2-3"), as positions are.
 */
export function parseTracklistText(text: string): Track[] {
  const tracks: Track[] = [];
  for (const part of text.split(/; (?=\S)/)) {
    let rest = part.trim();
    if (!rest) continue;
    let duration: string | undefined;
    const timed = /\s*\(([^()]*)\)$/.exec(rest);
    if (timed && DURATION.test(timed[1]!)) {
      duration = timed[1]!;
      rest = rest.slice(0, timed.index);
    }
    let position = '';
    const first = /^(\S+)\s+(.+)$/.exec(rest);
    if (first && first[1]!.length <= ALBUM_DETAIL_LIMITS.trackPosition && /^([A-Za-z]?\d[\w.-]*|[A-Za-z])$/.test(first[1]!)) {
      position = first[1]!;
      rest = first[2]!;
    }
    tracks.push({ position, title: rest, ...(duration ? { duration } : {}) });
  }
  return tracks;
}

/** An album answer's detail fields when the collector filled none of them (besides addedAt). */
export const NO_ALBUM_DETAILS = {
  format: null,
  catalogNumber: null,
  barcode: null,
  pressing: null,
  notes: null,
  rating: null,
  location: null,
  tracklist: null,
  discogsReleaseId: null,
  musicbrainzReleaseId: null,
} as const;
