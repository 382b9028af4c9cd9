import type { Album } from '../../../common/albums.schemas.js';
import type { AlbumWithCollection } from './albums.repository.js';

/** The album as the API shows it (docs/product/albums.md#fields): dollars from integer cents, isLent as a boolean. */
export function presentAlbum(row: AlbumWithCollection): Album {
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
  };
}
