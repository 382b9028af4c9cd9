import { describe, expect, it } from 'vitest';
import { NO_ALBUM_DETAILS } from '../../../common/album-details.schemas';
import { todayIsoDate, type Album } from '../../../common/albums.schemas';
import { ApiError } from '../../lib/api-client';
import { albumFormSchema, albumToFormValues, isDuplicateAlbumError, newAlbumValues } from './album-form-values';

const parse = (values: ReturnType<typeof newAlbumValues>) => albumFormSchema.safeParse(values);
const messages = (values: ReturnType<typeof newAlbumValues>) => {
  const result = parse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('album form (docs/product/albums.md#form)', () => {
  it('a new album starts in the requested collection with this year', () => {
    expect(newAlbumValues('Jazz', 2025)).toMatchObject({ collection: 'Jazz', releaseYear: '2025', isLent: false, coverUrl: null });
  });

  it('shows the product\'s messages: a collection is required, and who it is lent to when lent', () => {
    const values = { ...newAlbumValues('', 2025), isLent: true };
    expect(messages(values)).toMatchObject({
      collection: 'Please select a collection',
      title: 'Title is required',
      artist: 'Artist is required',
      lentTo: 'Please enter who the album is lent to',
    });
  });

  it('the release year is 1900 at the earliest', () => {
    expect(messages({ ...newAlbumValues('Jazz', 2025), title: 'T', artist: 'A', releaseYear: '1899' })).toEqual({
      releaseYear: 'Release year must be 1900 or later',
    });
  });

  it('price is read as a float, year as an integer, empty optional values as null', () => {
    const result = parse({ ...newAlbumValues('Jazz', 2025), title: ' Blue Train ', artist: 'John Coltrane', price: '18.5', releaseYear: '1957', label: '  ' });
    expect(result.success && result.data).toMatchObject({
      title: 'Blue Train',
      price: 18.5,
      releaseYear: 1957,
      label: null,
      genre: null,
      purchaseDate: null,
      mediaCondition: null,
      coverUrl: null,
    });
  });

  it('reads a price typed with a decimal comma as the same number, and refuses one it cannot read for sure', () => {
    const base = { ...newAlbumValues('Jazz', 2025), title: 'T', artist: 'A' };
    for (const [price, value] of [['12,50', 12.5], ['12,5', 12.5], ['1.250,00', 1250], ['1,250.00', 1250]] as const) {
      const result = parse({ ...base, price });
      expect(result.success && result.data.price).toBe(value);
    }
    expect(messages({ ...base, price: '1,250' })).toEqual({ price: 'Is this 1250 or 1.25? Type the price without a thousands separator' });
    expect(messages({ ...base, price: 'abc' })).toEqual({ price: 'Price must be a number' });
    expect(messages({ ...base, price: '-3' })).toEqual({ price: 'Price cannot be negative' });
    expect(messages({ ...base, price: '12,505' })).toEqual({ price: 'Is this 12505 or 12.505? Type the price without a thousands separator' });
  });

  it('refuses a purchase date after today (the browser\'s today), and takes today', () => {
    const base = { ...newAlbumValues('Jazz', 2025), title: 'T', artist: 'A' };
    expect(messages({ ...base, purchaseDate: '2099-01-01' })).toEqual({ purchaseDate: 'Purchase date cannot be in the future' });
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(messages({ ...base, purchaseDate: todayIsoDate(tomorrow) })).toEqual({ purchaseDate: 'Purchase date cannot be in the future' });
    expect(parse({ ...base, purchaseDate: todayIsoDate() }).success).toBe(true);
  });

  it('lent without a date is dated today; not lent sends lentTo and lentDate as null', () => {
    const base = { ...newAlbumValues('Jazz', 2025), title: 'T', artist: 'A' };
    const lent = parse({ ...base, isLent: true, lentTo: 'Sam' });
    expect(lent.success && lent.data).toMatchObject({ isLent: true, lentTo: 'Sam', lentDate: todayIsoDate() });
    const notLent = parse({ ...base, isLent: false, lentTo: 'Sam', lentDate: '2024-01-01' });
    expect(notLent.success && notLent.data).toMatchObject({ isLent: false, lentTo: null, lentDate: null });
  });

  it('an album opens in the form as it was saved', () => {
    const album: Album = {
      id: 7,
      title: 'Blue',
      artist: 'Joni Mitchell',
      collection: 'Folk',
      purchaseLocation: null,
      purchaseDate: '2024-05-01',
      price: 18.5,
      coverUrl: '/api/cover-art/abc.jpg',
      genre: 'Folk',
      label: null,
      releaseYear: 1971,
      country: null,
      mediaCondition: 'Near Mint (NM)',
      sleeveCondition: null,
      isLent: true,
      lentTo: 'Kim',
      lentDate: '2025-01-02',
      ...NO_ALBUM_DETAILS,
      addedAt: '2025-01-01T10:00:00.000Z',
    };
    const values = albumToFormValues(album);
    expect(values).toMatchObject({ price: '18.50', releaseYear: '1971', label: '', sleeveCondition: '', lentTo: 'Kim', coverUrl: '/api/cover-art/abc.jpg' });
    const again = parse(values);
    expect(again.success && again.data).toMatchObject({ price: 18.5, releaseYear: 1971, label: null, lentDate: '2025-01-02' });
  });

  it('a 409 whose message asks "Would you like to add it anyway?" is the duplicate case; other failures are not', () => {
    const duplicate = '"Blue" by Joni Mitchell is already in "Folk". Would you like to add it anyway?';
    expect(isDuplicateAlbumError(new ApiError(duplicate, 409, { message: duplicate }, duplicate))).toBe(true);
    expect(isDuplicateAlbumError(new ApiError('Conflict', 409, {}, 'Something else'))).toBe(false);
    expect(isDuplicateAlbumError(new ApiError(duplicate, 400, { message: duplicate }, duplicate))).toBe(false);
  });
});
