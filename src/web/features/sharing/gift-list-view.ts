import { ALBUM_FORMAT_NAMES } from '../../../common/album-formats';
import type { SharedWish } from '../../../common/wishlist.schemas';

/** The texts of the public gift list (docs/product/wishlist.md#gift-list-page). */
export const GIFT_LIST_MESSAGES = {
  title: 'Gift list',
  notFoundTitle: 'This gift list is not available',
  notFoundText: 'The link may be mistyped, or its owner has stopped sharing their wish list.',
  loadFailed: 'The gift list could not be loaded',
  empty: 'Nothing on this gift list yet',
} as const;

/** Priority 1, 2, 3 as every screen names it (docs/product/wishlist.md#fields). */
export const PRIORITY_NAMES: Record<number, string> = { 1: 'Must have', 2: 'Want', 3: 'Maybe' };
export const priorityName = (priority: number): string => PRIORITY_NAMES[priority] ?? PRIORITY_NAMES[2]!;

/** GET /api/wishlist/shared/{token}; also the query key (the key starts with the URL). */
export const giftListUrl = (token: string): string => `/api/wishlist/shared/${encodeURIComponent(token)}`;

/** The format's display name ("Vinyl LP"), or null when the wish names none. */
export const giftFormatName = (wish: Pick<SharedWish, 'format'>): string | null =>
  wish.format ? ALBUM_FORMAT_NAMES[wish.format] : null;

const countFormat = new Intl.NumberFormat('en-US');
/** "1 record", "12 records". */
export const recordCountText = (count: number): string => `${countFormat.format(count)} ${count === 1 ? 'record' : 'records'}`;
