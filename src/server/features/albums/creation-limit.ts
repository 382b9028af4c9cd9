import type { Transaction } from 'kysely';
import { CREATION_BUDGETS, reserveCreation } from '../../creation-budgets.js';
import type { Database } from '../../db/schema.js';

/**
 * Album creations one account may make per minute: far above anyone typing albums in (a fast
 * collector adds a few a minute), low enough that a script cannot grow a collection without bound. A
 * request counts once here, whatever it adds; the hourly budget counts the albums themselves, so
 * imports and single adds share it.
 */
export const ALBUM_CREATIONS_PER_MINUTE = CREATION_BUDGETS.albums.windows[0]!.max;

/**
 * Reserves one album-creating request adding `amount` albums (1 for a single add, the rows an import
 * adds), or throws 429 with Retry-After. Call it inside the write's transaction.
 */
export function reserveAlbumCreation(trx: Transaction<Database>, userId: number, amount = 1, now = new Date()): Promise<void> {
  return reserveCreation(trx, userId, 'albums', amount, now);
}
