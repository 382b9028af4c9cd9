import { z } from 'zod';
import { MIN_RELEASE_YEAR } from '../../../common/constants.js';
import { RELEASE_TEXT_MAX } from '../../../common/releases.schemas.js';
import { MBID } from '../cover-art/cover-art-search.service.js';
import type { MusicBrainzTag } from './genre-mapping.js';

/*
 * MusicBrainz's answers are read defensively (the brief: upstream is hostile): every field we use is
 * optional and falls back to "absent" when it has the wrong type, so one odd field never drops a
 * release, and a release without a valid id or title is skipped rather than failing the search.
 * Strings are cut to a sane length; lists to a sane count.
 */

const MAX_LIST = 50;
/** The album keeps at most 200 tracks; one medium never needs more. */
const MAX_TRACKS = 200;
const text = z.string().transform((value) => value.trim().slice(0, RELEASE_TEXT_MAX));
const optionalText = text.optional().catch(undefined);
const nullableText = z.string().nullable().optional().catch(undefined);
const optionalNumber = z.number().nullable().optional().catch(undefined);
const list = <T extends z.ZodType>(item: T, max = MAX_LIST) =>
  z
    .array(z.unknown())
    .transform((items) =>
      items.slice(0, max).flatMap((raw) => {
        const parsed = item.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      }),
    )
    .optional()
    .catch(undefined);

const tagSchema = z.object({ name: text, count: z.number().optional().catch(undefined) });

const releaseSchema = z.object({
  id: z.string().regex(MBID),
  title: text.pipe(z.string().min(1)),
  score: z.coerce.number().optional().catch(undefined),
  date: optionalText,
  country: optionalText,
  barcode: nullableText,
  'artist-credit': list(z.object({ name: text, joinphrase: optionalText })),
  'label-info': list(
    z.object({
      'catalog-number': nullableText,
      label: z.object({ name: optionalText }).nullable().optional().catch(undefined),
    }),
  ),
  media: list(
    z.object({
      format: nullableText,
      position: optionalNumber,
      // Only a lookup with inc=recordings carries the tracks.
      tracks: list(
        z.object({
          number: optionalText,
          position: optionalNumber,
          title: optionalText,
          length: optionalNumber,
          recording: z.object({ length: optionalNumber }).nullable().optional().catch(undefined),
        }),
        MAX_TRACKS,
      ),
    }),
  ),
  tags: list(tagSchema),
  genres: list(tagSchema),
  'release-group': z
    .object({ 'primary-type': nullableText, tags: list(tagSchema), genres: list(tagSchema) })
    .optional()
    .catch(undefined),
  'cover-art-archive': z
    .object({ front: z.boolean().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});
export type MusicBrainzRelease = z.infer<typeof releaseSchema>;

/** A search answer: `{releases: [...]}`; releases that cannot be read are left out. */
export const releaseSearchAnswerSchema = z.object({ releases: list(releaseSchema).transform((releases) => releases ?? []) });

/** A lookup answer: one release. */
export const releaseLookupAnswerSchema = releaseSchema;

/** MusicBrainz's placeholders for "none" (special labels and catalogue numbers). */
const NONE = new Set(['[no label]', '[none]', 'none', '']);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** MusicBrainz's own area codes that are not ISO regions. */
const SPECIAL_AREAS: Record<string, string | null> = {
  XE: 'Europe',
  XW: 'Worldwide',
  XU: null,
  XG: 'East Germany',
  XC: 'Czechoslovakia',
  XS: 'Soviet Union',
  XY: 'Yugoslavia',
};

/** The readable name of a MusicBrainz release country ("GB" → "United Kingdom"), null when unknown. */
export function countryName(code: string | undefined): string | null {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  if (code in SPECIAL_AREAS) return SPECIAL_AREAS[code] ?? null;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/** The year of a MusicBrainz date ("1959-08-17", "1959"), kept only within the form's range. */
export function releaseYear(date: string | undefined, latestYear = new Date().getFullYear()): number | null {
  const match = /^(\d{4})/.exec(date ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  return year >= MIN_RELEASE_YEAR && year <= latestYear ? year : null;
}

/** The credited artists as printed: names joined by their join phrases ("Simon & Garfunkel"). */
export function creditedArtist(release: MusicBrainzRelease): string {
  return (release['artist-credit'] ?? [])
    .map((credit, index, all) => credit.name + (index < all.length - 1 ? (credit.joinphrase ?? ', ') : ''))
    .join('')
    .trim()
    .slice(0, RELEASE_TEXT_MAX);
}

/** The media as one line: '12" Vinyl', '2×12" Vinyl', '12" Vinyl + CD'. */
export function formatLine(release: MusicBrainzRelease): string | null {
  const counts = new Map<string, number>();
  for (const medium of release.media ?? []) {
    const format = medium.format?.trim();
    if (format) counts.set(format, (counts.get(format) ?? 0) + 1);
  }
  if (counts.size === 0) return null;
  return [...counts]
    .map(([format, n]) => (n > 1 ? `${n}×${format}` : format))
    .join(' + ')
    .slice(0, RELEASE_TEXT_MAX);
}

export function firstLabel(release: MusicBrainzRelease): { label: string | null; catalogNumber: string | null } {
  const infos = release['label-info'] ?? [];
  const label = infos.map((info) => info.label?.name?.trim()).find((name) => name && !NONE.has(name.toLowerCase())) ?? null;
  const catalogNumber = infos.map((info) => info['catalog-number']?.trim()).find((n) => n && !NONE.has(n.toLowerCase())) ?? null;
  return { label: label?.slice(0, RELEASE_TEXT_MAX) ?? null, catalogNumber: catalogNumber?.slice(0, RELEASE_TEXT_MAX) ?? null };
}

/** Every tag and genre MusicBrainz attached to the release and to its release group. */
export function allTags(release: MusicBrainzRelease): MusicBrainzTag[] {
  const group = release['release-group'];
  return [...(release.genres ?? []), ...(group?.genres ?? []), ...(release.tags ?? []), ...(group?.tags ?? [])];
}

/** Whether a format is a record (the app is for vinyl: such pressings are listed first). */
export const isVinyl = (format: string | null) => format !== null && /vinyl|\blp\b|shellac/i.test(format);
