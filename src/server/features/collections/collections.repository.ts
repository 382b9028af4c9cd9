import type { Executor } from '../../db/database.js';
import type { CollectionRow } from '../../db/schema.js';
import { textKey } from '../../db/text-key.js';

export interface CollectionWithCount {
  id: number;
  name: string;
  name_key: string;
  share_token: string | null;
  album_count: number;
}

/** Names compare trimmed and case-insensitively (docs/product/collections.md#fields). */
export const collectionNameKey = textKey;

/** Queries on `collections`, always scoped by the owner's id (docs/product/api.md#who-may-call). */
export const collectionsRepository = {
  /** The user's collections with their album counts, in one query. */
  async listWithCounts(db: Executor, userId: number): Promise<CollectionWithCount[]> {
    const rows = await db
      .selectFrom('collections')
      .leftJoin('albums', 'albums.collection_id', 'collections.id')
      .select((eb) => [
        'collections.id',
        'collections.name',
        'collections.name_key',
        'collections.share_token',
        eb.fn.count<number>('albums.id').as('album_count'),
      ])
      .where('collections.user_id', '=', userId)
      .groupBy(['collections.id', 'collections.name', 'collections.name_key', 'collections.share_token'])
      .execute();
    return rows.map((row) => ({ ...row, album_count: Number(row.album_count) }));
  },

  findById(db: Executor, userId: number, id: number): Promise<CollectionRow | undefined> {
    return db.selectFrom('collections').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  },

  findByName(db: Executor, userId: number, name: string): Promise<CollectionRow | undefined> {
    return db
      .selectFrom('collections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('name_key', '=', collectionNameKey(name))
      .executeTakeFirst();
  },

  /** The user's number of collections, counted no further than `limit` (a threshold check needs no more). */
  async countByUserUpTo(db: Executor, userId: number, limit: number): Promise<number> {
    const row = await db
      .selectFrom((qb) => qb.selectFrom('collections').select('id').where('user_id', '=', userId).limit(limit).as('first'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async countByUser(db: Executor, userId: number): Promise<number> {
    const row = await db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  insert(db: Executor, userId: number, name: string, now: string): Promise<CollectionRow> {
    return db
      .insertInto('collections')
      .values({ user_id: userId, name, name_key: collectionNameKey(name), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  rename(db: Executor, userId: number, id: number, name: string): Promise<CollectionRow | undefined> {
    return db
      .updateTable('collections')
      .set({ name, name_key: collectionNameKey(name) })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  async delete(db: Executor, userId: number, id: number): Promise<void> {
    await db.deleteFrom('collections').where('user_id', '=', userId).where('id', '=', id).execute();
  },
};
