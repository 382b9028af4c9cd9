import type { Wish } from '../../../common/wishlist.schemas';

/** Titles and artists compare trimmed and case-insensitively, as the server's duplicate and owned checks do. */
const key = (text: string): string => text.trim().toLowerCase();

/**
 * The wish the typed title and artist name (docs/product/wishlist.md#on-the-album-form): the first in
 * the list's order (must have first) when two pressings are wished for; null while either is blank.
 */
export function findWishMatch(wishes: readonly Wish[] | undefined, title: string, artist: string): Wish | null {
  const titleKey = key(title);
  const artistKey = key(artist);
  if (!wishes || !titleKey || !artistKey) return null;
  return wishes.find((wish) => key(wish.title) === titleKey && key(wish.artist) === artistKey) ?? null;
}
