import type { Track } from '../../../common/album-details.schemas';
import type { Pressing } from '../../../common/releases.schemas';

/** The form fields a pressing fills, in the form's order; the cover is imported separately. */
export const AUTOFILL_FIELDS = ['title', 'artist', 'genre', 'label', 'releaseYear', 'country'] as const;
/**
 * The copy's details a pressing fills too (docs/product/releases.md#autofill), in the form's order:
 * only where the form holds them (its "Pressing & details" section).
 */
export const DETAIL_FIELDS = ['format', 'catalogNumber', 'barcode', 'musicbrainzReleaseId'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type AutofillField = (typeof AUTOFILL_FIELDS)[number];
export type AutofillTarget = AutofillField | DetailField | 'tracklist' | 'coverUrl';
type TextField = AutofillField | DetailField;

/**
 * What autofill reads of the album form: the fields a pressing fills, as typed, and the cover's URL;
 * a field the form lacks is absent and never filled (the album form without its details section; the
 * wish form, which has no genre, label, year or country).
 */
export type AutofillValues = Pick<Record<AutofillField, string>, 'title' | 'artist'> &
  Partial<Record<Exclude<AutofillField, 'title' | 'artist'> | DetailField, string>> & { tracklist?: readonly Track[]; coverUrl: string | null };

export const FIELD_NAMES: Record<AutofillTarget, string> = {
  title: 'title',
  artist: 'artist',
  genre: 'genre',
  label: 'label',
  releaseYear: 'year',
  country: 'country',
  format: 'format',
  catalogNumber: 'catalogue number',
  barcode: 'barcode',
  musicbrainzReleaseId: 'MusicBrainz release',
  tracklist: 'tracklist',
  coverUrl: 'cover',
};

/** A pressing's value for each field, as the form holds it ('' when MusicBrainz has none). */
export function pressingValues(pressing: Pressing): Record<TextField, string> {
  return {
    title: pressing.title,
    artist: pressing.artist,
    genre: pressing.genre ?? '',
    label: pressing.label ?? '',
    releaseYear: pressing.year === null ? '' : String(pressing.year),
    country: pressing.country ?? '',
    format: pressing.albumFormat ?? '',
    catalogNumber: pressing.catalogNumber ?? '',
    barcode: pressing.barcode ?? '',
    musicbrainzReleaseId: pressing.musicbrainzReleaseId,
  };
}

const sameTracks = (a: readonly Track[], b: readonly Track[]) =>
  a.length === b.length &&
  a.every(
    (track, i) =>
      track.position === b[i]!.position && track.title === b[i]!.title && (track.duration ?? '') === (b[i]!.duration ?? ''),
  );

export interface AutofillPlan {
  /** What to set now. */
  set: Partial<Record<TextField, string>>;
  /** The tracklist to set now, when the pressing fills it. */
  tracklist?: Track[];
  /** Fields the user had entered, left as they were (the pressing differs there). */
  kept: AutofillTarget[];
  /** Whether to import the pressing's cover. */
  importCover: boolean;
}

/**
 * Fields already filled in (docs/product/releases.md#autofill): autofill fills what is empty or
 * still the form's own default (the current year on a new album), and keeps what the user typed or
 * saved, unless they ticked "Replace what I entered". A field MusicBrainz knows nothing about is
 * never emptied. `entered(field)` says whether a field holds the user's value (typed, or stored with
 * the album).
 */
export function planAutofill(
  values: AutofillValues,
  pressing: Pressing,
  entered: (field: AutofillTarget) => boolean,
  replace: boolean,
): AutofillPlan {
  const next = pressingValues(pressing);
  const plan: AutofillPlan = { set: {}, kept: [], importCover: false };
  for (const field of [...AUTOFILL_FIELDS, ...DETAIL_FIELDS]) {
    const value = next[field];
    const current = values[field];
    if (current === undefined || !value || value === current) continue;
    if (entered(field) && current !== '' && !replace) {
      plan.kept.push(field);
      continue;
    }
    plan.set[field] = value;
  }
  const tracks = values.tracklist;
  if (tracks !== undefined && pressing.tracklist.length > 0 && !sameTracks(tracks, pressing.tracklist)) {
    if (entered('tracklist') && tracks.length > 0 && !replace) plan.kept.push('tracklist');
    else plan.tracklist = pressing.tracklist;
  }
  if (pressing.coverUrl) {
    if (values.coverUrl !== null && !replace) plan.kept.push('coverUrl');
    else plan.importCover = true;
  }
  return plan;
}

/** "label, year and genre": a short list for a sentence. */
export function listFields(fields: readonly AutofillTarget[]): string {
  const names = fields.map((field) => FIELD_NAMES[field]);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
