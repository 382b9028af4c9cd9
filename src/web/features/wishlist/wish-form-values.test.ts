import { describe, expect, it } from 'vitest';
import type { Wish } from '../../../common/wishlist.schemas';
import { newWishValues, wishFormSchema, wishToFormValues } from './wish-form-values';

describe('the wish form (docs/product/wishlist.md#form)', () => {
  it('starts a new wish at priority Want, with what the address brings', () => {
    const values = newWishValues('?title=Blue%20Train&artist=John%20Coltrane&barcode=4006381333931&catalogNumber=BLP%201577&format=LP');
    expect(values).toMatchObject({ title: 'Blue Train', artist: 'John Coltrane', barcode: '4006381333931', catalogNumber: 'BLP 1577', format: 'LP', priority: '2' });
    expect(newWishValues('?format=Vinyl').format).toBe('');
    expect(newWishValues().title).toBe('');
  });

  it('sends the server its own shape: a comma price, the priority as a number, empty fields as null', () => {
    const parsed = wishFormSchema.parse({ ...newWishValues('?title=Kind of Blue&artist=Miles Davis'), maxPrice: '12,50', priority: '1' });
    expect(parsed).toMatchObject({ title: 'Kind of Blue', artist: 'Miles Davis', maxPrice: 12.5, priority: 1, format: null, notes: null });
  });

  it('shows the server messages under the fields', () => {
    const result = wishFormSchema.safeParse({ ...newWishValues(), barcode: '4006381333932' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    expect(messages).toContain('title: Title is required');
    expect(messages).toContain('artist: Artist is required');
    expect(messages.some((m) => m.startsWith('barcode: Barcode check digit is wrong'))).toBe(true);
  });

  it('keeps every field of a wish it edits, release ids too', () => {
    const wish: Wish = {
      id: 3,
      title: 'A Love Supreme',
      artist: 'John Coltrane',
      format: '2LP',
      pressing: 'Acoustic Sounds',
      catalogNumber: 'AS-77',
      barcode: null,
      maxPrice: 40,
      priority: 3,
      notes: 'Only sealed',
      coverUrl: null,
      discogsReleaseId: 123,
      musicbrainzReleaseId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const parsed = wishFormSchema.parse(wishToFormValues(wish));
    expect(parsed).toMatchObject({ format: '2LP', maxPrice: 40, priority: 3, discogsReleaseId: 123, notes: 'Only sealed' });
  });
});
