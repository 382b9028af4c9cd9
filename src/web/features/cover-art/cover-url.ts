/**
 * Where the browser loads a cover from (docs/product/cover-art.md#proxy): our stored covers as they are (the
 * grid asks for the thumbnail), remote http(s) URLs through the signed-in image proxy, nothing else.
 */
export function coverSrc(coverUrl: string | null | undefined, size: 'thumb' | 'full' = 'full'): string | null {
  if (!coverUrl) return null;
  if (coverUrl.startsWith('/api/')) {
    if (size === 'thumb' && /^\/api\/((?:wishlist\/)?shared\/[^/]+\/)?cover-art\/[^/?]+$/.test(coverUrl)) return `${coverUrl}?size=thumb`;
    return coverUrl;
  }
  if (/^https?:\/\//i.test(coverUrl)) return `/api/cover-art-image?url=${encodeURIComponent(coverUrl)}`;
  return null;
}
