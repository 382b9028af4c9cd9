import type { AlbumBulkChanges, AlbumBulkRequest } from '../../../common/album-bulk.schemas.js';
import { ALBUM_MESSAGES } from '../../../common/albums.schemas.js';
import { FREE_TIER_MAX_ALBUMS_PER_COLLECTION } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { paymentRequired, userAccess } from '../../plugins/guards.js';
import { releaseCovers } from '../cover-art/image-cleanup.js';
import { albumBulkRepository } from './album-bulk.repository.js';
import type { AlbumValues } from './albums.repository.js';
import { albumsRepository } from './albums.repository.js';
import { userDataWrite } from '../../db/data-version.js';

/** The columns a bulk update sets: only the fields it was given. */
function changedValues(changes: Partial<AlbumBulkChanges>): Partial<AlbumValues> {
  const values: Partial<AlbumValues> = {};
  if (changes.format !== undefined) values.format = changes.format;
  if (changes.genre !== undefined) values.genre = changes.genre;
  if (changes.mediaCondition !== undefined) values.media_condition = changes.mediaCondition;
  if (changes.sleeveCondition !== undefined) values.sleeve_condition = changes.sleeveCondition;
  if (changes.location !== undefined) values.location = changes.location;
  return values;
}

/**
 * Moves, updates or deletes many of the user's albums in one transaction (docs/product/albums.md,
 * Bulk edit): any id that is not theirs answers 404 and nothing changes; a move into a free-tier
 * collection obeys its limit as adding would (402). The data version moves once. Answers how many
 * albums changed.
 */
export async function bulkEditAlbums(ctx: AppContext, user: UserRow, request: AlbumBulkRequest): Promise<number> {
  const ids = [...new Set(request.ids)];
  return userDataWrite(ctx.db, user.id, async (trx) => {
    if ((await albumBulkRepository.countOwned(trx, user.id, ids)) !== ids.length) throw notFound(ALBUM_MESSAGES.albumNotFound);
    const now = nowIso();
    if (request.action === 'delete') {
      const covers = await albumBulkRepository.delete(trx, user.id, ids);
      await releaseCovers(trx, user.id, covers);
    } else if (request.action === 'move') {
      const collection = await albumsRepository.findCollectionByName(trx, user.id, request.collection ?? '');
      if (!collection) throw notFound(ALBUM_MESSAGES.collectionNotFound);
      if (userAccess(user) === 'free') {
        const arriving = await albumBulkRepository.countOutside(trx, user.id, ids, collection.id);
        const count = await albumsRepository.countInCollection(trx, collection.id);
        if (arriving > 0 && count + arriving > FREE_TIER_MAX_ALBUMS_PER_COLLECTION) {
          throw paymentRequired(
            user,
            `The free plan allows up to ${FREE_TIER_MAX_ALBUMS_PER_COLLECTION} albums per collection. Please subscribe to add more to "${collection.name}".`,
          );
        }
      }
      await albumBulkRepository.update(trx, user.id, ids, { collection_id: collection.id }, now);
    } else {
      await albumBulkRepository.update(trx, user.id, ids, changedValues(request.changes ?? {}), now);
    }
    return ids.length;
  });
}
