import type { AlbumFormat } from '../../../common/album-formats.js';
import type { SharedAlbum, SharedSortField, SortOrder } from '../../../common/sharing.schemas.js';
import { storedImageName } from '../cover-art/image-cleanup.js';
import type { SharedAlbumRow } from './sharing.repository.js';

// Sorting and matching happen here rather than in SQL so that SQLite and PostgreSQL (whose default
// collations differ) give visitors the same order: case-insensitive, "Vol. 2" before "Vol. 10".
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The case-insensitive identity of an artist name: equal keys are one artist in the list and the filter. */
export const artistKey = (artist: string): string => artist.trim().normalize('NFC').toLowerCase();

/** The public route of a stored cover within a share. */
export const sharedCoverPath = (token: string, imageName: string): string => `/api/shared/${token}/cover-art/${imageName}`;

/**
 * What a visitor gets as coverUrl: our stored covers through the share's own image route (the owner's
 * /api/cover-art/ route needs their session), remote http(s) covers unchanged, anything else null.
 */
export function publicCoverUrl(token: string, coverUrl: string | null): string | null {
  if (!coverUrl) return null;
  const name = storedImageName(coverUrl);
  if (name) return sharedCoverPath(token, name);
  return /^https?:\/\//i.test(coverUrl) && URL.canParse(coverUrl) ? coverUrl : null;
}

/** Distinct artist names (the first-added spelling of each), sorted case-insensitively. */
export function distinctArtists(albums: readonly SharedAlbumRow[]): string[] {
  const byKey = new Map<string, string>();
  for (const album of albums) {
    const key = artistKey(album.artist);
    if (key && !byKey.has(key)) byKey.set(key, album.artist.trim());
  }
  return [...byKey.values()].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Case-insensitive order on one field, then the other, then the order of adding. */
function compareAlbums(sortBy: SharedSortField, sortOrder: SortOrder) {
  const other: SharedSortField = sortBy === 'title' ? 'artist' : 'title';
  const direction = sortOrder === 'desc' ? -1 : 1;
  return (a: SharedAlbumRow, b: SharedAlbumRow) =>
    direction * (collator.compare(a[sortBy], b[sortBy]) || collator.compare(a[other], b[other])) || a.id - b.id;
}

/** The albums a visitor asked for: filtered by exact artist (case-insensitive; blank = all), sorted. */
export function selectSharedAlbums(
  token: string,
  albums: readonly SharedAlbumRow[],
  options: { artist?: string | undefined; sortBy: SharedSortField; sortOrder: SortOrder },
): SharedAlbum[] {
  const wanted = options.artist ? artistKey(options.artist) : '';
  return albums
    .filter((album) => !wanted || artistKey(album.artist) === wanted)
    .sort(compareAlbums(options.sortBy, options.sortOrder))
    .map((album) => ({
      id: album.id,
      title: album.title,
      artist: album.artist,
      coverUrl: publicCoverUrl(token, album.coverUrl),
      format: album.format as AlbumFormat | null,
      releaseYear: album.releaseYear,
    }));
}

/** The cover a link preview shows: the first stored cover in the page's default order (title ascending). */
export function previewImageName(albums: readonly SharedAlbumRow[]): string | null {
  for (const album of [...albums].sort(compareAlbums('title', 'asc'))) {
    const name = storedImageName(album.coverUrl);
    if (name) return name;
  }
  return null;
}
