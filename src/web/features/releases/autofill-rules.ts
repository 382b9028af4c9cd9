import type { Pressing } from '../../../common/releases.schemas';

/** The form fields a pressing fills, in the form's order; the cover is imported separately. */
export const AUTOFILL_FIELDS = ['title', 'artist', 'genre', 'label', 'releaseYear', 'country'] as const;
export type AutofillField = (typeof AUTOFILL_FIELDS)[number];
export type AutofillTarget = AutofillField | 'coverUrl';

/** What autofill reads of the album form: the fields a pressing fills, as typed, and the cover's URL. */
export type AutofillValues = Record<AutofillField, string> & { coverUrl: string | null };

export const FIELD_NAMES: Record<AutofillTarget, string> = {
  title: 'title',
  artist: 'artist',
  genre: 'genre',
  label: 'label',
  releaseYear: 'year',
  country: 'country',
  coverUrl: 'cover',
};

/** A pressing's value for each field, as the form holds it ('' when MusicBrainz has none). */
export function pressingValues(pressing: Pressing): Record<AutofillField, string> {
  return {
    title: pressing.title,
    artist: pressing.artist,
    genre: pressing.genre ?? '',
    label: pressing.label ?? '',
    releaseYear: pressing.year === null ? '' : String(pressing.year),
    country: pressing.country ?? '',
  };
}

export interface AutofillPlan {
  /** What to set now. */
  set: Partial<Record<AutofillField, string>>;
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
  for (const field of AUTOFILL_FIELDS) {
    const value = next[field];
    if (!value || value === values[field]) continue;
    if (entered(field) && values[field] !== '' && !replace) {
      plan.kept.push(field);
      continue;
    }
    (plan.set as Record<AutofillField, string>)[field] = value;
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
