import { describe, expect, it } from 'vitest';
import { addAlbumHref, addWishHref, prefillOf, shelfAge, shelfAgeText } from './check-links';

describe('The record check’s Add links', () => {
  it('carry what the check knows, each parameter only when known', () => {
    expect(addAlbumHref(prefillOf({ barcode: '0602577289118' }))).toBe('/album/new?barcode=0602577289118');
    expect(addWishHref(prefillOf({ q: 'Blue Train & Co' }))).toBe('/wishlist/new?title=Blue+Train+%26+Co');
    expect(addWishHref({ title: 'Discovery', artist: 'Daft Punk', barcode: '724384960650', catalogNumber: ' ', format: '2LP' })).toBe(
      '/wishlist/new?title=Discovery&artist=Daft+Punk&barcode=724384960650&format=2LP',
    );
    expect(addAlbumHref({})).toBe('/album/new');
  });
});

describe('How old the kept shelf is', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('says it in words a collector reads at a glance', () => {
    expect(shelfAge(now - 20_000, now)).toBe('just now');
    expect(shelfAge(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(shelfAgeText(now - 2 * 3_600_000 - 60_000, now)).toBe('Checked against your shelf from 2 hours ago');
    expect(shelfAge(now - 26 * 3_600_000, now)).toBe('yesterday');
    expect(shelfAge(now - 3 * 86_400_000, now)).toBe('3 days ago');
    // A clock set back never shows a copy from the future.
    expect(shelfAge(now + 60_000, now)).toBe('just now');
  });
});
