import type { Collection } from '../../../common/collections.schemas.js';
import { FREE_TIER_MAX_COLLECTIONS } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { countIfCrossed, countThreshold } from '../../count-thresholds.js';
import { reserveCreation } from '../../creation-budgets.js';
import { nowIso } from '../../db/database.js';
import type { CollectionRow, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { paymentRequired, userAccess } from '../../plugins/guards.js';
import { userDataWrite } from '../../db/data-version.js';
import { albumsRepository } from '../albums/albums.repository.js';
import { releaseCovers } from '../cover-art/image-cleanup.js';
import { collectionsRepository } from './collections.repository.js';

export const COLLECTION_NOT_FOUND = 'Collection not found';

const nameClash = (name: string) => conflict(`A collection named "${name}" already exists`);

function present(row: Pick<CollectionRow, 'id' | 'name' | 'share_token'>, albumCount: number): Collection {
  return { id: row.id, name: row.name, albumCount, ...(row.share_token ? { shareToken: row.share_token } : {}) };
}

/** The user's collections with album counts, ordered by name case-insensitively (the same on both databases). */
export async function listCollections(ctx: AppContext, userId: number): Promise<Collection[]> {
  const rows = await collectionsRepository.listWithCounts(ctx.db, userId);
  rows.sort((a, b) => (a.name_key < b.name_key ? -1 : a.name_key > b.name_key ? 1 : a.id - b.id));
  return rows.map((row) => present(row, row.album_count));
}

/**
 * Names as docs/product/collections.md#fields has them, within docs/product/subscription.md#free-tier.
 * Publishes 'collections.count_reached' when it takes the user to a watched threshold.
 */
export async function createCollection(ctx: AppContext, user: UserRow, name: string): Promise<Collection> {
  const threshold = await countThreshold(ctx, 'collections');
  const { collection, reached } = await userDataWrite(ctx.db, user.id, async (trx) => {
    if (userAccess(user) === 'free' && (await collectionsRepository.countByUser(trx, user.id)) >= FREE_TIER_MAX_COLLECTIONS) {
      throw paymentRequired(
        user,
        `The free plan allows up to ${FREE_TIER_MAX_COLLECTIONS} collections. Please subscribe to create more.`,
      );
    }
    const clash = await collectionsRepository.findByName(trx, user.id, name);
    if (clash) throw nameClash(clash.name);
    await reserveCreation(trx, user.id, 'collections', 1);
    const collection = present(await collectionsRepository.insert(trx, user.id, name, nowIso()), 0);
    return { collection, reached: await countIfCrossed(threshold, 1, (limit) => collectionsRepository.countByUserUpTo(trx, user.id, limit)) };
  });
  // After the commit, not awaited: a listener never holds up or fails the request.
  if (reached !== null) void ctx.events.emit('collections.count_reached', { userId: user.id, username: user.username, count: reached });
  return collection;
}

/** Renames a collection; its albums follow, since they reference it by id (docs/product/collections.md#api). */
export async function renameCollection(ctx: AppContext, userId: number, id: number, name: string): Promise<Collection> {
  return userDataWrite(ctx.db, userId, async (trx) => {
    const clash = await collectionsRepository.findByName(trx, userId, name);
    if (clash && clash.id !== id) throw nameClash(clash.name);
    const renamed = await collectionsRepository.rename(trx, userId, id, name);
    if (!renamed) throw notFound(COLLECTION_NOT_FOUND);
    return present(renamed, await albumsRepository.countInCollection(trx, id));
  });
}

/**
 * Deletes a collection with its albums and releases the stored covers nothing else uses
 * (docs/product/collections.md#api).
 */
export async function deleteCollection(ctx: AppContext, userId: number, id: number): Promise<void> {
  await userDataWrite(ctx.db, userId, async (trx) => {
    const collection = await collectionsRepository.findById(trx, userId, id);
    if (!collection) throw notFound(COLLECTION_NOT_FOUND);
    const coverUrls = await albumsRepository.coverUrlsOfCollection(trx, id);
    await albumsRepository.deleteByCollection(trx, id);
    await collectionsRepository.delete(trx, userId, id);
    // Chunked: a parameter list per statement stays well under both engines' limits.
    for (let i = 0; i < coverUrls.length; i += 500) await releaseCovers(trx, userId, coverUrls.slice(i, i + 500));
  });
}
