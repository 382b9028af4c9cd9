import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { isAlbumFormat, type AlbumFormat } from '../../../common/album-formats';
import { wishRequestSchema, type Wish, type WishInput, type WishRequest } from '../../../common/wishlist.schemas';

/**
 * What the wish form edits: text as typed ('' when empty), parsed by the shared schema on submit (the
 * server's own rules and messages, docs/product/wishlist.md#fields). The release ids have no field: they
 * come from the wish or from autofill and are sent back as they are, since a save replaces every field.
 */
export interface WishFormValues {
  title: string;
  artist: string;
  format: AlbumFormat | '';
  pressing: string;
  catalogNumber: string;
  barcode: string;
  maxPrice: string;
  /** '1' must have, '2' want, '3' maybe. */
  priority: '1' | '2' | '3';
  notes: string;
  coverUrl: string | null;
  discogsReleaseId: string;
  musicbrainzReleaseId: string;
}

export const WISH_FIELD_NAMES = [
  'title',
  'artist',
  'format',
  'pressing',
  'catalogNumber',
  'barcode',
  'maxPrice',
  'priority',
  'notes',
  'coverUrl',
  'discogsReleaseId',
  'musicbrainzReleaseId',
] as const satisfies readonly (keyof WishFormValues)[];

export const wishFormSchema = z
  .custom<WishFormValues>()
  .transform((values): WishRequest => values)
  .pipe(wishRequestSchema);

export type WishFormApi = UseFormReturn<WishFormValues, unknown, WishInput>;

/** The address's parameters a new wish starts from (docs/product/wishlist.md#prefill). */
export const PREFILL_PARAMS = ['title', 'artist', 'barcode', 'catalogNumber', 'format'] as const;

/** Longer than any field allows: a link is outside input, so it is cut before the form sees it. */
const PREFILL_MAX = 300;

/**
 * A new wish: empty, priority Want, and what the address brings (title, artist, barcode, catalogNumber,
 * format; a format the list does not know is left out). The shared schema checks all of it on Save.
 */
export function newWishValues(search = ''): WishFormValues {
  const params = new URLSearchParams(search);
  const read = (name: (typeof PREFILL_PARAMS)[number]) => (params.get(name) ?? '').trim().slice(0, PREFILL_MAX);
  const format = read('format');
  return {
    title: read('title'),
    artist: read('artist'),
    format: isAlbumFormat(format) ? format : '',
    pressing: '',
    catalogNumber: read('catalogNumber'),
    barcode: read('barcode'),
    maxPrice: '',
    priority: '2',
    notes: '',
    coverUrl: null,
    discogsReleaseId: '',
    musicbrainzReleaseId: '',
  };
}

const text = (value: string | null) => value ?? '';

export function wishToFormValues(wish: Wish): WishFormValues {
  return {
    title: wish.title,
    artist: wish.artist,
    format: wish.format ?? '',
    pressing: text(wish.pressing),
    catalogNumber: text(wish.catalogNumber),
    barcode: text(wish.barcode),
    // Dollars with two decimals, as a price is typed ("18.50").
    maxPrice: wish.maxPrice === null ? '' : wish.maxPrice.toFixed(2),
    priority: wish.priority === 1 || wish.priority === 3 ? (String(wish.priority) as '1' | '3') : '2',
    notes: text(wish.notes),
    coverUrl: wish.coverUrl,
    discogsReleaseId: wish.discogsReleaseId === null ? '' : String(wish.discogsReleaseId),
    musicbrainzReleaseId: text(wish.musicbrainzReleaseId),
  };
}
