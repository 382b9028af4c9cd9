import { setImmediate } from 'node:timers/promises';
import { FREE_TIER_MAX_ALBUMS_PER_COLLECTION, FREE_TIER_MAX_COLLECTIONS } from '../../../common/constants.js';
import { IMPORT_LIMITS, type ImportReport, type ImportResult } from '../../../common/import.schemas.js';
import type { AppContext } from '../../context.js';
import { countIfCrossed, countThreshold } from '../../count-thresholds.js';
import { checkCreationBudget, reserveCreation } from '../../creation-budgets.js';
import { type Executor, nowIso } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paymentRequired, userAccess } from '../../plugins/guards.js';
import { albumsRepository } from '../albums/albums.repository.js';
import { toValues } from '../albums/albums.service.js';
import { reserveAlbumCreation } from '../albums/creation-limit.js';
import { userDataWrite } from '../../db/data-version.js';
import { collectionNameKey, collectionsRepository } from '../collections/collections.repository.js';
import { COVER_PATH_PREFIX, storedImageName } from '../cover-art/image-cleanup.js';
import { enrichmentWorker, queueEnrichment } from '../enrichment/enrichment.service.js';
import type { ImportCandidate, ParsedImport } from './import-file.js';
import { importRepository, INSERT_CHUNK } from './import.repository.js';
import { dryRunWantlist, planWantlist, runWantlist } from './wantlist-import.service.js';

interface Duplicate extends ImportCandidate {
  reason: string;
}

/** What the import will do with a parsed file, given the user's albums now. */
export interface ImportPlan {
  toAdd: ImportCandidate[];
  duplicates: Duplicate[];
  /** Rows added although an album of the same title and artist is there: another pressing. */
  otherCopies: Duplicate[];
  /** Collection name key → existing id, or the name to create. */
  existingCollections: Map<string, number>;
  newCollections: string[];
}

const albumKey = (collectionKey: string, title: string, artist: string) =>
  `${collectionKey}\n${title.trim().toLowerCase()}\n${artist.trim().toLowerCase()}`;

/** What tells two copies of one album apart, and where the one already there came from (null: the user's albums). */
interface Copy {
  row: number | null;
  releaseId: number | null;
  catalogNumber: string | null;
  format: string | null;
}

const catalogKey = (value: string | null) => (value === null ? null : value.replace(/\s+/g, ' ').trim().toLowerCase());

/** The first thing two copies both have and differ in, or null when nothing tells them apart. */
function difference(a: Copy, b: Copy): string | null {
  const differ = <T>(x: T | null, y: T | null) => x !== null && y !== null && x !== y;
  if (differ(a.releaseId, b.releaseId)) return 'release';
  if (differ(a.catalogNumber, b.catalogNumber)) return 'catalogue number';
  if (differ(a.format, b.format)) return 'format';
  return null;
}

/**
 * Sorts the parsed rows into added and duplicates, and checks the free tier's limits
 * (docs/product/import.md#limits) as creating each album one by one would. A row is an album already
 * there (against the user's albums and within the file) when title and artist match in the same
 * collection (trimmed and case-insensitive) and neither copy has a different release id, catalogue
 * number or format (docs/product/import.md#duplicates): another pressing is added as another copy. A
 * stored cover is kept only when it is one of the user's own images; another address of ours stays absolute.
 */
export async function planImport(db: Executor, ctx: AppContext, user: UserRow, parsed: ParsedImport): Promise<ImportPlan> {
  const collections = await collectionsRepository.listWithCounts(db, user.id);
  const keyById = new Map(collections.map((c) => [c.id, c.name_key]));
  const existingCollections = new Map(collections.map((c) => [c.name_key, c.id]));
  const existingNames = new Map(collections.map((c) => [c.name_key, c.name]));
  const seen = new Map<string, Copy[]>();
  const remember = (key: string, copy: Copy) => {
    const copies = seen.get(key);
    if (copies) copies.push(copy);
    else seen.set(key, [copy]);
  };
  for (const album of await importRepository.albumKeys(db, user.id)) {
    remember(`${keyById.get(album.collection_id)}\n${album.title_key}\n${album.artist_key}`, {
      row: null,
      releaseId: album.discogs_release_id,
      catalogNumber: catalogKey(album.catalog_number),
      format: album.format,
    });
  }

  const toAdd: ImportCandidate[] = [];
  const duplicates: Duplicate[] = [];
  const otherCopies: Duplicate[] = [];
  const newCollections = new Map<string, string>();
  for (const candidate of parsed.candidates) {
    const collectionKey = collectionNameKey(candidate.input.collection);
    // The report names an existing collection as the user spelled it in Spindle, not as the file does.
    const existingName = existingNames.get(collectionKey);
    if (existingName !== undefined && existingName !== candidate.input.collection) candidate.input = { ...candidate.input, collection: existingName };
    const { input } = candidate;
    const key = albumKey(collectionKey, input.title, input.artist);
    const copy: Copy = {
      row: candidate.row,
      releaseId: input.discogsReleaseId ?? null,
      catalogNumber: catalogKey(input.catalogNumber ?? null),
      format: input.format ?? null,
    };
    const sameTitle = seen.get(key) ?? [];
    const same = sameTitle.find((other) => difference(other, copy) === null);
    if (same) {
      const reason = same.row === null ? `Already in "${input.collection}"` : `Same album as row ${same.row}`;
      duplicates.push({ ...candidate, reason });
      continue;
    }
    if (sameTitle.length > 0) {
      const first = sameTitle[0]!;
      const where = first.row === null ? `in "${input.collection}"` : `at row ${first.row}`;
      otherCopies.push({ ...candidate, reason: `Another copy: the album ${where} has a different ${difference(first, copy)}` });
    }
    remember(key, copy);
    toAdd.push(candidate);
    if (!existingCollections.has(collectionKey) && !newCollections.has(collectionKey)) newCollections.set(collectionKey, input.collection);
  }

  await keepOwnCovers(db, ctx, user.id, toAdd);

  if (userAccess(user) === 'free') {
    if (collections.length + newCollections.size > FREE_TIER_MAX_COLLECTIONS) {
      throw paymentRequired(
        user,
        `The free plan allows up to ${FREE_TIER_MAX_COLLECTIONS} collections; this import would make ${collections.length + newCollections.size}. Please subscribe to import it.`,
      );
    }
    const counts = new Map(collections.map((c) => [c.name_key, c.album_count]));
    for (const { input } of toAdd) {
      const key = collectionNameKey(input.collection);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count > FREE_TIER_MAX_ALBUMS_PER_COLLECTION) {
        throw paymentRequired(
          user,
          `The free plan allows up to ${FREE_TIER_MAX_ALBUMS_PER_COLLECTION} albums per collection; this import would put more in "${input.collection}". Please subscribe to import it.`,
        );
      }
    }
  }
  return { toAdd, duplicates, otherCopies, existingCollections, newCollections: [...newCollections.values()] };
}

/** A cover path of ours that is not the user's own image becomes the absolute address it came as. */
async function keepOwnCovers(db: Executor, ctx: AppContext, userId: number, toAdd: ImportCandidate[]): Promise<void> {
  const named = toAdd.filter((c) => c.input.coverUrl?.startsWith(COVER_PATH_PREFIX));
  if (named.length === 0) return;
  const names = [...new Set(named.map((c) => storedImageName(c.input.coverUrl)).filter((n): n is string => n !== null))];
  const owned = await importRepository.ownImageNames(db, userId, names);
  const publicUrl = ctx.config.publicUrl.replace(/\/+$/, '');
  for (const candidate of named) {
    const name = storedImageName(candidate.input.coverUrl);
    if (name === null || !owned.has(name)) candidate.input = { ...candidate.input, coverUrl: `${publicUrl}${candidate.input.coverUrl}` };
  }
}

const listed = <T>(items: T[]) => items.slice(0, IMPORT_LIMITS.maxListed);
const summary = (c: ImportCandidate) => ({ row: c.row, title: c.input.title, artist: c.input.artist, collection: c.input.collection });

/**
 * The checks that answer with a status (the free tier's 402), made before a progress stream starts.
 * A Discogs wantlist goes to the wish list (docs/product/import.md#discogs-wantlist).
 */
export async function checkImport(ctx: AppContext, user: UserRow, parsed: ParsedImport): Promise<void> {
  if (parsed.into === 'wishlist') await planWantlist(ctx.db, user, parsed);
  else await planImport(ctx.db, ctx, user, parsed);
}

/** The dry run: what the import would add, skip and refuse, without writing anything. */
export async function dryRunImport(ctx: AppContext, user: UserRow, parsed: ParsedImport): Promise<ImportReport> {
  if (parsed.into === 'wishlist') return dryRunWantlist(ctx, user, parsed);
  const plan = await planImport(ctx.db, ctx, user, parsed);
  const warnings = [...parsed.warnings];
  // The dry run tells now what the import would be refused for, so the user does not wait for it.
  try {
    await checkCreationBudget(ctx.db, user.id, 'albums', plan.toAdd.length);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    warnings.push(error.message);
  }
  return {
    format: parsed.format,
    rows: parsed.rows,
    toAdd: { count: plan.toAdd.length, items: listed(plan.toAdd).map(summary) },
    duplicates: { count: plan.duplicates.length, items: listed(plan.duplicates).map((d) => ({ ...summary(d), reason: d.reason })) },
    otherCopies: { count: plan.otherCopies.length, items: listed(plan.otherCopies).map((d) => ({ ...summary(d), reason: d.reason })) },
    refused: { count: parsed.refused.length, items: listed(parsed.refused) },
    notices: { count: parsed.notices.length, items: listed(parsed.notices) },
    newCollections: plan.newCollections,
    warnings,
  };
}

/**
 * The import: all or nothing in one transaction that bumps the user's data version first, which
 * serialises the user's writes (PostgreSQL's row lock, SQLite's single writer), so the plan made
 * inside it sees every album a concurrent import of the same file added, and skips them. The
 * per-minute creation limit counts the import as one request, the hourly budget and the account's
 * ceiling count every album it adds; the alert thresholds see the whole count.
 * `onProgress` hears after each chunk of inserts. With `findDetails` every added album is queued, in
 * the same transaction, to be looked up on MusicBrainz afterwards
 * (docs/product/import.md#covers-and-details-found-after-an-import).
 */
export async function runImport(
  ctx: AppContext,
  user: UserRow,
  parsed: ParsedImport,
  onProgress: (done: number, total: number) => void = () => {},
  findDetails = true,
): Promise<ImportResult> {
  // Wishes are not looked up afterwards: the wish list's cover search does it one at a time.
  if (parsed.into === 'wishlist') return runWantlist(ctx, user, parsed, onProgress);
  const albumThreshold = await countThreshold(ctx, 'albums');
  const collectionThreshold = await countThreshold(ctx, 'collections');
  const outcome = await userDataWrite(ctx.db, user.id, async (trx) => {
    const plan = await planImport(trx, ctx, user, parsed);
    // The budgets count what the import adds, after duplicates are skipped: a repeated import of the
    // same file adds nothing and costs only the request.
    await reserveAlbumCreation(trx, user.id, plan.toAdd.length);
    if (plan.newCollections.length > 0) await reserveCreation(trx, user.id, 'collections', plan.newCollections.length);
    const now = nowIso();
    const collectionIds = new Map(plan.existingCollections);
    for (const name of plan.newCollections) {
      const created = await collectionsRepository.insert(trx, user.id, name, now);
      collectionIds.set(created.name_key, created.id);
    }
    const total = plan.toAdd.length;
    onProgress(0, total);
    for (let i = 0; i < total; i += INSERT_CHUNK) {
      const chunk = plan.toAdd.slice(i, i + INSERT_CHUNK);
      const values = chunk.map(({ input, addedAt }) => ({
        ...toValues(input, collectionIds.get(collectionNameKey(input.collection))!),
        added_at: addedAt ?? now,
      }));
      const ids = await importRepository.insertMany(trx, user.id, values, now);
      if (findDetails) await queueEnrichment(trx, user.id, ids);
      onProgress(Math.min(total, i + INSERT_CHUNK), total);
      // Lets the progress line go out before the next chunk.
      await setImmediate();
    }
    const albumsReached = await countIfCrossed(albumThreshold, total, (limit) => albumsRepository.countByUserUpTo(trx, user.id, limit));
    const collectionsReached = await countIfCrossed(collectionThreshold, plan.newCollections.length, (limit) =>
      collectionsRepository.countByUserUpTo(trx, user.id, limit),
    );
    return { plan, albumsReached, collectionsReached };
  });
  // After the commit, not awaited: a listener never holds up or fails the request.
  const { plan, albumsReached, collectionsReached } = outcome;
  if (findDetails && plan.toAdd.length > 0) enrichmentWorker(ctx).kick();
  if (albumsReached !== null && plan.toAdd.length > 0) {
    void ctx.events.emit('albums.count_reached', { userId: user.id, username: user.username, count: albumsReached });
  }
  if (collectionsReached !== null && plan.newCollections.length > 0) {
    void ctx.events.emit('collections.count_reached', { userId: user.id, username: user.username, count: collectionsReached });
  }
  return { added: plan.toAdd.length, duplicates: plan.duplicates.length, refused: parsed.refused.length, newCollections: plan.newCollections };
}
