import { albumRequestSchema, type Album } from '../../../common/albums.schemas.js';
import { FREE_TIER_MAX_WISH_ITEMS } from '../../../common/constants.js';
import { type AcquiredRequest, type Wish, type WishInput, WISHLIST_MESSAGES, type WishlistAnalytics } from '../../../common/wishlist.schemas.js';
import type { AppContext } from '../../context.js';
import { countThreshold } from '../../count-thresholds.js';
import { reserveCreation } from '../../creation-budgets.js';
import { userDataWrite } from '../../db/data-version.js';
import { type Executor, nowIso } from '../../db/database.js';
import type { UserRow, WishItemRow } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { paymentRequired, userAccess } from '../../plugins/guards.js';
import { announceAlbumCount, insertAlbum } from '../albums/albums.service.js';
import { releaseCovers } from '../cover-art/image-cleanup.js';
import { presentWish, toWishValues, wishlistRepository } from './wishlist.repository.js';

/** The free plan's wish list holds FREE_TIER_MAX_WISH_ITEMS (docs/product/wishlist.md#free-tier). */
export async function assertWishlistRoom(trx: Executor, user: UserRow, adding: number): Promise<void> {
  if (userAccess(user) !== 'free') return;
  if ((await wishlistRepository.count(trx, user.id)) + adding <= FREE_TIER_MAX_WISH_ITEMS) return;
  throw paymentRequired(user, `The free plan allows up to ${FREE_TIER_MAX_WISH_ITEMS} wish list items. Please subscribe to add more.`);
}

async function ownWish(trx: Executor, userId: number, id: number): Promise<WishItemRow> {
  const row = await wishlistRepository.find(trx, userId, id);
  if (!row) throw notFound(WISHLIST_MESSAGES.wishNotFound);
  return row;
}

export async function listWishes(ctx: AppContext, userId: number): Promise<Wish[]> {
  return (await wishlistRepository.list(ctx.db, userId)).map(presentWish);
}

export async function getWish(ctx: AppContext, userId: number, id: number): Promise<Wish> {
  return presentWish(await ownWish(ctx.db, userId, id));
}

/**
 * Adds a wish: budget, free tier, then "you already own it" (docs/product/wishlist.md#already-own-it)
 * unless allowOwned: 409 with the copies the user has.
 */
export async function createWish(ctx: AppContext, user: UserRow, input: WishInput): Promise<Wish> {
  return userDataWrite(ctx.db, user.id, async (trx) => {
    await reserveCreation(trx, user.id, 'wishlist', 1);
    await assertWishlistRoom(trx, user, 1);
    const values = toWishValues(input);
    if (!input.allowOwned) {
      const owned = await wishlistRepository.ownedCopies(trx, user.id, values.title_key, values.artist_key);
      if (owned.length > 0) throw new AppError('CONFLICT', WISHLIST_MESSAGES.owned(input.title, input.artist), { body: { owned } });
    }
    const id = await wishlistRepository.insert(trx, user.id, values, nowIso());
    return presentWish(await ownWish(trx, user.id, id));
  });
}

/** Replaces every field of a wish (an absent one is emptied; priority goes back to 2). */
export async function updateWish(ctx: AppContext, user: UserRow, id: number, input: WishInput): Promise<Wish> {
  return userDataWrite(ctx.db, user.id, async (trx) => {
    const before = await ownWish(trx, user.id, id);
    await wishlistRepository.update(trx, user.id, id, toWishValues(input), nowIso());
    await releaseCovers(trx, user.id, [before.cover_url]);
    return presentWish(await ownWish(trx, user.id, id));
  });
}

export async function deleteWish(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  await userDataWrite(ctx.db, user.id, async (trx) => {
    const wish = await ownWish(trx, user.id, id);
    await wishlistRepository.remove(trx, user.id, id);
    await releaseCovers(trx, user.id, [wish.cover_url]);
  });
}

/** The album request a wish becomes: its fields, plus what the purchase adds (docs/product/wishlist.md#got-it). */
function albumFromWish(wish: Wish, purchase: AcquiredRequest): unknown {
  return {
    collection: purchase.collection,
    title: wish.title,
    artist: wish.artist,
    format: wish.format,
    pressing: wish.pressing,
    catalogNumber: wish.catalogNumber,
    barcode: wish.barcode,
    coverUrl: wish.coverUrl,
    discogsReleaseId: wish.discogsReleaseId,
    musicbrainzReleaseId: wish.musicbrainzReleaseId,
    price: purchase.price,
    purchaseDate: purchase.purchaseDate,
    purchaseLocation: purchase.purchaseLocation,
    allowDuplicate: purchase.allowDuplicate,
  };
}

/**
 * Got it: the wish becomes an album under every album rule (creation budget, free tier, duplicate
 * rule unless allowDuplicate) and is removed, in one transaction. The wish's notes are about wanting
 * it, not about the copy, and its max price is not what was paid: neither is carried over.
 */
export async function acquireWish(ctx: AppContext, user: UserRow, id: number, purchase: AcquiredRequest): Promise<Album> {
  const threshold = await countThreshold(ctx, 'albums');
  const { album, reached } = await userDataWrite(ctx.db, user.id, async (trx) => {
    const wish = presentWish(await ownWish(trx, user.id, id));
    const parsed = albumRequestSchema.safeParse(albumFromWish(wish, purchase));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
      throw badRequest(Object.values(errors)[0] ?? 'Invalid request', errors);
    }
    const added = await insertAlbum(trx, user, parsed.data, threshold);
    await wishlistRepository.remove(trx, user.id, id);
    return added;
  });
  announceAlbumCount(ctx, user, reached);
  return album;
}

/** The analytics answer's wish list (docs/product/wishlist.md#analytics). */
export async function wishlistAnalytics(db: Executor, userId: number): Promise<WishlistAnalytics> {
  const rows = await wishlistRepository.summary(db, userId);
  const byPriority = { '1': 0, '2': 0, '3': 0 };
  let items = 0;
  let cents = 0;
  for (const row of rows) {
    const key = String(row.priority) as keyof typeof byPriority;
    if (key in byPriority) byPriority[key] = row.items;
    items += row.items;
    cents += row.maxPriceCents;
  }
  return { items, byPriority, totalMaxPrice: cents / 100 };
}
