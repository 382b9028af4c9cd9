import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AlbumsTable, CollectionRow, NewAlbum } from '../../db/schema.js';
import { textKey } from '../../db/text-key.js';

/** An album row with its collection's name, which the API calls `collection`. */
export type AlbumWithCollection = Omit<Selectable<AlbumsTable>, 'user_id' | 'title_key' | 'artist_key' | 'updated_at'> & {
  collection_name: string;
};

/**
 * A row of the album list: the album without its notes and tracklist, which load with the album's own
 * page (docs/product/albums.md#album-list).
 */
export type AlbumListRow = Omit<AlbumWithCollection, 'notes' | 'tracklist'>;

export type AlbumValues = Omit<NewAlbum, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

const columns = [
  'albums.id',
  'albums.collection_id',
  'albums.title',
  'albums.artist',
  'albums.purchase_location',
  'albums.purchase_date',
  'albums.price_cents',
  'albums.cover_url',
  'albums.genre',
  'albums.label',
  'albums.release_year',
  'albums.country',
  'albums.media_condition',
  'albums.sleeve_condition',
  'albums.is_lent',
  'albums.lent_to',
  'albums.lent_date',
  'albums.format',
  'albums.catalog_number',
  'albums.barcode',
  'albums.pressing',
  'albums.notes',
  'albums.rating',
  'albums.location',
  'albums.tracklist',
  'albums.discogs_release_id',
  'albums.musicbrainz_release_id',
  'albums.added_at',
  'albums.created_at',
  'collections.name as collection_name',
] as const;

const listColumns = columns.filter(
  (column): column is Exclude<(typeof columns)[number], 'albums.notes' | 'albums.tracklist'> => column !== 'albums.notes' && column !== 'albums.tracklist',
);

const withCollection = (db: Executor) =>
  db.selectFrom('albums').innerJoin('collections', 'collections.id', 'albums.collection_id').select(columns);

/** Queries on `albums`, always scoped by the owner's id (docs/product/api.md#who-may-call). */
export const albumsRepository = {
  /**
   * How many of the user's albums are lent with a date on or before `latestLentDate` (overdue, see
   * common/loans.ts). Dates are stored as YYYY-MM-DD, so text order is date order on both engines.
   */
  async countLentOnOrBefore(db: Executor, userId: number, latestLentDate: string): Promise<number> {
    const row = await db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('is_lent', '=', 1)
      .where('lent_date', 'is not', null)
      .where('lent_date', '<=', latestLentDate)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** One keyset page of the user's albums (optionally of one collection) after the given id. */
  pageByUser(db: Executor, userId: number, options: { collectionId?: number; afterId: number; limit: number }): Promise<AlbumWithCollection[]> {
    let query = withCollection(db).where('albums.user_id', '=', userId).where('albums.id', '>', options.afterId);
    if (options.collectionId !== undefined) query = query.where('albums.collection_id', '=', options.collectionId);
    return query.orderBy('albums.id').limit(options.limit).execute();
  },

  /** One keyset page of the album list (docs/product/albums.md#album-list): every column but notes and tracklist. */
  listPageByUser(db: Executor, userId: number, options: { afterId: number; limit: number }): Promise<AlbumListRow[]> {
    return db
      .selectFrom('albums')
      .innerJoin('collections', 'collections.id', 'albums.collection_id')
      .select(listColumns)
      .where('albums.user_id', '=', userId)
      .where('albums.id', '>', options.afterId)
      .orderBy('albums.id')
      .limit(options.limit)
      .execute();
  },

  /**
   * The owner's collection an album names, compared as collection names are. Read here, beside the
   * album queries that join `collections`, because the collections feature builds on albums (it
   * deletes and counts a collection's albums), so albums cannot import it back.
   */
  findCollectionByName(db: Executor, userId: number, name: string): Promise<CollectionRow | undefined> {
    return db.selectFrom('collections').selectAll().where('user_id', '=', userId).where('name_key', '=', textKey(name)).executeTakeFirst();
  },

  findById(db: Executor, userId: number, id: number): Promise<AlbumWithCollection | undefined> {
    return withCollection(db).where('albums.user_id', '=', userId).where('albums.id', '=', id).executeTakeFirst();
  },

  /** An album with the same title and artist keys in the collection (docs/product/albums.md#duplicates). */
  async hasDuplicate(db: Executor, collectionId: number, titleKey: string, artistKey: string): Promise<boolean> {
    const row = await db
      .selectFrom('albums')
      .select('id')
      .where('collection_id', '=', collectionId)
      .where('title_key', '=', titleKey)
      .where('artist_key', '=', artistKey)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async countInCollection(db: Executor, collectionId: number): Promise<number> {
    const row = await db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** The user's number of albums, counted no further than `limit` (a threshold check needs no more). */
  async countByUserUpTo(db: Executor, userId: number, limit: number): Promise<number> {
    const row = await db
      .selectFrom((qb) => qb.selectFrom('albums').select('id').where('user_id', '=', userId).limit(limit).as('first'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async insert(db: Executor, userId: number, values: AlbumValues, now: string): Promise<number> {
    const row = await db
      .insertInto('albums')
      .values({ ...values, user_id: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Executor, userId: number, id: number, values: AlbumValues, now: string): Promise<boolean> {
    const result = await db
      .updateTable('albums')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /**
   * Removes the user's wish an added album fulfils (docs/product/wishlist.md#already-own-it); false
   * when the user has no such wish. Here rather than in the wish list feature, which builds on albums
   * (Got it adds one), so albums need not import it back.
   */
  async deleteWish(db: Executor, userId: number, wishId: number): Promise<boolean> {
    const result = await db.deleteFrom('wish_items').where('user_id', '=', userId).where('id', '=', wishId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async delete(db: Executor, userId: number, id: number): Promise<void> {
    await db.deleteFrom('albums').where('user_id', '=', userId).where('id', '=', id).execute();
  },

  /** The distinct cover URLs of a collection's albums (to release stored covers with it). */
  async coverUrlsOfCollection(db: Executor, collectionId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('albums')
      .select('cover_url')
      .distinct()
      .where('collection_id', '=', collectionId)
      .where('cover_url', 'is not', null)
      .execute();
    return rows.map((row) => row.cover_url).filter((url): url is string => url !== null);
  },

  async deleteByCollection(db: Executor, collectionId: number): Promise<void> {
    await db.deleteFrom('albums').where('collection_id', '=', collectionId).execute();
  },
};
