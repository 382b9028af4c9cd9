import { NO_FORMAT, NO_GENRE, type Analytics } from '../../../common/analytics.schemas.js';
import { loanState, loanToday, type LoanReminders } from '../../../common/loans.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { AlbumListCache, type CachedList } from '../albums/album-list-cache.js';
import { wishlistAnalytics } from '../wishlist/wishlist.service.js';
import { analyticsRepository, type LentAlbumRow } from './analytics.repository.js';

const dollars = (cents: number) => cents / 100;

/**
 * The user's loan reminders (docs/product/loans.md#overdue): the lent albums are already oldest loan first,
 * undated last.
 */
function loanFigures(lent: LentAlbumRow[], reminders: LoanReminders): Analytics['loans'] {
  const overdue: Analytics['loans']['overdue'] = [];
  for (const album of lent) {
    const state = loanState({ isLent: true, lentDate: album.lent_date }, reminders);
    if (!state?.overdue || album.lent_date === null || state.days === null) continue;
    overdue.push({
      id: album.id,
      title: album.title,
      artist: album.artist,
      lentTo: album.lent_to,
      lentDate: album.lent_date,
      collection: album.collection_name,
      daysLent: state.days,
    });
  }
  return { reminderDays: reminders.days, today: reminders.today, lentCount: lent.length, overdueCount: overdue.length, overdue };
}

/** Counts by name, most first and a tie by name; a null name counts under `none`. */
function countsByName(rows: { name: string | null; count: number }[], none: string): Record<string, number> {
  const counts = new Map<string, number>();
  for (const { name, count } of rows) counts.set(name ?? none, (counts.get(name ?? none) ?? 0) + count);
  return Object.fromEntries([...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}

/** The user's figures, read with five aggregate queries; money is summed as integer cents. */
export async function buildAnalytics(ctx: AppContext, userId: number, reminders: LoanReminders): Promise<Analytics> {
  const [collections, genres, formats, lent, wishlist] = await Promise.all([
    analyticsRepository.collectionFigures(ctx.db, userId),
    analyticsRepository.genreCounts(ctx.db, userId),
    analyticsRepository.formatCounts(ctx.db, userId),
    analyticsRepository.lentAlbums(ctx.db, userId),
    wishlistAnalytics(ctx.db, userId),
  ]);
  // Every album is in exactly one collection, so the totals are the sums of the per-collection figures.
  const totalCents = collections.reduce((sum, c) => sum + c.value_cents, 0);
  const totalAlbums = collections.reduce((sum, c) => sum + c.album_count, 0);

  const albumsByGenre = countsByName(genres.map((g) => ({ name: g.genre, count: g.album_count })), NO_GENRE);
  const albumsByFormat = countsByName(formats.map((f) => ({ name: f.format, count: f.album_count })), NO_FORMAT);

  return {
    totalCollections: collections.length,
    totalAlbums,
    totalValue: dollars(totalCents),
    albumsByCollection: collections.map((c) => ({
      collectionId: c.id,
      collectionName: c.name,
      albumCount: c.album_count,
      totalValue: dollars(c.value_cents),
    })),
    albumsByGenre,
    albumsByFormat,
    lentAlbums: lent.map((a) => ({
      id: a.id,
      title: a.title,
      artist: a.artist,
      lentTo: a.lent_to,
      lentDate: a.lent_date,
      collection: a.collection_name,
    })),
    loans: loanFigures(lent, reminders),
    wishlist,
  };
}

// One cache per app instance, the album list's mechanism: kept until the user's next write.
const answers = new WeakMap<AppContext, AlbumListCache<string>>();

/**
 * GET /api/analytics's body for this user, serialised once per data version and loan day: the key
 * holds the user, the day loans are counted on and their reminder days, so an album that becomes
 * overdue at midnight (no write) or a changed setting never finds yesterday's answer. A day's or a
 * setting's old entry is dropped like any least recently used one.
 */
export function userAnalytics(ctx: AppContext, user: Pick<UserRow, 'id' | 'data_version' | 'loan_reminder_days'>, now: Date = new Date()): Promise<CachedList> {
  let cache = answers.get(ctx);
  if (!cache) {
    cache = new AlbumListCache<string>({ maxUsers: 500, maxBytes: 32 * 1024 * 1024 });
    answers.set(ctx, cache);
  }
  const reminders: LoanReminders = { days: user.loan_reminder_days, today: loanToday(now) };
  // Only the serialised body is used here: no album objects or page ends are kept beside it.
  return cache.get(`${user.id}:${reminders.today}:${reminders.days}`, user.data_version, async () => ({
    body: Buffer.from(JSON.stringify(await buildAnalytics(ctx, user.id, reminders))),
    pageEnds: [],
    albums: [],
  }));
}
