import type { Control, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ALBUM_MESSAGES, albumFormRequestSchema, type Album, type AlbumInput, type AlbumRequest } from '../../../common/albums.schemas';
import type { AlbumFormat } from '../../../common/album-formats';
import type { Condition, Genre } from '../../../common/constants';
import { isApiError } from '../../lib/api-client';

/**
 * What the album form edits: text as typed (numbers too, parsed by the shared schema on submit:
 * price as a float, year as an integer, empty as null, docs/product/albums.md#validation),
 * selects as '' when unset.
 */
export interface AlbumFormValues {
  title: string;
  artist: string;
  collection: string;
  purchaseLocation: string;
  purchaseDate: string;
  price: string;
  genre: Genre | '';
  label: string;
  releaseYear: string;
  country: string;
  mediaCondition: Condition | '';
  sleeveCondition: Condition | '';
  isLent: boolean;
  lentTo: string;
  lentDate: string;
  coverUrl: string | null;
  // Pressing & details (docs/product/albums.md#pressing--details): text as typed, '' when empty.
  format: AlbumFormat | '';
  catalogNumber: string;
  barcode: string;
  pressing: string;
  /** '' or '1' to '5'. */
  rating: string;
  location: string;
  notes: string;
  tracklist: TrackRow[];
  discogsReleaseId: string;
  musicbrainzReleaseId: string;
}

/** One editable tracklist row; duration '' when not known. */
export interface TrackRow {
  position: string;
  title: string;
  duration: string;
}

/** The Pressing & details fields, in the form's order. */
export const DETAIL_FIELD_NAMES = [
  'format',
  'catalogNumber',
  'barcode',
  'pressing',
  'rating',
  'location',
  'notes',
  'tracklist',
  'discogsReleaseId',
  'musicbrainzReleaseId',
] as const satisfies readonly (keyof AlbumFormValues)[];

type DetailValues = Pick<AlbumFormValues, (typeof DETAIL_FIELD_NAMES)[number]>;

/** Whether any Pressing & details field holds something: the section then opens on edit. */
export function hasAlbumDetails(values: DetailValues): boolean {
  return DETAIL_FIELD_NAMES.some((name) => {
    const value = values[name];
    return Array.isArray(value) ? value.length > 0 : value.trim() !== '';
  });
}

/**
 * The form's resolver schema: the shared request schema (the server's own rules and messages),
 * read from the form's values. The form's values are one shape the request accepts.
 */
export const albumFormSchema = z
  .custom<AlbumFormValues>()
  .transform((values): AlbumRequest => values)
  .pipe(albumFormRequestSchema);

export type AlbumFormApi = UseFormReturn<AlbumFormValues, unknown, AlbumInput>;
export type AlbumFormControl = Control<AlbumFormValues, unknown, AlbumInput>;

/** A new album: the collection from ?collection= (when it exists) and this year (docs/product/albums.md#validation). */
export function newAlbumValues(collection: string, currentYear: number): AlbumFormValues {
  return {
    title: '',
    artist: '',
    collection,
    purchaseLocation: '',
    purchaseDate: '',
    price: '',
    genre: '',
    label: '',
    releaseYear: String(currentYear),
    country: '',
    mediaCondition: '',
    sleeveCondition: '',
    isLent: false,
    lentTo: '',
    lentDate: '',
    coverUrl: null,
    format: '',
    catalogNumber: '',
    barcode: '',
    pressing: '',
    rating: '',
    location: '',
    notes: '',
    tracklist: [],
    discogsReleaseId: '',
    musicbrainzReleaseId: '',
  };
}

const text = (value: string | null) => value ?? '';

export function albumToFormValues(album: Album): AlbumFormValues {
  return {
    title: album.title,
    artist: album.artist,
    collection: album.collection,
    purchaseLocation: text(album.purchaseLocation),
    purchaseDate: text(album.purchaseDate),
    // Stored cents come back as dollars; two decimals is how a price is typed ("18.50").
    price: album.price === null ? '' : album.price.toFixed(2),
    genre: (album.genre ?? '') as Genre | '',
    label: text(album.label),
    releaseYear: album.releaseYear === null ? '' : String(album.releaseYear),
    country: text(album.country),
    mediaCondition: (album.mediaCondition ?? '') as Condition | '',
    sleeveCondition: (album.sleeveCondition ?? '') as Condition | '',
    isLent: album.isLent,
    lentTo: text(album.lentTo),
    lentDate: text(album.lentDate),
    coverUrl: album.coverUrl,
    format: album.format ?? '',
    catalogNumber: text(album.catalogNumber),
    barcode: text(album.barcode),
    pressing: text(album.pressing),
    rating: album.rating === null ? '' : String(album.rating),
    location: text(album.location),
    notes: text(album.notes),
    tracklist: (album.tracklist ?? []).map((track) => ({ position: track.position, title: track.title, duration: track.duration ?? '' })),
    discogsReleaseId: album.discogsReleaseId === null ? '' : String(album.discogsReleaseId),
    musicbrainzReleaseId: text(album.musicbrainzReleaseId),
  };
}

/**
 * docs/product/albums.md#duplicates: a POST refused as a duplicate, which the Duplicate Album dialog may
 * retry with allowDuplicate.
 */
export function isDuplicateAlbumError(error: unknown): boolean {
  return isApiError(error, 409) && (error.serverMessage ?? '').includes(ALBUM_MESSAGES.duplicateSuffix);
}
