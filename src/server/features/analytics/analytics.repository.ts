import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface CollectionFigures {
  id: number;
  name: string;
  album_count: number;
  value_cents: number;
}

export interface GenreCount {
  genre: string | null;
  album_count: number;
}

export interface LentAlbumRow {
  id: number;
  title: string;
  artist: string;
  lent_to: string | null;
  lent_date: string | null;
  collection_name: string;
}

/**
 * The aggregate reads behind GET /api/analytics, each one query scoped by the owner's id
 * (docs/product/api.md#who-may-call).
 */
export const analyticsRepository = {
  /** Every collection of the user with its album count and the sum of its prices in cents (no price counts 0). */
  async collectionFigures(db: Db, userId: number): Promise<CollectionFigures[]> {
    const rows = await db
      .selectFrom('collections')
      // The user_id condition on the join keeps another user's album out even if a row were ever misfiled.
      .leftJoin('albums', (join) =>
        join.onRef('albums.collection_id', '=', 'collections.id').onRef('albums.user_id', '=', 'collections.user_id'),
      )
      .select((eb) => [
        'collections.id',
        'collections.name',
        eb.fn.count<number>('albums.id').as('album_count'),
        sql<number>`coalesce(sum(${eb.ref('albums.price_cents')}), 0)`.as('value_cents'),
      ])
      .where('collections.user_id', '=', userId)
      .groupBy(['collections.id', 'collections.name', 'collections.name_key'])
      .orderBy('collections.name_key')
      .orderBy('collections.id')
      .execute();
    return rows.map((row) => ({ ...row, album_count: Number(row.album_count), value_cents: Number(row.value_cents) }));
  },

  /** Album counts by genre; null is the albums saved without one. */
  async genreCounts(db: Db, userId: number): Promise<GenreCount[]> {
    const rows = await db
      .selectFrom('albums')
      .select((eb) => ['genre', eb.fn.countAll<number>().as('album_count')])
      .where('user_id', '=', userId)
      .groupBy('genre')
      .execute();
    return rows.map((row) => ({ genre: row.genre, album_count: Number(row.album_count) }));
  },

  /** Album counts by format; null is the albums saved without one. */
  async formatCounts(db: Db, userId: number): Promise<{ format: string | null; album_count: number }[]> {
    const rows = await db
      .selectFrom('albums')
      .select((eb) => ['format', eb.fn.countAll<number>().as('album_count')])
      .where('user_id', '=', userId)
      .groupBy('format')
      .execute();
    return rows.map((row) => ({ format: row.format, album_count: Number(row.album_count) }));
  },

  /** The user's lent albums, longest out first: oldest lent date, undated ones last, then by id. */
  lentAlbums(db: Db, userId: number): Promise<LentAlbumRow[]> {
    return db
      .selectFrom('albums')
      .innerJoin('collections', 'collections.id', 'albums.collection_id')
      .select([
        'albums.id',
        'albums.title',
        'albums.artist',
        'albums.lent_to',
        'albums.lent_date',
        'collections.name as collection_name',
      ])
      .where('albums.user_id', '=', userId)
      .where('albums.is_lent', '=', 1)
      .orderBy(sql`case when albums.lent_date is null then 1 else 0 end`)
      .orderBy('albums.lent_date')
      .orderBy('albums.id')
      .execute();
  },
};
