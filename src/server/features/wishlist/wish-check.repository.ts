import type { AlbumFormat } from '../../../common/album-formats.js';
import type { CheckedWish } from '../../../common/record-check.schemas.js';
import type { Executor } from '../../db/database.js';
import { containsEveryWord } from '../albums/album-check.repository.js';

/** The user's wishes a record check finds (docs/product/record-check.md): must have first, then oldest, at most `limit`. */
export const wishCheckRepository = {
  async find(db: Executor, userId: number, match: { barcodes: string[] } | { words: string[] }, limit: number): Promise<CheckedWish[]> {
    let query = db
      .selectFrom('wish_items')
      .select(['id', 'title', 'artist', 'format', 'pressing', 'catalog_number', 'barcode', 'priority', 'max_price_cents'])
      .where('user_id', '=', userId);
    query = 'barcodes' in match ? query.where('barcode', 'in', match.barcodes) : query.where(containsEveryWord('wish_items', match.words));
    const rows = await query.orderBy('priority').orderBy('id').limit(limit).execute();
    return rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      artist: row.artist,
      format: row.format as AlbumFormat | null,
      pressing: row.pressing,
      catalogNumber: row.catalog_number,
      barcode: row.barcode,
      priority: Number(row.priority),
      maxPrice: row.max_price_cents === null ? null : Number(row.max_price_cents) / 100,
    }));
  },
};
