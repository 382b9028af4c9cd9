import type { Db, Executor } from '../../db/database.js';

/** A shared collection with what its public answers may name, plus the ids the server needs internally. */
export interface SharedCollection {
  collectionId: number;
  ownerId: number;
  token: string;
  name: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
}

export interface SharedAlbumRow {
  id: number;
  title: string;
  artist: string;
  coverUrl: string | null;
  format: string | null;
  releaseYear: number | null;
}

/** Queries on `collections.share_token` and the albums a share shows. */
export const sharingRepository = {
  /**
   * Sets the share token of the user's collection unless it already has one, and returns the token
   * now in force (undefined: no such collection of this user). The conditional update keeps two
   * concurrent requests from handing out two different links.
   */
  async enableShare(db: Db, userId: number, collectionId: number, candidate: string): Promise<string | undefined> {
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('collections')
        .set({ share_token: candidate })
        .where('id', '=', collectionId)
        .where('user_id', '=', userId)
        .where('share_token', 'is', null)
        .execute();
      const row = await trx
        .selectFrom('collections')
        .select('share_token')
        .where('id', '=', collectionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.share_token ?? undefined;
    });
  },

  /** Clears the share token of the user's collection; false when the user has no such collection. */
  async disableShare(db: Executor, userId: number, collectionId: number): Promise<boolean> {
    const result = await db
      .updateTable('collections')
      .set({ share_token: null })
      .where('id', '=', collectionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /**
   * The collection shared under this token. A paused or revoked owner's shares answer nothing: an
   * administrator stopping an account stops what it publishes too.
   */
  async findByToken(db: Executor, token: string): Promise<SharedCollection | undefined> {
    return db
      .selectFrom('collections')
      .innerJoin('users', 'users.id', 'collections.user_id')
      .select([
        'collections.id as collectionId',
        'collections.user_id as ownerId',
        'collections.share_token as token',
        'collections.name as name',
        'users.first_name as ownerFirstName',
        'users.last_name as ownerLastName',
      ])
      .where('collections.share_token', '=', token)
      .where('users.account_status', '=', 'active')
      .$narrowType<{ token: string }>()
      .executeTakeFirst();
  },

  /** Every album of the collection, only the columns a visitor may see, oldest first. */
  listAlbums(db: Executor, collectionId: number): Promise<SharedAlbumRow[]> {
    return db
      .selectFrom('albums')
      .select(['id', 'title', 'artist', 'cover_url as coverUrl', 'format', 'release_year as releaseYear'])
      .where('collection_id', '=', collectionId)
      .orderBy('id')
      .execute();
  },

  /** Whether some album of the collection uses this cover URL. */
  async collectionUsesCover(db: Executor, collectionId: number, coverUrl: string): Promise<boolean> {
    const row = await db
      .selectFrom('albums')
      .select('id')
      .where('collection_id', '=', collectionId)
      .where('cover_url', '=', coverUrl)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
