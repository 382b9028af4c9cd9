import { sql, type Expression, type SqlBool } from 'kysely';
import type { AlbumFormat } from '../../../common/album-formats.js';
import type { CheckedAlbum } from '../../../common/record-check.schemas.js';
import type { Executor } from '../../db/database.js';

/**
 * Every word in the title, the artist or the catalogue number, part of a word being enough
 * (docs/product/record-check.md#matching). The keys are stored lower-cased and the words come
 * lower-cased (common/record-check.ts), so LIKE compares alike on both engines; `%`, `_` and `\` typed
 * by the collector are escaped, never patterns. Shared with the wish list's check, whose table has
 * the same columns.
 */
export function containsEveryWord(table: 'albums' | 'wish_items', words: readonly string[]): Expression<SqlBool> {
  const haystack = sql`(${sql.ref(`${table}.title_key`)} || ' ' || ${sql.ref(`${table}.artist_key`)} || ' ' || coalesce(lower(${sql.ref(`${table}.catalog_number`)}), ''))`;
  const each = words.map((word) => sql<SqlBool>`${haystack} like ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  return sql<SqlBool>`(${sql.join(each, sql` and `)})`;
}

/** The user's albums a record check finds (docs/product/record-check.md), oldest first, at most `limit`. */
export const albumCheckRepository = {
  async find(db: Executor, userId: number, match: { barcodes: string[] } | { words: string[] }, limit: number): Promise<CheckedAlbum[]> {
    // Words: the ids first, from the index of the compared columns alone (a collector's rows carry
    // notes and tracklists, which a scan of 20,000 of them would read for nothing), then their details.
    let ids: number[] | undefined;
    if ('words' in match) {
      const found = await db
        .selectFrom('albums')
        .select('albums.id')
        .where('albums.user_id', '=', userId)
        .where(containsEveryWord('albums', match.words))
        .orderBy('albums.id')
        .limit(limit)
        .execute();
      ids = found.map((row) => Number(row.id));
      if (!ids.length) return [];
    }
    let query = db
      .selectFrom('albums')
      .innerJoin('collections', 'collections.id', 'albums.collection_id')
      .select([
        'albums.id',
        'albums.title',
        'albums.artist',
        'collections.name as collection',
        'albums.format',
        'albums.pressing',
        'albums.location',
        'albums.catalog_number',
        'albums.barcode',
      ])
      .where('albums.user_id', '=', userId);
    query = ids ? query.where('albums.id', 'in', ids) : query.where('albums.barcode', 'in', 'barcodes' in match ? match.barcodes : []);
    const rows = await query.orderBy('albums.id').limit(limit).execute();
    return rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      artist: row.artist,
      collection: row.collection,
      format: row.format as AlbumFormat | null,
      pressing: row.pressing,
      location: row.location,
      catalogNumber: row.catalog_number,
      barcode: row.barcode,
    }));
  },
};
