import { barcodeForms, checkWords } from '../../../common/record-check.js';
import { CHECK_RESULTS_MAX, type RecordCheckQuery, type RecordCheckResult } from '../../../common/record-check.schemas.js';
import type { AppContext } from '../../context.js';
import { albumCheckRepository } from '../albums/album-check.repository.js';
import { wishCheckRepository } from '../wishlist/wish-check.repository.js';

/**
 * "Do I own this, do I want it?" (docs/product/record-check.md): the caller's albums and wishes with
 * the barcode (in either of its stored forms) or with every typed word. One row beyond the cap is
 * read to tell whether there were more.
 */
export async function checkRecord(ctx: AppContext, userId: number, query: RecordCheckQuery): Promise<RecordCheckResult> {
  const match = query.barcode !== undefined ? { barcodes: barcodeForms(query.barcode) } : { words: checkWords(query.q ?? '') };
  const [albums, wishes] = await Promise.all([
    albumCheckRepository.find(ctx.db, userId, match, CHECK_RESULTS_MAX + 1),
    wishCheckRepository.find(ctx.db, userId, match, CHECK_RESULTS_MAX + 1),
  ]);
  return {
    albums: albums.slice(0, CHECK_RESULTS_MAX),
    wishes: wishes.slice(0, CHECK_RESULTS_MAX),
    more: albums.length > CHECK_RESULTS_MAX || wishes.length > CHECK_RESULTS_MAX,
  };
}
