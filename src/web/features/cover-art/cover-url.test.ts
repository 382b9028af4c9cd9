import { describe, expect, it } from 'vitest';
import { coverSrc } from './cover-url';

describe('where the browser loads a cover from', () => {
  it('asks for the thumbnail of a stored cover, of a shared collection’s and of a gift list’s', () => {
    expect(coverSrc('/api/cover-art/abc.png', 'thumb')).toBe('/api/cover-art/abc.png?size=thumb');
    expect(coverSrc('/api/shared/TOKEN/cover-art/abc.png', 'thumb')).toBe('/api/shared/TOKEN/cover-art/abc.png?size=thumb');
    expect(coverSrc('/api/wishlist/shared/TOKEN/cover-art/abc.png', 'thumb')).toBe('/api/wishlist/shared/TOKEN/cover-art/abc.png?size=thumb');
    expect(coverSrc('/api/wishlist/shared/TOKEN/cover-art/abc.png')).toBe('/api/wishlist/shared/TOKEN/cover-art/abc.png');
  });

  it('sends remote covers through the image proxy and drops anything else', () => {
    expect(coverSrc('https://example.org/a.jpg', 'thumb')).toBe('/api/cover-art-image?url=https%3A%2F%2Fexample.org%2Fa.jpg');
    expect(coverSrc('javascript:alert(1)')).toBeNull();
    expect(coverSrc(null)).toBeNull();
  });
});
