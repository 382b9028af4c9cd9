import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../common/constants';
import { pageCount, pageOf, UPLOAD_HINT, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE, UPLOAD_EMPTY, uploadProblem } from './cover-art-rules';

describe('cover upload accepts JPEG, PNG, WebP and GIF, at most 5MB (docs/product/cover-art.md#picker)', () => {
  it('the label states the accepted types and the limit', () => {
    expect(UPLOAD_HINT).toBe('JPEG, PNG, WebP or GIF, up to 5MB');
  });

  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])('accepts %s', (type) => {
    expect(uploadProblem({ type, size: 1234 })).toBeNull();
  });

  it.each(['image/svg+xml', 'image/bmp', 'image/heic', 'application/pdf', 'text/plain', ''])('refuses %s with a clear message', (type) => {
    expect(uploadProblem({ type, size: 1234 })).toBe(UPLOAD_WRONG_TYPE);
  });

  it('accepts exactly 5MB and refuses one byte more', () => {
    expect(uploadProblem({ type: 'image/png', size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ type: 'image/png', size: UPLOAD_MAX_BYTES + 1 })).toBe(UPLOAD_TOO_LARGE);
    expect(UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('refuses an empty file', () => {
    expect(uploadProblem({ type: 'image/gif', size: 0 })).toBe(UPLOAD_EMPTY);
  });
});

describe('search results are paged with Previous and Next (docs/product/cover-art.md#picker)', () => {
  const results = Array.from({ length: 14 }, (_, i) => `https://covers.example/${i + 1}.jpg`);

  it('splits the results into pages of six', () => {
    expect(pageCount(14)).toBe(3);
    expect(pageOf(results, 0)).toEqual({ items: results.slice(0, 6), page: 0, pages: 3 });
    expect(pageOf(results, 2)).toEqual({ items: results.slice(12), page: 2, pages: 3 });
  });

  it('keeps the page within the results', () => {
    expect(pageOf(results, 7).page).toBe(2);
    expect(pageOf(results, -1).page).toBe(0);
  });

  it('no results is one empty page', () => {
    expect(pageOf([], 0)).toEqual({ items: [], page: 0, pages: 1 });
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
  });
});
