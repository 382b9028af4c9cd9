import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Stored covers are served at this path; an album's coverUrl names one of them this way. */
export const COVER_PATH_PREFIX = '/api/cover-art/';

/** The stored image name in a coverUrl of ours, or null for any other URL. */
export function storedImageName(coverUrl: string | null | undefined): string | null {
  if (!coverUrl?.startsWith(COVER_PATH_PREFIX)) return null;
  const name = coverUrl.slice(COVER_PATH_PREFIX.length);
  return /^[A-Za-z0-9_-]+\.(jpg|png|webp|gif)$/.test(name) ? name : null;
}

/**
 * True for an image row that neither an album nor a wish of its owner names as its cover: a wish's
 * cover is kept like an album's (docs/product/wishlist.md#fields).
 */
function nothingUses(eb: ExpressionBuilder<Database, 'images'>) {
  return eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('albums')
          .select('albums.id')
          .whereRef('albums.user_id', '=', 'images.user_id')
          .where((eb) => eb('albums.cover_url', '=', eb.fn<string>('concat', [eb.cast<string>(eb.val(COVER_PATH_PREFIX), 'text'), eb.ref('images.name')]))),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('wish_items')
          .select('wish_items.id')
          .whereRef('wish_items.user_id', '=', 'images.user_id')
          .where((eb) => eb('wish_items.cover_url', '=', eb.fn<string>('concat', [eb.cast<string>(eb.val(COVER_PATH_PREFIX), 'text'), eb.ref('images.name')]))),
      ),
    ),
  ]);
}

/**
 * Deletes the user's stored images named by these cover URLs when no album or wish of theirs uses them
 * any more. Call it in the same transaction as the album or wish change or delete that released them.
 */
export async function releaseCovers(
  db: Executor,
  userId: number,
  coverUrls: (string | null | undefined)[],
): Promise<void> {
  const names = [...new Set(coverUrls.map(storedImageName).filter((n): n is string => n !== null))];
  if (names.length === 0) return;
  await db.deleteFrom('images').where('user_id', '=', userId).where('name', 'in', names).where(nothingUses).execute();
}

/**
 * Deletes images that no album or wish uses and that were stored before `before`: uploads or imports whose
 * album form was never saved. Old enough that a form still open keeps its cover.
 */
export async function sweepUnusedImages(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('images').where('created_at', '<', before.toISOString()).where(nothingUses).executeTakeFirst();
  return Number(result.numDeletedRows);
}
