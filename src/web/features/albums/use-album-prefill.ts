import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { isAlbumFormat } from '../../../common/album-formats';
import { ALBUM_DETAIL_LIMITS } from '../../../common/album-details.schemas';
import { ALBUM_TEXT_LIMITS } from '../../../common/albums.schemas';
import { barcodeDigits } from '../../../common/barcode';
import type { AlbumFormValues } from './album-form-values';

export type AlbumPrefill = Partial<Pick<AlbumFormValues, 'title' | 'artist' | 'barcode' | 'catalogNumber' | 'format'>>;

/**
 * The values /album/new starts with from its address (docs/product/record-check.md#page): `title`,
 * `artist`, `barcode`, `catalogNumber` and `format`, as the record check's Add to collection sends
 * them. The address is anyone's to write: text is cut to the field's length, a format off the list and
 * a barcode with anything but digits are dropped; the form checks the rest on Save as if typed.
 */
export function albumPrefill(search: string): AlbumPrefill {
  const params = new URLSearchParams(search);
  const text = (name: string, max: number) => params.get(name)?.trim().slice(0, max) || undefined;
  const prefill: AlbumPrefill = {
    title: text('title', ALBUM_TEXT_LIMITS.title),
    artist: text('artist', ALBUM_TEXT_LIMITS.artist),
    catalogNumber: text('catalogNumber', ALBUM_DETAIL_LIMITS.catalogNumber),
  };
  const barcode = barcodeDigits(params.get('barcode') ?? '');
  if (/^\d{1,14}$/.test(barcode)) prefill.barcode = barcode;
  const format = params.get('format');
  if (format && isAlbumFormat(format)) prefill.format = format;
  return Object.fromEntries(Object.entries(prefill).filter(([, value]) => value !== undefined));
}

/** The prefill of the current address, read once per address. */
export function useAlbumPrefill(): AlbumPrefill {
  const search = useSearch();
  return useMemo(() => albumPrefill(search), [search]);
}
