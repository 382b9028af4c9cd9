import type { Executor } from '../../../db/database.js';

/** The rows the detector groups: a user's albums in their own collections, oldest first. */
export interface DuplicateCandidateRow {
  id: number;
  title: string;
  artist: string;
  collection_id: number;
  collection_name: string;
  created_at: string;
  cover_url: string | null;
}

/**
 * Read-only queries of the diagnostics (docs/product/admin.md#diagnostics); the removal's delete is here too.
 * Every query names the user it reads.
 */
export const diagnosticsRepository = {
  /** Every user with the number of albums they own, in one query (the selects of both panels). */
  async usersWithAlbumCounts(db: Executor): Promise<{ id: number; username: string; albumsCount: number }[]> {
    const rows = await db
      .selectFrom('users')
      .leftJoin('albums', 'albums.user_id', 'users.id')
      .select((eb) => ['users.id', 'users.username', eb.fn.count<number>('albums.id').as('albums_count')])
      .groupBy(['users.id', 'users.username'])
      .orderBy('users.username')
      .execute();
    return rows.map((row) => ({ id: row.id, username: row.username, albumsCount: Number(row.albums_count) }));
  },

  findUser(db: Executor, userId: number): Promise<{ id: number; username: string } | undefined> {
    return db.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
  },

  async albumCount(db: Executor, userId: number): Promise<number> {
    const row = await db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The user's collections, each with how many of the user's own albums it holds. */
  async collectionsWithOwnAlbumCounts(
    db: Executor,
    userId: number,
  ): Promise<{ id: number; name: string; name_key: string; albums_count: number }[]> {
    const rows = await db
      .selectFrom('collections')
      .leftJoin('albums', (join) =>
        join.onRef('albums.collection_id', '=', 'collections.id').onRef('albums.user_id', '=', 'collections.user_id'),
      )
      .select((eb) => [
        'collections.id',
        'collections.name',
        'collections.name_key',
        eb.fn.count<number>('albums.id').as('albums_count'),
      ])
      .where('collections.user_id', '=', userId)
      .groupBy(['collections.id', 'collections.name', 'collections.name_key'])
      .orderBy('collections.name_key')
      .orderBy('collections.id')
      .execute();
    return rows.map((row) => ({ ...row, albums_count: Number(row.albums_count) }));
  },

  /** The user's albums filed in a collection that belongs to someone else. */
  albumsInForeignCollections(db: Executor, userId: number) {
    return db
      .selectFrom('albums')
      .innerJoin('collections', 'collections.id', 'albums.collection_id')
      .innerJoin('users as owner', 'owner.id', 'collections.user_id')
      .select([
        'albums.id',
        'albums.title',
        'albums.artist',
        'collections.name as collection_name',
        'owner.username as owner_username',
      ])
      .where('albums.user_id', '=', userId)
      .where('collections.user_id', '<>', userId)
      .orderBy('albums.id')
      .execute();
  },

  /** Someone else's albums filed in one of the user's collections. */
  foreignAlbumsInCollections(db: Executor, userId: number) {
    return db
      .selectFrom('albums')
      .innerJoin('collections', 'collections.id', 'albums.collection_id')
      .innerJoin('users as owner', 'owner.id', 'albums.user_id')
      .select([
        'albums.id',
        'albums.title',
        'albums.artist',
        'collections.name as collection_name',
        'owner.username as owner_username',
      ])
      .where('collections.user_id', '=', userId)
      .where('albums.user_id', '<>', userId)
      .orderBy('albums.id')
      .execute();
  },

  /** The user's albums whose collection row does not exist (only possible with foreign keys off, or an import around them). */
  albumsWithoutCollection(db: Executor, userId: number) {
    return db
      .selectFrom('albums')
      .leftJoin('collections', 'collections.id', 'albums.collection_id')
      .select(['albums.id', 'albums.title', 'albums.artist', 'albums.collection_id'])
      .where('albums.user_id', '=', userId)
      .where('collections.id', 'is', null)
      .orderBy('albums.id')
      .execute();
  },

  /** The fields of every album of the user that the key and cover checks compare. */
  albumKeysAndCovers(db: Executor, userId: number) {
    return db
      .selectFrom('albums')
      .select(['id', 'title', 'artist', 'title_key', 'artist_key', 'cover_url'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  /** The user's stored images, without their bytes. */
  images(db: Executor, userId: number) {
    return db.selectFrom('images').select(['id', 'name', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
  },

  /** The user's albums in their own collections, oldest first (ties by id): what the detector groups. */
  duplicateCandidates(db: Executor, userId: number): Promise<DuplicateCandidateRow[]> {
    return db
      .selectFrom('albums')
      .innerJoin('collections', (join) =>
        join.onRef('collections.id', '=', 'albums.collection_id').onRef('collections.user_id', '=', 'albums.user_id'),
      )
      .select([
        'albums.id',
        'albums.title',
        'albums.artist',
        'albums.collection_id',
        'collections.name as collection_name',
        'albums.created_at',
        'albums.cover_url',
      ])
      .where('albums.user_id', '=', userId)
      .orderBy('albums.created_at')
      .orderBy('albums.id')
      .execute();
  },

  /** Deletes these albums of the user; answers how many rows went. */
  async deleteAlbums(db: Executor, userId: number, ids: number[]): Promise<number> {
    let removed = 0;
    // Chunks keep each statement well under SQLite's bound-parameter limit.
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const result = await db.deleteFrom('albums').where('user_id', '=', userId).where('id', 'in', chunk).executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  },
};
