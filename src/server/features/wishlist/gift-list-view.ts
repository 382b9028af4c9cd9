import { storedImageName } from '../cover-art/image-cleanup.js';

/** The public page of a gift list (docs/product/wishlist.md#gift-list). */
export const giftListPagePath = (token: string): string => `/wishlist/shared/${token}`;

/** The public route of a stored cover within a gift list. */
export const giftCoverPath = (token: string, imageName: string): string => `/api/wishlist/shared/${token}/cover-art/${imageName}`;

/**
 * What a gift-list visitor gets as coverUrl: a stored cover through the gift list's own image route
 * (the owner's /api/cover-art/ route needs their session), a remote http(s) cover unchanged, anything
 * else null (docs/product/wishlist.md#gift-list).
 */
export function publicGiftCoverUrl(token: string, coverUrl: string | null): string | null {
  if (!coverUrl) return null;
  const name = storedImageName(coverUrl);
  if (name) return giftCoverPath(token, name);
  return /^https?:\/\//i.test(coverUrl) && URL.canParse(coverUrl) ? coverUrl : null;
}
