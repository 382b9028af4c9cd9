import type { Insertable } from 'kysely';
import type { AlbumFormat } from '../../../common/album-formats.js';
import type { OwnedCopy, SharedWish, Wish, WishInput } from '../../../common/wishlist.schemas.js';
import type { Db, Executor } from '../../db/database.js';
import type { WishItemRow, WishItemsTable } from '../../db/schema.js';
import { textKey } from '../../db/text-key.js';
import { publicGiftCoverUrl } from './gift-list-view.js';

export type WishValues = Omit<Insertable<WishItemsTable>, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** The row a checked wish request writes. */
export function toWishValues(input: WishInput): WishValues {
  return {
    title: input.title,
    artist: input.artist,
    title_key: textKey(input.title),
    artist_key: textKey(input.artist),
    format: input.format,
    pressing: input.pressing,
    catalog_number: input.catalogNumber,
    barcode: input.barcode,
    max_price_cents: input.maxPrice === null ? null : Math.round(input.maxPrice * 100),
    priority: input.priority,
    notes: input.notes,
    cover_url: input.coverUrl,
    discogs_release_id: input.discogsReleaseId,
    musicbrainz_release_id: input.musicbrainzReleaseId,
  };
}

/** The wish as the API shows it: dollars from integer cents. */
export function presentWish(row: WishItemRow): Wish {
  return {
    id: Number(row.id),
    title: row.title,
    artist: row.artist,
    format: row.format as AlbumFormat | null,
    pressing: row.pressing,
    catalogNumber: row.catalog_number,
    barcode: row.barcode,
    maxPrice: row.max_price_cents === null ? null : Number(row.max_price_cents) / 100,
    priority: Number(row.priority),
    notes: row.notes,
    coverUrl: row.cover_url,
    discogsReleaseId: row.discogs_release_id === null ? null : Number(row.discogs_release_id),
    musicbrainzReleaseId: row.musicbrainz_release_id,
    createdAt: row.created_at,
  };
}

/** Only what a gift-list visitor may see: never maxPrice or notes (docs/product/wishlist.md#gift-list). */
export function presentSharedWish(row: WishItemRow, token: string): SharedWish {
  return {
    title: row.title,
    artist: row.artist,
    format: row.format as AlbumFormat | null,
    pressing: row.pressing,
    coverUrl: publicGiftCoverUrl(token, row.cover_url),
    priority: Number(row.priority),
  };
}

/** Queries on `wish_items` and `users.wishlist_share_token`, always scoped by the owner. */
export const wishlistRepository = {
  /** Must have first, then oldest first: the order of the page and of the gift list. */
  list(db: Executor, userId: number): Promise<WishItemRow[]> {
    return db.selectFrom('wish_items').selectAll().where('user_id', '=', userId).orderBy('priority').orderBy('id').execute();
  },

  find(db: Executor, userId: number, id: number): Promise<WishItemRow | undefined> {
    return db.selectFrom('wish_items').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  },

  async count(db: Executor, userId: number): Promise<number> {
    const row = await db
      .selectFrom('wish_items')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async insert(db: Executor, userId: number, values: WishValues, now: string): Promise<number> {
    const row = await db
      .insertInto('wish_items')
      .values({ ...values, user_id: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** What tells wishes apart, for every wish of the user (docs/product/import.md#discogs-wantlist). */
  keys(db: Executor, userId: number): Promise<{ title_key: string; artist_key: string; discogs_release_id: number | null }[]> {
    return db.selectFrom('wish_items').select(['title_key', 'artist_key', 'discogs_release_id']).where('user_id', '=', userId).execute();
  },

  /** Inserts many wishes (a wantlist import's chunk) in one statement. */
  async insertMany(db: Executor, userId: number, values: WishValues[], now: string): Promise<void> {
    if (values.length === 0) return;
    await db
      .insertInto('wish_items')
      .values(values.map((wish) => ({ ...wish, user_id: userId, created_at: now, updated_at: now })))
      .execute();
  },

  async update(db: Executor, userId: number, id: number, values: WishValues, now: string): Promise<boolean> {
    const result = await db
      .updateTable('wish_items')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async remove(db: Executor, userId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('wish_items').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** The user's albums with this title and artist, in any collection (docs/product/wishlist.md#already-own-it). */
  async ownedCopies(db: Executor, userId: number, titleKey: string, artistKey: string): Promise<OwnedCopy[]> {
    const rows = await db
      .selectFrom('albums')
      .innerJoin('collections', 'collections.id', 'albums.collection_id')
      .select(['albums.id', 'collections.name as collection', 'albums.format'])
      .where('albums.user_id', '=', userId)
      .where('albums.title_key', '=', titleKey)
      .where('albums.artist_key', '=', artistKey)
      .orderBy('albums.id')
      .execute();
    return rows.map((row) => ({ id: Number(row.id), collection: row.collection, format: row.format as AlbumFormat | null }));
  },

  /**
   * Sets the user's gift-list token unless one exists, and returns the token in force. The
   * conditional update keeps two concurrent requests from handing out two different links.
   */
  async enableShare(db: Db, userId: number, candidate: string): Promise<string> {
    await db
      .updateTable('users')
      .set({ wishlist_share_token: candidate })
      .where('id', '=', userId)
      .where('wishlist_share_token', 'is', null)
      .execute();
    const row = await db.selectFrom('users').select('wishlist_share_token').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.wishlist_share_token ?? candidate;
  },

  async disableShare(db: Db, userId: number): Promise<void> {
    await db.updateTable('users').set({ wishlist_share_token: null }).where('id', '=', userId).execute();
  },

  /** The owner of a gift-list token; a paused or revoked owner publishes nothing. */
  async findShareOwner(db: Db, token: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('wishlist_share_token', '=', token)
      .where('account_status', '=', 'active')
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  },

  /** Whether a wish of this user shows this cover: only such a stored image is public on the gift list. */
  async usesCover(db: Executor, userId: number, coverUrl: string): Promise<boolean> {
    const row = await db
      .selectFrom('wish_items')
      .select('id')
      .where('user_id', '=', userId)
      .where('cover_url', '=', coverUrl)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Items, items per priority and the sum of max prices in cents (docs/product/wishlist.md#analytics). */
  async summary(db: Executor, userId: number): Promise<{ priority: number; items: number; maxPriceCents: number }[]> {
    const rows = await db
      .selectFrom('wish_items')
      .select((eb) => [
        'priority',
        eb.fn.countAll<number | string>().as('items'),
        eb.fn.coalesce(eb.fn.sum<number | string>('max_price_cents'), eb.lit(0)).as('maxPriceCents'),
      ])
      .where('user_id', '=', userId)
      .groupBy('priority')
      .execute();
    return rows.map((row) => ({ priority: Number(row.priority), items: Number(row.items), maxPriceCents: Number(row.maxPriceCents) }));
  },
};
