import { setImmediate } from 'node:timers/promises';
import { ALBUM_MESSAGES, type Album, type AlbumInput, type AlbumListItem } from '../../../common/albums.schemas.js';
import { FREE_TIER_MAX_ALBUMS_PER_COLLECTION } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { countIfCrossed, countThreshold } from '../../count-thresholds.js';
import { userDataWrite } from '../../db/data-version.js';
import { type Executor, nowIso } from '../../db/database.js';
import type { CollectionRow, Database, UserRow } from '../../db/schema.js';
import type { Transaction } from 'kysely';
import { WISHLIST_MESSAGES } from '../../../common/wishlist.schemas.js';
import { textKey } from '../../db/text-key.js';
import { conflict, notFound } from '../../errors.js';
import { paymentRequired, userAccess } from '../../plugins/guards.js';
import { releaseCovers } from '../cover-art/image-cleanup.js';
import { AlbumListCache, type BuiltList, type CachedList } from './album-list-cache.js';
import { presentAlbum, presentAlbumListItem } from './album.presenter.js';
import { albumsRepository, type AlbumValues } from './albums.repository.js';
import { reserveAlbumCreation } from './creation-limit.js';

/**
 * The detail columns a request sets: an absent field is left out, so PUT keeps what is stored and an
 * insert stores null.
 */
function detailValues(input: AlbumInput): Partial<AlbumValues> {
  const values: Partial<AlbumValues> = {};
  if (input.format !== undefined) values.format = input.format;
  if (input.catalogNumber !== undefined) values.catalog_number = input.catalogNumber;
  if (input.barcode !== undefined) values.barcode = input.barcode;
  if (input.pressing !== undefined) values.pressing = input.pressing;
  if (input.notes !== undefined) values.notes = input.notes;
  if (input.rating !== undefined) values.rating = input.rating;
  if (input.location !== undefined) values.location = input.location;
  if (input.tracklist !== undefined) values.tracklist = input.tracklist === null ? null : JSON.stringify(input.tracklist);
  if (input.discogsReleaseId !== undefined) values.discogs_release_id = input.discogsReleaseId;
  if (input.musicbrainzReleaseId !== undefined) values.musicbrainz_release_id = input.musicbrainzReleaseId;
  return values;
}

/** The album row for a checked album request in the given collection (also the import's, so both write the same keys). */
export function toValues(input: AlbumInput, collectionId: number): AlbumValues {
  return {
    ...detailValues(input),
    collection_id: collectionId,
    title: input.title,
    artist: input.artist,
    title_key: textKey(input.title),
    artist_key: textKey(input.artist),
    purchase_location: input.purchaseLocation,
    purchase_date: input.purchaseDate,
    price_cents: input.price === null ? null : Math.round(input.price * 100),
    cover_url: input.coverUrl,
    genre: input.genre,
    label: input.label,
    release_year: input.releaseYear,
    country: input.country,
    media_condition: input.mediaCondition,
    sleeve_condition: input.sleeveCondition,
    is_lent: input.isLent ? 1 : 0,
    lent_to: input.lentTo,
    lent_date: input.lentDate,
  };
}

/**
 * The caller's own collection named by the album (case-insensitively), or 404: never another user's
 * (docs/product/api.md#who-may-call).
 */
async function ownCollection(trx: Executor, userId: number, name: string): Promise<CollectionRow> {
  const collection = await albumsRepository.findCollectionByName(trx, userId, name);
  if (!collection) throw notFound(ALBUM_MESSAGES.collectionNotFound);
  return collection;
}

/** A free-tier user cannot grow a collection past the limit (docs/product/subscription.md#free-tier). */
async function assertRoomFor(trx: Executor, user: UserRow, collection: CollectionRow): Promise<void> {
  if (userAccess(user) !== 'free') return;
  if ((await albumsRepository.countInCollection(trx, collection.id)) < FREE_TIER_MAX_ALBUMS_PER_COLLECTION) return;
  throw paymentRequired(
    user,
    `The free plan allows up to ${FREE_TIER_MAX_ALBUMS_PER_COLLECTION} albums per collection. Please subscribe to add more to "${collection.name}".`,
  );
}

export const duplicateMessage = (title: string, artist: string, collection: string) =>
  `"${title}" by ${artist} is already in "${collection}". ${ALBUM_MESSAGES.duplicateSuffix}`;

async function presentById(trx: Executor, userId: number, id: number): Promise<Album> {
  const row = await albumsRepository.findById(trx, userId, id);
  if (!row) throw notFound(ALBUM_MESSAGES.albumNotFound);
  return presentAlbum(row);
}

export async function getAlbum(ctx: AppContext, userId: number, id: number): Promise<Album> {
  return presentById(ctx.db, userId, id);
}

/**
 * Adds an album inside the caller's transaction: the creation limit, own collection, free-tier room,
 * and the duplicate rule (docs/product/albums.md#duplicates) unless allowDuplicate. Also the wish
 * list's Got it (docs/product/wishlist.md#got-it), which removes the wish in the same transaction.
 */
export async function insertAlbum(
  trx: Transaction<Database>,
  user: UserRow,
  input: AlbumInput,
  threshold: number | null,
): Promise<{ album: Album; reached: number | null }> {
  await reserveAlbumCreation(trx, user.id);
  const collection = await ownCollection(trx, user.id, input.collection);
  await assertRoomFor(trx, user, collection);
  const values = toValues(input, collection.id);
  if (!input.allowDuplicate && (await albumsRepository.hasDuplicate(trx, collection.id, values.title_key, values.artist_key))) {
    throw conflict(duplicateMessage(input.title, input.artist, collection.name));
  }
  const now = nowIso();
  // The server's clock, whatever the client sent: only an import carries a date over from its file.
  const id = await albumsRepository.insert(trx, user.id, { ...values, added_at: now }, now);
  const reached = await countIfCrossed(threshold, 1, (limit) => albumsRepository.countByUserUpTo(trx, user.id, limit));
  return { album: await presentById(trx, user.id, id), reached };
}

/** Publishes 'albums.count_reached' after the commit, not awaited: a listener never holds up or fails the request. */
export function announceAlbumCount(ctx: AppContext, user: UserRow, reached: number | null): void {
  if (reached !== null) void ctx.events.emit('albums.count_reached', { userId: user.id, username: user.username, count: reached });
}

/**
 * Adds an album (insertAlbum's rules). With fulfilsWishId, the wish it fulfils goes in the same
 * transaction (docs/product/wishlist.md#already-own-it); another user's or a missing wish answers 404
 * and adds nothing.
 */
export async function createAlbum(ctx: AppContext, user: UserRow, input: AlbumInput): Promise<Album> {
  const threshold = await countThreshold(ctx, 'albums');
  const { album, reached } = await userDataWrite(ctx.db, user.id, async (trx) => {
    if (input.fulfilsWishId !== undefined && !(await albumsRepository.deleteWish(trx, user.id, input.fulfilsWishId))) {
      throw notFound(WISHLIST_MESSAGES.wishNotFound);
    }
    return insertAlbum(trx, user, input, threshold);
  });
  announceAlbumCount(ctx, user, reached);
  return album;
}

/** Replaces every field of an album; a stored cover it no longer uses is released. */
export async function updateAlbum(ctx: AppContext, user: UserRow, id: number, input: AlbumInput): Promise<Album> {
  return userDataWrite(ctx.db, user.id, async (trx) => {
    const existing = await albumsRepository.findById(trx, user.id, id);
    if (!existing) throw notFound(ALBUM_MESSAGES.albumNotFound);
    const collection = await ownCollection(trx, user.id, input.collection);
    // Moving into a full collection counts as adding to it.
    if (collection.id !== existing.collection_id) await assertRoomFor(trx, user, collection);
    await albumsRepository.update(trx, user.id, id, toValues(input, collection.id), nowIso());
    if (existing.cover_url !== input.coverUrl) await releaseCovers(trx, user.id, [existing.cover_url]);
    return presentById(trx, user.id, id);
  });
}

export async function deleteAlbum(ctx: AppContext, userId: number, id: number): Promise<void> {
  await userDataWrite(ctx.db, userId, async (trx) => {
    const existing = await albumsRepository.findById(trx, userId, id);
    if (!existing) throw notFound(ALBUM_MESSAGES.albumNotFound);
    await albumsRepository.delete(trx, userId, id);
    await releaseCovers(trx, userId, [existing.cover_url]);
  });
}

/** Albums read and serialised per step of the album list: a few milliseconds of the event loop each. */
const LIST_PAGE_SIZE = 200;

/**
 * Every album of the user, serialised once as the JSON body of GET /api/albums: without notes and
 * tracklists (docs/product/albums.md#album-list), which made a list of 20,000 albums several times larger. Read and encoded in
 * keyset pages with a turn of the event loop between them, so a list of 15,000 albums does not hold
 * up everyone else's requests for a tenth of a second. A write landing between pages can
 * only make the list newer than the version it is kept under, and that version is already stale.
 */
export async function serialiseAlbumList(ctx: AppContext, userId: number): Promise<BuiltList> {
  const parts: Buffer[] = [Buffer.from('[')];
  const pageEnds: number[] = [];
  const albums: AlbumListItem[] = [];
  let bytes = 1;
  let afterId = 0;
  for (;;) {
    const page = (await albumsRepository.listPageByUser(ctx.db, userId, { afterId, limit: LIST_PAGE_SIZE })).map(presentAlbumListItem);
    if (page.length > 0) {
      const part = Buffer.from((pageEnds.length === 0 ? '' : ',') + JSON.stringify(page).slice(1, -1));
      parts.push(part);
      bytes += part.length;
      pageEnds.push(bytes);
      albums.push(...page);
    }
    if (page.length < LIST_PAGE_SIZE) break;
    afterId = page[page.length - 1]!.id;
    await setImmediate();
  }
  parts.push(Buffer.from(']'));
  return { body: Buffer.concat(parts, bytes + 1), pageEnds, albums };
}

// One cache per app instance; about 4 MB per 10,000 albums.
const albumLists = new WeakMap<AppContext, AlbumListCache>();

/**
 * The user's whole album list as GET /api/albums sends it, serialised once per data version and
 * shared by that route and the server-drawn collection home.
 */
export function userAlbumList(ctx: AppContext, user: Pick<UserRow, 'id' | 'data_version'>): Promise<CachedList> {
  let lists = albumLists.get(ctx);
  if (!lists) {
    lists = new AlbumListCache({ maxUsers: 200, maxBytes: 128 * 1024 * 1024 });
    albumLists.set(ctx, lists);
  }
  return lists.get(user.id, user.data_version, () => serialiseAlbumList(ctx, user.id));
}
