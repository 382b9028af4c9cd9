import { NO_GENRE, type Analytics } from '../../../common/analytics.schemas.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { AlbumListCache, type CachedList } from '../albums/album-list-cache.js';
import { analyticsRepository } from './analytics.repository.js';

const dollars = (cents: number) => cents / 100;

/** The user's figures, read with three aggregate queries; money is summed as integer cents. */
export async function buildAnalytics(ctx: AppContext, userId: number): Promise<Analytics> {
  const [collections, genres, lent] = await Promise.all([
    analyticsRepository.collectionFigures(ctx.db, userId),
    analyticsRepository.genreCounts(ctx.db, userId),
    analyticsRepository.lentAlbums(ctx.db, userId),
  ]);
  // Every album is in exactly one collection, so the totals are the sums of the per-collection figures.
  const totalCents = collections.reduce((sum, c) => sum + c.value_cents, 0);
  const totalAlbums = collections.reduce((sum, c) => sum + c.album_count, 0);

  const byGenre = new Map<string, number>();
  for (const { genre, album_count } of genres) {
    const key = genre ?? NO_GENRE;
    byGenre.set(key, (byGenre.get(key) ?? 0) + album_count);
  }
  const albumsByGenre = Object.fromEntries([...byGenre].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));

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
    lentAlbums: lent.map((a) => ({
      id: a.id,
      title: a.title,
      artist: a.artist,
      lentTo: a.lent_to,
      lentDate: a.lent_date,
      collection: a.collection_name,
    })),
  };
}

// One cache per app instance, the album list's mechanism: kept until the user's next write.
const answers = new WeakMap<AppContext, AlbumListCache>();

/** GET /api/analytics's body for this user, serialised once per data version. */
export function userAnalytics(ctx: AppContext, user: Pick<UserRow, 'id' | 'data_version'>): Promise<CachedList> {
  let cache = answers.get(ctx);
  if (!cache) {
    cache = new AlbumListCache({ maxUsers: 500, maxBytes: 32 * 1024 * 1024 });
    answers.set(ctx, cache);
  }
  // Only the serialised body is used here: no album objects or page ends are kept beside it.
  return cache.get(user.id, user.data_version, async () => ({
    body: Buffer.from(JSON.stringify(await buildAnalytics(ctx, user.id))),
    pageEnds: [],
    albums: [],
  }));
}
