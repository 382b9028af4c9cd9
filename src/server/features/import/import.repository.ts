import type { Executor } from '../../db/database.js';
import type { AlbumValues } from '../albums/albums.repository.js';

export interface ExistingAlbumKey {
  collection_id: number;
  title_key: string;
  artist_key: string;
  discogs_release_id: number | null;
  catalog_number: string | null;
  format: string | null;
}

/** Rows per INSERT: 500 × 32 parameters stays far below SQLite's and PostgreSQL's limits. */
export const INSERT_CHUNK = 500;

/** Bulk reads and writes of the import, always scoped by the owner's id (docs/product/api.md#who-may-call). */
export const importRepository = {
  /**
   * The duplicate keys (docs/product/albums.md#duplicates) of every album of the user, with its
   * collection id and what tells copies apart.
   */
  albumKeys(db: Executor, userId: number): Promise<ExistingAlbumKey[]> {
    return db
      .selectFrom('albums')
      .select(['collection_id', 'title_key', 'artist_key', 'discogs_release_id', 'catalog_number', 'format'])
      .where('user_id', '=', userId)
      .execute();
  },

  /** Which of these stored image names belong to the user. */
  async ownImageNames(db: Executor, userId: number, names: string[]): Promise<Set<string>> {
    const owned = new Set<string>();
    for (let i = 0; i < names.length; i += INSERT_CHUNK) {
      const rows = await db
        .selectFrom('images')
        .select('name')
        .where('user_id', '=', userId)
        .where('name', 'in', names.slice(i, i + INSERT_CHUNK))
        .execute();
      for (const row of rows) owned.add(row.name);
    }
    return owned;
  },

  /** Inserts up to INSERT_CHUNK albums in one statement; answers their ids. */
  async insertMany(db: Executor, userId: number, values: AlbumValues[], now: string): Promise<number[]> {
    if (values.length === 0) return [];
    const rows = await db
      .insertInto('albums')
      .values(values.map((album) => ({ ...album, user_id: userId, created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    return rows.map((row) => Number(row.id));
  },
};
