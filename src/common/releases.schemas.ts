import { z } from 'zod';
import { ALBUM_FORMATS } from './album-formats.js';
import { checkBarcode } from './barcode.js';
import { GENRES } from './constants.js';

/**
 * MusicBrainz release search for autofill and barcode add (docs/product/releases.md#api): GET
 * /api/releases?title=&artist= or ?barcode=, and GET /api/releases/{releaseId} for the chosen pressing
 * with its genre.
 */

export const RELEASE_MESSAGES = {
  needsTitleAndArtist: 'Please enter both title and artist, or a barcode, to look up pressings.',
  unavailable: 'MusicBrainz is unavailable right now. Please try again later.',
  busy: 'MusicBrainz lookups are busy right now. Please try again in a few seconds.',
  /** One user's fair share of the shared MusicBrainz queue is full. */
  tooManyWaiting: 'You already have several MusicBrainz lookups waiting. Please wait for them to finish, then try again.',
  notFound: 'This pressing was not found on MusicBrainz.',
  badReleaseId: 'A MusicBrainz release id is a UUID such as 0b5e1c9e-…',
} as const;

export const RELEASE_TEXT_MAX = 200;
const MBID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const searchText = z
  .string()
  .trim()
  .max(RELEASE_TEXT_MAX, `Title and artist must be at most ${RELEASE_TEXT_MAX} characters`)
  .optional()
  .transform((value) => value ?? '');

/**
 * The search: a barcode (checked: 12 or 13 digits, right check digit) or else title and artist. The
 * route answers RELEASE_MESSAGES.needsTitleAndArtist when neither is given.
 */
export const releaseSearchQuerySchema = z.object({
  title: searchText,
  artist: searchText,
  barcode: z
    .string()
    .max(64, 'A barcode is the 12 digits of a UPC-A or the 13 digits of an EAN-13, printed under the bars.')
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const checked = checkBarcode(value);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.barcode;
    }),
});
export type ReleaseSearchQuery = z.input<typeof releaseSearchQuerySchema>;

export const releaseParamsSchema = z.object({
  releaseId: z.string().regex(MBID_PATTERN, RELEASE_MESSAGES.badReleaseId),
});

/** One pressing as the dialog lists it and the form takes it: only these fields leave the server. */
export const pressingSchema = z.object({
  releaseId: z.string(),
  title: z.string(),
  artist: z.string(),
  year: z.number().int().nullable(),
  /** A readable name ("United Kingdom", "Europe"), what the form's Country field takes. */
  country: z.string().nullable(),
  /** MusicBrainz's own code ("GB", "XE"), for the dialog's compact line. */
  countryCode: z.string().nullable(),
  label: z.string().nullable(),
  catalogNumber: z.string().nullable(),
  barcode: z.string().nullable(),
  /** '12" Vinyl', '2×12" Vinyl', 'CD + DVD'… */
  format: z.string().nullable(),
  /** The album's format the media make ('LP', '2LP', '7"'…), what the form's Format field takes. */
  albumFormat: z.enum(ALBUM_FORMATS).nullable(),
  /** Only the lookup of one pressing carries the tracks; a search answers []. */
  tracklist: z.array(z.object({ position: z.string(), title: z.string(), duration: z.string().optional() })),
  /** The release id again, under the album's own field name. */
  musicbrainzReleaseId: z.string(),
  genre: z.enum(GENRES).nullable(),
  hasFrontCover: z.boolean(),
  /** The Cover Art Archive's front image (500 px) when it has one: what the form imports as the cover. */
  coverUrl: z.string().nullable(),
});
export type Pressing = z.infer<typeof pressingSchema>;

export const releaseSearchResponseSchema = z.object({ pressings: z.array(pressingSchema) });
export type ReleaseSearchResponse = z.infer<typeof releaseSearchResponseSchema>;
