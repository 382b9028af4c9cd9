import { setImmediate } from 'node:timers/promises';
import { FREE_TIER_MAX_WISH_ITEMS } from '../../../common/constants.js';
import { IMPORT_LIMITS, WANTLIST_DESTINATION, type ImportReport, type ImportResult } from '../../../common/import.schemas.js';
import type { AppContext } from '../../context.js';
import { checkCreationBudget, reserveCreation } from '../../creation-budgets.js';
import { userDataWrite } from '../../db/data-version.js';
import { type Executor, nowIso } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { textKey } from '../../db/text-key.js';
import { AppError } from '../../errors.js';
import { paymentRequired, userAccess } from '../../plugins/guards.js';
import { collectionsRepository } from '../collections/collections.repository.js';
import { toWishValues, wishlistRepository } from '../wishlist/wishlist.repository.js';
import type { ParsedImport, WishCandidate } from './import-file.js';
import { importRepository, INSERT_CHUNK } from './import.repository.js';

interface Flagged extends WishCandidate {
  reason: string;
}

/** What a wantlist import will do, given the user's wishes and albums now. */
export interface WantlistPlan {
  toAdd: WishCandidate[];
  duplicates: Flagged[];
  /** Rows added although the user owns the album, or wishes for another pressing of it. */
  otherCopies: Flagged[];
}

const wishKey = (title: string, artist: string) => `${textKey(title)}\n${textKey(artist)}`;

/**
 * Sorts a wantlist's rows (docs/product/import.md#discogs-wantlist): a row is a wish already there
 * when title and artist match one (trimmed, case-insensitive; in the list or earlier in the file) and
 * neither has a different release id; it is skipped. Another release of a wished album is added and
 * flagged, and so is an album the user owns: a wantlist often names a better pressing of a record on
 * the shelf, and the collector put it there on purpose. The free tier's 50 wishes hold on the result.
 */
export async function planWantlist(db: Executor, user: UserRow, parsed: ParsedImport): Promise<WantlistPlan> {
  const seen = new Map<string, { row: number | null; releaseId: number | null }[]>();
  const remember = (key: string, row: number | null, releaseId: number | null) => {
    const copies = seen.get(key);
    if (copies) copies.push({ row, releaseId });
    else seen.set(key, [{ row, releaseId }]);
  };
  const wishes = await wishlistRepository.keys(db, user.id);
  for (const wish of wishes) {
    remember(`${wish.title_key}\n${wish.artist_key}`, null, wish.discogs_release_id === null ? null : Number(wish.discogs_release_id));
  }
  // Where the user owns each title: the first collection it is in names it in the report.
  const collectionNames = new Map((await collectionsRepository.listWithCounts(db, user.id)).map((c) => [c.id, c.name]));
  const owned = new Map<string, string>();
  for (const album of await importRepository.albumKeys(db, user.id)) {
    const key = `${album.title_key}\n${album.artist_key}`;
    if (!owned.has(key)) owned.set(key, collectionNames.get(album.collection_id) ?? '');
  }

  const plan: WantlistPlan = { toAdd: [], duplicates: [], otherCopies: [] };
  for (const candidate of parsed.wishes) {
    const { input } = candidate;
    const key = wishKey(input.title, input.artist);
    const releaseId = input.discogsReleaseId;
    const sameTitle = seen.get(key) ?? [];
    const same = sameTitle.find((other) => other.releaseId === null || releaseId === null || other.releaseId === releaseId);
    if (same) {
      plan.duplicates.push({ ...candidate, reason: same.row === null ? 'Already on your wish list' : `Same album as row ${same.row}` });
      continue;
    }
    const ownedIn = owned.get(key);
    if (ownedIn !== undefined) plan.otherCopies.push({ ...candidate, reason: `You own this album: it is in "${ownedIn}"` });
    else if (sameTitle.length > 0) {
      const first = sameTitle[0]!;
      const where = first.row === null ? 'the wish on your list' : `the wish at row ${first.row}`;
      plan.otherCopies.push({ ...candidate, reason: `Another pressing: ${where} has a different release` });
    }
    remember(key, candidate.row, releaseId);
    plan.toAdd.push(candidate);
  }

  if (userAccess(user) === 'free' && wishes.length + plan.toAdd.length > FREE_TIER_MAX_WISH_ITEMS) {
    throw paymentRequired(
      user,
      `The free plan allows up to ${FREE_TIER_MAX_WISH_ITEMS} wish list items; this import would make ${wishes.length + plan.toAdd.length}. Please subscribe to import it.`,
    );
  }
  return plan;
}

const listed = <T>(items: T[]) => items.slice(0, IMPORT_LIMITS.maxListed);
const summary = (c: WishCandidate) => ({ row: c.row, title: c.input.title, artist: c.input.artist, collection: WANTLIST_DESTINATION });

/** The wantlist's dry run: the collection import's report, every row going to the wish list. */
export async function dryRunWantlist(ctx: AppContext, user: UserRow, parsed: ParsedImport): Promise<ImportReport> {
  const plan = await planWantlist(ctx.db, user, parsed);
  const warnings = [...parsed.warnings];
  try {
    await checkCreationBudget(ctx.db, user.id, 'wishlist', plan.toAdd.length);
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
    newCollections: [],
    warnings,
  };
}

/**
 * The wantlist import, all or nothing like the collection import: one transaction that bumps the
 * data version first (so two imports of one file add it once), counts as one request against the
 * wish list's per-minute budget and every wish against its hourly budget and ceiling.
 */
export async function runWantlist(
  ctx: AppContext,
  user: UserRow,
  parsed: ParsedImport,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportResult> {
  const plan = await userDataWrite(ctx.db, user.id, async (trx) => {
    const plan = await planWantlist(trx, user, parsed);
    await reserveCreation(trx, user.id, 'wishlist', plan.toAdd.length);
    const now = nowIso();
    const total = plan.toAdd.length;
    onProgress(0, total);
    for (let i = 0; i < total; i += INSERT_CHUNK) {
      const chunk = plan.toAdd.slice(i, i + INSERT_CHUNK);
      await wishlistRepository.insertMany(trx, user.id, chunk.map(({ input }) => toWishValues(input)), now);
      onProgress(Math.min(total, i + INSERT_CHUNK), total);
      // Lets the progress line go out before the next chunk.
      await setImmediate();
    }
    return plan;
  });
  return { added: plan.toAdd.length, duplicates: plan.duplicates.length, refused: parsed.refused.length, newCollections: [] };
}
