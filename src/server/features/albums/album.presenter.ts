import type { AlbumFormat } from '../../../common/album-formats.js';
import type { Track } from '../../../common/album-details.schemas.js';
import type { Album, AlbumListItem } from '../../../common/albums.schemas.js';
import type { AlbumListRow, AlbumWithCollection } from './albums.repository.js';

/** The album as the API shows it (docs/product/albums.md#fields): dollars from integer cents, isLent as a boolean. */
export function presentAlbum(row: AlbumWithCollection): Album {
  return {
    ...presentAlbumListItem(row),
    notes: row.notes,
    tracklist: row.tracklist === null ? null : (JSON.parse(row.tracklist) as Track[]),
  };
}

/** The album as the list shows it (docs/product/albums.md#album-list): every field but notes and tracklist. */
export function presentAlbumListItem(row: AlbumListRow): AlbumListItem {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    collection: row.collection_name,
    purchaseLocation: row.purchase_location,
    purchaseDate: row.purchase_date,
    price: row.price_cents === null ? null : row.price_cents / 100,
    coverUrl: row.cover_url,
    genre: row.genre,
    label: row.label,
    releaseYear: row.release_year,
    country: row.country,
    mediaCondition: row.media_condition,
    sleeveCondition: row.sleeve_condition,
    isLent: Boolean(row.is_lent),
    lentTo: row.lent_to,
    lentDate: row.lent_date,
    format: row.format as AlbumFormat | null,
    catalogNumber: row.catalog_number,
    barcode: row.barcode,
    pressing: row.pressing,
    rating: row.rating,
    location: row.location,
    discogsReleaseId: row.discogs_release_id,
    musicbrainzReleaseId: row.musicbrainz_release_id,
    // A row an instance of the previous build inserted during an upgrade has no added_at yet.
    addedAt: row.added_at ?? row.created_at,
  };
}
