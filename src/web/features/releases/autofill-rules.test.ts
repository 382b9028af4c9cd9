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

describe('autofill: which fields a chosen pressing fills', () => {
  it('fills every empty field and the default year of a new album, and imports the cover', () => {
    const values = { ...newAlbumValues('Jazz', 2026), title: 'Kind of Blue', artist: 'Miles Davis' };
    const plan = planAutofill(values, pressing, () => false, false);
    expect(plan).toEqual({
      set: { genre: 'Jazz', label: 'Columbia', releaseYear: '1959', country: 'United States' },
      kept: [],
      importCover: true,
    });
  });

  it('keeps what the user entered (and the cover they chose) unless asked to replace it', () => {
    const values = {
      ...newAlbumValues('Jazz', 2026),
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
    const values = { ...newAlbumValues('Jazz', 2026), label: 'Blue Note', genre: 'Jazz' as const };
    const plan = planAutofill(
      values,
      { ...pressing, label: null, genre: null, year: null, country: null, coverUrl: null },
      () => false,
      true,
    );
    expect(plan.set).toEqual({ title: 'Kind of Blue', artist: 'Miles Davis' });
    expect(plan.importCover).toBe(false);
  });

  it('names fields for a sentence', () => {
    expect(listFields(['label'])).toBe('label');
    expect(listFields(['label', 'releaseYear', 'coverUrl'])).toBe('label, year and cover');
  });
});
