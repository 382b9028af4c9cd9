import type { Executor } from '../../db/database.js';
import type { AlbumValues } from './albums.repository.js';

/** Ids per statement: far below SQLite's and PostgreSQL's parameter limits, and one call may name 10,000. */
const IDS_PER_STATEMENT = 2000;

function chunks(ids: readonly number[]): number[][] {
  const parts: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) parts.push(ids.slice(i, i + IDS_PER_STATEMENT));
  return parts;
}

/** Counts the user's albums among the ids (outside one collection when it is named), a chunk of ids per statement. */
async function countOwnedAlbums(db: Executor, userId: number, ids: readonly number[], outsideCollectionId?: number): Promise<number> {
  let count = 0;
  for (const part of chunks(ids)) {
    let query = db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('id', 'in', part);
    if (outsideCollectionId !== undefined) query = query.where('collection_id', '!=', outsideCollectionId);
    const row = await query.executeTakeFirstOrThrow();
    count += Number(row.count);
  }
  return count;
}

/** Queries on many albums of one owner at once (bulk edit), always scoped by the owner's id (docs/product/api.md#who-may-call). */
export const albumBulkRepository = {
  /** How many of these (distinct) ids are the user's albums. */
  countOwned(db: Executor, userId: number, ids: readonly number[]): Promise<number> {
    return countOwnedAlbums(db, userId, ids);
  },

  /** How many of these albums are not in the collection yet (what a move adds to it). */
  countOutside(db: Executor, userId: number, ids: readonly number[], collectionId: number): Promise<number> {
    return countOwnedAlbums(db, userId, ids, collectionId);
  },

  async update(db: Executor, userId: number, ids: readonly number[], values: Partial<AlbumValues>, now: string): Promise<void> {
    for (const part of chunks(ids)) {
      await db
        .updateTable('albums')
        .set({ ...values, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
    }
  },

  /** Deletes the albums and answers the cover URLs they used (to release stored covers after). */
  async delete(db: Executor, userId: number, ids: readonly number[]): Promise<(string | null)[]> {
    const covers: (string | null)[] = [];
    for (const part of chunks(ids)) {
      const rows = await db.deleteFrom('albums').where('user_id', '=', userId).where('id', 'in', part).returning('cover_url').execute();
      for (const row of rows) covers.push(row.cover_url);
    }
    return covers;
  },
};
