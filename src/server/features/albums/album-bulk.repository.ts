import type { Executor } from '../../db/database.js';
import type { AlbumValues } from './albums.repository.js';

/** Ids per statement: far below SQLite's and PostgreSQL's parameter limits, and one call may name 10,000. */
const IDS_PER_STATEMENT = 2000;

function chunks(ids: readonly number[]): number[][] {
  const parts: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) parts.push(ids.slice(i, i + IDS_PER_STATEMENT));
  return parts;
}

/** Queries on many albums of one owner at once (bulk edit), always scoped by the owner's id (docs/product/api.md#who-may-call). */
export const albumBulkRepository = {
  /** How many of these (distinct) ids are the user's albums. */
  async countOwned(db: Executor, userId: number, ids: readonly number[]): Promise<number> {
    let count = 0;
    for (const part of chunks(ids)) {
      const row = await db
        .selectFrom('albums')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .executeTakeFirstOrThrow();
      count += Number(row.count);
    }
    return count;
  },

  /** How many of these albums are not in the collection yet (what a move adds to it). */
  async countOutside(db: Executor, userId: number, ids: readonly number[], collectionId: number): Promise<number> {
    let count = 0;
    for (const part of chunks(ids)) {
      const row = await db
        .selectFrom('albums')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .where('collection_id', '!=', collectionId)
        .executeTakeFirstOrThrow();
      count += Number(row.count);
    }
    return count;
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
