import { describe, expect, it } from 'vitest';
import type { Pressing } from '../../../common/releases.schemas';
import { newAlbumValues } from '../albums/album-form-values';
import { listFields, planAutofill } from './autofill-rules';

const pressing: Pressing = {
  releaseId: '5b11f4ce-a62d-471e-81fc-a69a8278c7da',
  title: 'Kind of Blue',
  artist: 'Miles Davis',
  year: 1959,
  country: 'United States',
  countryCode: 'US',
  label: 'Columbia',
  catalogNumber: 'CL 1355',
  barcode: null,
  format: '12" Vinyl',
  albumFormat: 'LP',
  tracklist: [
    { position: 'A1', title: 'So What', duration: '9:22' },
    { position: 'A2', title: 'Freddie Freeloader', duration: '9:46' },
  ],
  musicbrainzReleaseId: '5b11f4ce-a62d-471e-81fc-a69a8278c7da',
  genre: 'Jazz',
  hasFrontCover: true,
  coverUrl: 'https://coverartarchive.org/release/5b11f4ce-a62d-471e-81fc-a69a8278c7da/front-500',
};

const DETAIL_FIELDS = ['format', 'catalogNumber', 'barcode', 'musicbrainzReleaseId', 'tracklist'];
/** A new album's form values as a form without the copy's details holds them. */
const basicAlbum = () =>
  Object.fromEntries(Object.entries(newAlbumValues('Jazz', 2026)).filter(([field]) => !DETAIL_FIELDS.includes(field))) as Omit<
    ReturnType<typeof newAlbumValues>,
    'format' | 'catalogNumber' | 'barcode' | 'musicbrainzReleaseId' | 'tracklist'
  >;

describe("autofill: the copy's details (where the form holds them)", () => {
  const details = { format: '', catalogNumber: '', barcode: '', musicbrainzReleaseId: '', tracklist: [] };
  const newAlbum = { ...basicAlbum(), title: 'Kind of Blue', artist: 'Miles Davis' };

  it('fills format, catalogue number, release id and tracklist when they are empty', () => {
    const plan = planAutofill({ ...newAlbum, ...details }, pressing, () => false, false);
    expect(plan.set).toMatchObject({ format: 'LP', catalogNumber: 'CL 1355', musicbrainzReleaseId: pressing.releaseId });
    // MusicBrainz has no barcode for this pressing: the field is left alone.
    expect(plan.set).not.toHaveProperty('barcode');
    expect(plan.tracklist).toEqual(pressing.tracklist);
    expect(plan.kept).toEqual([]);
  });

  it('fills nothing the form does not have', () => {
    const plan = planAutofill(newAlbum, pressing, () => false, false);
    expect(Object.keys(plan.set)).toEqual(['genre', 'label', 'releaseYear', 'country']);
    expect(plan.tracklist).toBeUndefined();
  });

  it('keeps a typed catalogue number, format, barcode and tracklist unless asked to replace them', () => {
    const typed = {
      ...newAlbum,
      format: '2LP',
      catalogNumber: 'CS 8163',
      barcode: '0602577289118',
      musicbrainzReleaseId: '',
      tracklist: [{ position: 'A1', title: 'So What' }],
    };
    const entered = (field: string) => ['format', 'catalogNumber', 'barcode', 'tracklist'].includes(field);
    const withBarcode = { ...pressing, barcode: '5099706418924' };
    const kept = planAutofill(typed, withBarcode, entered, false);
    expect(kept.set).toEqual({
      genre: 'Jazz',
      label: 'Columbia',
      releaseYear: '1959',
      country: 'United States',
      musicbrainzReleaseId: pressing.releaseId,
    });
    expect(kept.kept).toEqual(['format', 'catalogNumber', 'barcode', 'tracklist']);
    expect(kept.tracklist).toBeUndefined();
    expect(listFields(kept.kept)).toBe('format, catalogue number, barcode and tracklist');

    const replaced = planAutofill(typed, withBarcode, entered, true);
    expect(replaced.set).toMatchObject({ format: 'LP', catalogNumber: 'CL 1355', barcode: '5099706418924' });
    expect(replaced.tracklist).toEqual(pressing.tracklist);
  });

  it('never empties the tracklist or the format when MusicBrainz has none', () => {
    const values = { ...newAlbum, ...details, format: 'LP', tracklist: [{ position: '1', title: 'Mine' }] };
    const plan = planAutofill(values, { ...pressing, albumFormat: null, tracklist: [] }, () => false, true);
    expect(plan.set).not.toHaveProperty('format');
    expect(plan.tracklist).toBeUndefined();
  });
});

describe('autofill: which fields a chosen pressing fills', () => {
  it('fills every empty field and the default year of a new album, and imports the cover', () => {
    const values = { ...basicAlbum(), title: 'Kind of Blue', artist: 'Miles Davis' };
    const plan = planAutofill(values, pressing, () => false, false);
    expect(plan).toEqual({
      set: { genre: 'Jazz', label: 'Columbia', releaseYear: '1959', country: 'United States' },
      kept: [],
      importCover: true,
    });
  });

  it('keeps what the user entered (and the cover they chose) unless asked to replace it', () => {
    const values = {
      ...basicAlbum(),
      title: 'kind of blue',
      artist: 'Miles Davis',
      country: 'UK',
      label: '',
      coverUrl: '/api/cover-art/mine.jpg',
    };
    const entered = (field: string) => ['title', 'artist', 'country', 'label', 'coverUrl'].includes(field);
    const kept = planAutofill(values, pressing, entered, false);
    expect(kept.set).toEqual({ genre: 'Jazz', label: 'Columbia', releaseYear: '1959' });
    expect(kept.kept).toEqual(['title', 'country', 'coverUrl']);
    expect(kept.importCover).toBe(false);
    const replaced = planAutofill(values, pressing, entered, true);
    expect(replaced.set).toMatchObject({ title: 'Kind of Blue', country: 'United States' });
    expect(replaced.kept).toEqual([]);
    expect(replaced.importCover).toBe(true);
  });

  it('never empties a field MusicBrainz knows nothing about', () => {
    const values = { ...basicAlbum(), label: 'Blue Note', genre: 'Jazz' as const };
    const plan = planAutofill(
      values,
      { ...pressing, label: null, genre: null, year: null, country: null, coverUrl: null },
      () => false,
      true,
    );
    expect(plan.set).toEqual({ title: 'Kind of Blue', artist: 'Miles Davis' });
    expect(plan.importCover).toBe(false);
  });

  it('with the details section in the form, fills its empty fields too', () => {
    const values = { ...newAlbumValues('Jazz', 2026), title: 'Kind of Blue', artist: 'Miles Davis' };
    const plan = planAutofill(values, pressing, () => false, false);
    expect(plan.set).toMatchObject({ genre: 'Jazz', format: 'LP', catalogNumber: 'CL 1355', musicbrainzReleaseId: pressing.releaseId });
    expect(plan.tracklist).toEqual(pressing.tracklist);
  });

  it('names fields for a sentence', () => {
    expect(listFields(['label'])).toBe('label');
    expect(listFields(['label', 'releaseYear', 'coverUrl'])).toBe('label, year and cover');
  });
});
