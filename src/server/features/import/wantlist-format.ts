import { ALBUM_DETAIL_LIMITS } from '../../../common/album-details.schemas.js';
import { DEFAULT_WISH_PRIORITY, type WishRequest } from '../../../common/wishlist.schemas.js';
import { discogsRating, discogsReleaseId, dropDiscogsSuffix, fitted, mapDiscogsFormat } from './import-formats.js';

/** One wantlist row turned into the wish request it stands for, with what changed on the way. */
export interface MappedWish {
  request: WishRequest;
  notices: string[];
}

export interface WantlistMapper {
  format: 'discogs-wantlist';
  into: 'wishlist';
  /** File-wide remarks shown with the dry run. */
  warnings: string[];
  map(cells: string[]): MappedWish;
}

const norm = (header: string) => header.trim().toLowerCase();

/** Columns every Discogs wantlist export has (and a collection export's CollectionFolder it lacks). */
const WANTLIST_REQUIRED = ['artist', 'title', 'release_id'];
/** Columns of a Discogs wantlist export read into wish fields or kept in the notes. */
const WANTLIST_READ = new Set(['catalog#', 'artist', 'title', 'label', 'format', 'rating', 'released', 'release_id', 'notes']);

/** A Discogs export without a CollectionFolder column is a wantlist (docs/product/import.md#formats). */
export function isDiscogsWantlist(names: string[]): boolean {
  return WANTLIST_REQUIRED.every((name) => names.includes(name)) && !names.includes('collectionfolder');
}

/**
 * Reads a Discogs wantlist export into wishes (docs/product/import.md#discogs-wantlist): the same
 * readings as the collection export for what both have (format, catalogue number, release id, name
 * suffixes). A wish has no label, year or rating, so those are kept in the notes rather than lost.
 */
export function wantlistMapper(header: string[]): WantlistMapper {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(norm(name))) index.set(norm(name), i);
  });
  const col = (name: string) => index.get(name) ?? -1;
  const at = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? ''));
  const catalogNumber = col('catalog#');
  const artist = col('artist');
  const title = col('title');
  const label = col('label');
  const format = col('format');
  const rating = col('rating');
  const released = col('released');
  const releaseId = col('release_id');
  const notes = col('notes');

  const ignored = header.filter((name) => norm(name) && !WANTLIST_READ.has(norm(name)));
  const warnings: string[] = [];
  if (ignored.length) warnings.push(`Spindle wishes have no field for these columns, so they are not imported: ${ignored.join(', ')}.`);

  return {
    format: 'discogs-wantlist',
    into: 'wishlist',
    warnings,
    map(cells) {
      const notices: string[] = [];
      const formatText = at(cells, format).trim();
      const noteLines: string[] = [];
      const written = at(cells, notes).trim();
      if (written) noteLines.push(written);
      // Discogs joins several labels with ", "; each keeps its name without the " (2)" suffix.
      const labels = at(cells, label)
        .split(', ')
        .map((name) => dropDiscogsSuffix(name))
        .filter(Boolean);
      if (labels.length) noteLines.push(`Label: ${labels.join(', ')}`);
      const releasedText = at(cells, released).trim();
      if (releasedText && releasedText !== '0') noteLines.push(`Released: ${releasedText}`);
      const stars = discogsRating(at(cells, rating), notices);
      if (stars !== null) noteLines.push(`Rating: ${stars} of 5`);
      const catalog = at(cells, catalogNumber).trim();
      const request: WishRequest = {
        title: at(cells, title),
        artist: dropDiscogsSuffix(at(cells, artist)),
        format: mapDiscogsFormat(formatText),
        // The whole format text: the list's one value cannot say "2xLP, Album, RE, 180 g".
        pressing: formatText ? fitted(formatText, ALBUM_DETAIL_LIMITS.pressing, 'Format', notices) : null,
        // Discogs writes "none" for a release without a catalogue number.
        catalogNumber: !catalog || /^none$/i.test(catalog) ? null : fitted(catalog, ALBUM_DETAIL_LIMITS.catalogNumber, 'Catalog#', notices),
        discogsReleaseId: discogsReleaseId(at(cells, releaseId), notices),
        notes: noteLines.length ? fitted(noteLines.join('\n'), ALBUM_DETAIL_LIMITS.notes, 'Notes', notices) : null,
        priority: DEFAULT_WISH_PRIORITY,
      };
      return { request, notices };
    },
  };
}
