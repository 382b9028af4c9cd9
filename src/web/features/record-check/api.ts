import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { checkLists, type CheckRequest } from '../../../common/record-check';
import { recordCheckResultSchema, type RecordCheckResult } from '../../../common/record-check.schemas';
import type { Wish } from '../../../common/wishlist.schemas';
import { getJson } from '../../lib/api-client';
import { getOfflineState } from '../../offline/offline-state';
import { albumsQuery } from '../albums/api';

export const CHECK_URL = '/api/check';
export const WISHLIST_URL = '/api/wishlist';

/** GET /api/wishlist: the caller's wishes, which the offline shelf keeps beside the albums. */
export const wishlistQuery = queryOptions<Wish[]>({ queryKey: [WISHLIST_URL] });

/** GET /api/check: the server's answer (docs/product/record-check.md#api). */
export async function checkOnline(request: CheckRequest, signal?: AbortSignal): Promise<RecordCheckResult> {
  const query: Record<string, string> = 'barcode' in request ? { barcode: request.barcode } : { q: request.q };
  return recordCheckResultSchema.parse(await getJson(`${CHECK_URL}?${new URLSearchParams(query).toString()}`, { signal }));
}

/** What a check against the kept copy answers: the result and when that copy was kept. */
export interface ShelfAnswer {
  result: RecordCheckResult;
  /** When the device kept the lists it matched (ms since the epoch). */
  keptAt: number;
}

/**
 * The check against the shelf (docs/product/record-check.md#offline): the album list and wish list the
 * page already holds or reads again (offline, the service worker answers both from the kept copy).
 * Neither read carries anything of the check: what was typed stays on the device.
 */
export async function checkOnShelf(queryClient: QueryClient, request: CheckRequest): Promise<ShelfAnswer> {
  const [albums, wishes] = await Promise.all([
    queryClient.ensureQueryData({ ...albumsQuery, retry: false }),
    queryClient.ensureQueryData({ ...wishlistQuery, retry: false }),
  ]);
  return { result: checkLists(request, albums, wishes), keptAt: shelfTime(queryClient) };
}

/** The kept copy's date when the lists came from it, else when the page read them. */
function shelfTime(queryClient: QueryClient): number {
  const kept = getOfflineState().keptAt;
  const keptAt = kept ? Date.parse(kept) : NaN;
  if (Number.isFinite(keptAt)) return keptAt;
  const read = [queryClient.getQueryState(albumsQuery.queryKey)?.dataUpdatedAt, queryClient.getQueryState(wishlistQuery.queryKey)?.dataUpdatedAt];
  const times = read.filter((time): time is number => typeof time === 'number' && time > 0);
  return times.length ? Math.min(...times) : Date.now();
}

/** Without a network (the browser says so, or the page's reads already come from the kept copy). */
export const isOffline = (): boolean => (typeof navigator !== 'undefined' && navigator.onLine === false) || getOfflineState().offline;
