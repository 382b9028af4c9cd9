import { describe, expect, it } from 'vitest';
import type { CheckedAlbum, CheckedWish } from './record-check.schemas';
import { CHECK_RESULTS_MAX } from './record-check.schemas';
import { checkLists, checkRequestFor, checkWords } from './record-check';

const album = (id: number, fields: Partial<CheckedAlbum>): CheckedAlbum => ({
  id,
  title: 'Untitled',
  artist: 'Nobody',
  collection: 'Jazz',
  format: null,
  pressing: null,
  location: null,
  catalogNumber: null,
  barcode: null,
  ...fields,
});
const wish = (id: number, fields: Partial<CheckedWish>): CheckedWish => ({
  id,
  title: 'Untitled',
  artist: 'Nobody',
  format: null,
  pressing: null,
  catalogNumber: null,
  barcode: null,
  priority: 2,
  maxPrice: null,
  ...fields,
});

describe('The record check in the browser (the offline shelf)', () => {
  it('reads typed text as a barcode only when it is a barcode’s digits', () => {
    expect(checkRequestFor(' 0602-5772 89118 ')).toEqual({ barcode: '0602577289118' });
    expect(checkRequestFor('96385074')).toEqual({ barcode: '96385074' });
    expect(checkRequestFor('1984')).toEqual({ q: '1984' });
    expect(checkRequestFor(' Blue Train ')).toEqual({ q: 'Blue Train' });
    expect(checkWords('Blue  blue TRAIN a b c d e f g h')).toEqual(['blue', 'train', 'a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('matches a barcode in either stored form, and every word in title, artist or catalogue number', () => {
    const albums = [
      album(3, { title: 'Random Access Memories', artist: 'Daft Punk', barcode: '0888837168618', location: 'Shelf B' }),
      album(1, { title: 'Blue Train', artist: 'John Coltrane', catalogNumber: 'BLP 1577' }),
      album(2, { title: 'Giant Steps', artist: 'John Coltrane' }),
    ];
    const wishes = [wish(5, { title: 'Blue Train', artist: 'John Coltrane', priority: 3 }), wish(6, { title: 'Blue Train', artist: 'John Coltrane', priority: 1, maxPrice: 45.5 })];
    expect(checkLists({ barcode: '888837168618' }, albums, wishes)).toEqual({ albums: [albums[0]], wishes: [], more: false });
    expect(checkLists({ q: 'coltrane' }, albums, []).albums.map((a) => a.id)).toEqual([1, 2]);
    expect(checkLists({ q: 'blp 1577' }, albums, []).albums.map((a) => a.id)).toEqual([1]);
    expect(checkLists({ q: 'BLUE train' }, albums, wishes).wishes.map((w) => w.id)).toEqual([6, 5]);
    expect(checkLists({ q: 'blue note' }, albums, wishes)).toEqual({ albums: [], wishes: [], more: false });
  });

  it('answers only the check’s fields, at most 20, and says there were more', () => {
    const many = Array.from({ length: CHECK_RESULTS_MAX + 1 }, (_, i) => ({ ...album(i + 1, { title: `Waltz ${i}` }), notes: 'private', price: 12 }));
    const answer = checkLists({ q: 'waltz' }, many, []);
    expect(answer.albums).toHaveLength(CHECK_RESULTS_MAX);
    expect(answer.more).toBe(true);
    expect(Object.keys(answer.albums[0]!)).not.toContain('notes');
  });
});
