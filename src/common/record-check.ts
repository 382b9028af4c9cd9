import { barcodeDigits, barcodeVariants } from './barcode.js';
import { CHECK_RESULTS_MAX, CHECK_WORDS_MAX, type CheckedAlbum, type CheckedWish, type RecordCheckResult } from './record-check.schemas.js';

/*
 * How a check matches (docs/product/record-check.md#matching), shared by the server's queries (which
 * say the same in SQL) and the browser's check against the offline shelf, so both give one answer.
 */

/** What the collector typed or scanned: a barcode when it is one's digits, else words. */
export type CheckRequest = { barcode: string } | { q: string };

/**
 * Typed text that is a barcode's digits (8, 12 or 13 once spaces and dashes go) is checked as a
 * barcode; anything else is a title, an artist or a catalogue number.
 */
export function checkRequestFor(typed: string): CheckRequest {
  const digits = barcodeDigits(typed.trim());
  return /^(\d{8}|\d{12,13})$/.test(digits) ? { barcode: digits } : { q: typed.trim() };
}

/** The words of a typed check, lower-cased as the stored keys are, each once, at most CHECK_WORDS_MAX. */
export function checkWords(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, CHECK_WORDS_MAX);
}

/** A barcode's stored forms: a UPC-A is also the EAN-13 with a leading zero, and either may be on file. */
export const barcodeForms = (barcode: string): string[] => barcodeVariants(barcode);

/** Whether every word is in the title, the artist or the catalogue number (part of a word is enough). */
export function matchesWords(words: readonly string[], title: string, artist: string, catalogNumber: string | null): boolean {
  const haystack = `${title.trim().toLowerCase()} ${artist.trim().toLowerCase()} ${catalogNumber?.toLowerCase() ?? ''}`;
  return words.every((word) => haystack.includes(word));
}

type AlbumLike = CheckedAlbum;
type WishLike = CheckedWish;

/**
 * The check against lists the browser holds (the offline shelf's albums and wishes): the same
 * matches, order and cap as GET /api/check. Albums oldest first; wishes must-have first, then oldest.
 */
export function checkLists(request: CheckRequest, albums: readonly AlbumLike[], wishes: readonly WishLike[]): RecordCheckResult {
  let matches: (item: { title: string; artist: string; catalogNumber: string | null; barcode: string | null }) => boolean;
  if ('barcode' in request) {
    const forms = barcodeForms(request.barcode);
    matches = (item) => item.barcode !== null && forms.includes(item.barcode);
  } else {
    const words = checkWords(request.q);
    matches = (item) => matchesWords(words, item.title, item.artist, item.catalogNumber);
  }
  const foundAlbums = albums.filter(matches).sort((a, b) => a.id - b.id);
  const foundWishes = wishes.filter(matches).sort((a, b) => a.priority - b.priority || a.id - b.id);
  return {
    albums: foundAlbums.slice(0, CHECK_RESULTS_MAX).map(pickAlbum),
    wishes: foundWishes.slice(0, CHECK_RESULTS_MAX).map(pickWish),
    more: foundAlbums.length > CHECK_RESULTS_MAX || foundWishes.length > CHECK_RESULTS_MAX,
  };
}

// Only the answer's fields: the same whitelist as the server's response.
const pickAlbum = ({ id, title, artist, collection, format, pressing, location, catalogNumber, barcode }: AlbumLike): CheckedAlbum => ({
  id,
  title,
  artist,
  collection,
  format,
  pressing,
  location,
  catalogNumber,
  barcode,
});
const pickWish = ({ id, title, artist, format, pressing, catalogNumber, barcode, priority, maxPrice }: WishLike): CheckedWish => ({
  id,
  title,
  artist,
  format,
  pressing,
  catalogNumber,
  barcode,
  priority,
  maxPrice,
});
