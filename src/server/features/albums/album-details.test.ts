import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_DETAIL_MESSAGES, NO_ALBUM_DETAILS } from '../../../common/album-details.schemas.js';
import { ALBUM_FORMATS } from '../../../common/album-formats.js';
import { ALBUM_BARCODE_MESSAGES } from '../../../common/barcode.js';
import { signedInCollector } from '../../test/factories.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

// The collector's description of a copy (docs/product/albums.md, Pressing & details): every album
// answer carries it, POST and PUT accept it, and each field is checked.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const basic = { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane' };

const details = {
  format: 'LP',
  catalogNumber: 'BLP 1577',
  barcode: '0602 5772-8911 8',
  pressing: '2016 Blue Note 80 reissue, 180 g, matrix BN-LA-1/2',
  notes: 'Bought at the Utrecht fair.\nSleeve has a small seam split.\r\nPlays perfectly.',
  rating: 5,
  location: 'Shelf B, row 3',
  tracklist: [
    { position: 'A1', title: 'Blue Train', duration: '10:43' },
    { position: 'A2', title: 'Moment’s Notice', duration: '9:10' },
    { position: 'B1', title: 'Locomotion' },
  ],
  discogsReleaseId: 1_234_567,
  musicbrainzReleaseId: '5DA1A8E3-AB2C-4D89-9F0B-2C3D4E5F6A7B',
};

/** What the album answers for `details`: the barcode as digits, the MusicBrainz id in lower case. */
const answered = {
  ...details,
  barcode: '0602577289118',
  musicbrainzReleaseId: '5da1a8e3-ab2c-4d89-9f0b-2c3d4e5f6a7b',
};

const collector = async (): Promise<Client> => (await signedInCollector(t.app, { collections: ['Jazz', 'Shelf'] })).client;

describe('the collector’s details of an album', () => {
  it('POST /api/albums keeps every detail and every album answer carries them', async () => {
    const client = await collector();
    const before = Date.now();
    const res = await client.post('/api/albums', { ...basic, ...details });
    expect(res.statusCode).toBe(201);
    const album = res.json();
    expect(album).toMatchObject({ ...basic, ...answered });
    // Line breaks inside the notes are the collector's own.
    expect(album.notes).toBe(details.notes);
    expect(new Date(album.addedAt).toISOString()).toBe(album.addedAt);
    expect(Date.parse(album.addedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(album);
    // The list carries every detail but the notes and tracklist, which load with the album (docs/product/albums.md#album-list).
    const { notes: _notes, tracklist: _tracklist, ...listed } = album;
    expect((await client.get('/api/albums')).json()).toEqual([listed]);
    expect((await client.get('/api/albums?offset=0&limit=10')).json()).toEqual([listed]);
  });

  it('answers null for every detail left empty, and an empty tracklist is null', async () => {
    const client = await collector();
    const bare = (await client.post('/api/albums', basic)).json();
    expect(bare).toMatchObject(NO_ALBUM_DETAILS);
    const blanks = { format: '', catalogNumber: '  ', barcode: ' ', pressing: '', notes: '', rating: null, location: '', tracklist: [], discogsReleaseId: '', musicbrainzReleaseId: '' };
    const blank = await client.post('/api/albums', { ...basic, title: 'Giant Steps', ...blanks });
    expect(blank.statusCode).toBe(201);
    expect(blank.json()).toMatchObject(NO_ALBUM_DETAILS);
  });

  it('accepts every format on the list', async () => {
    const client = await collector();
    for (const format of ALBUM_FORMATS) {
      const res = await client.post('/api/albums', { ...basic, title: `As ${format}`, format });
      expect(res.statusCode, format).toBe(201);
      expect(res.json().format).toBe(format);
    }
  });

  it('accepts EAN-13, UPC-A and EAN-8 barcodes and stores the digits only', async () => {
    const client = await collector();
    for (const [barcode, stored] of [
      ['0602577289118', '0602577289118'],
      ['6 02577 28911 8', '602577289118'],
      ['9638-5074', '96385074'],
    ]) {
      const res = await client.post('/api/albums', { ...basic, title: `Code ${barcode}`, barcode });
      expect(res.statusCode, barcode).toBe(201);
      expect(res.json().barcode).toBe(stored);
    }
  });

  it('sets addedAt on the server: a client’s value is ignored by POST and PUT', async () => {
    const client = await collector();
    const res = await client.post('/api/albums', { ...basic, addedAt: '1999-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(201);
    const album = res.json();
    expect(album.addedAt).not.toBe('1999-01-01T00:00:00.000Z');
    const put = await client.put(`/api/albums/${album.id}`, { ...basic, addedAt: '1999-01-01T00:00:00.000Z' });
    expect(put.statusCode).toBe(200);
    expect(put.json().addedAt).toBe(album.addedAt);
  });

  const tooLong = (n: number) => 'x'.repeat(n);
  const refusals: [string, Record<string, unknown>, string | RegExp][] = [
    ['format', { format: 'Vinyl' }, ALBUM_DETAIL_MESSAGES.format],
    ['format', { format: 'lp' }, ALBUM_DETAIL_MESSAGES.format],
    ['format', { format: 7 }, ALBUM_DETAIL_MESSAGES.format],
    ['barcode', { barcode: '12345' }, ALBUM_BARCODE_MESSAGES.length],
    ['barcode', { barcode: '06025772891180' }, ALBUM_BARCODE_MESSAGES.length],
    ['barcode', { barcode: 'ABCDEFGHIJKLM' }, ALBUM_BARCODE_MESSAGES.length],
    ['barcode', { barcode: '0602577289119' }, ALBUM_BARCODE_MESSAGES.checkDigit],
    ['barcode', { barcode: '96385075' }, ALBUM_BARCODE_MESSAGES.checkDigit],
    ['catalogNumber', { catalogNumber: tooLong(101) }, /at most 100/],
    ['pressing', { pressing: tooLong(301) }, /at most 300/],
    ['notes', { notes: tooLong(5001) }, /at most 5,000/],
    ['location', { location: tooLong(101) }, /at most 100/],
    ['rating', { rating: 0 }, ALBUM_DETAIL_MESSAGES.rating],
    ['rating', { rating: 6 }, ALBUM_DETAIL_MESSAGES.rating],
    ['rating', { rating: 2.5 }, ALBUM_DETAIL_MESSAGES.rating],
    ['rating', { rating: 'great' }, ALBUM_DETAIL_MESSAGES.rating],
    ['tracklist', { tracklist: Array.from({ length: 201 }, (_, i) => ({ position: String(i + 1), title: `Track ${i + 1}` })) }, ALBUM_DETAIL_MESSAGES.tracklist],
    ['tracklist', { tracklist: 'A1 So What' }, ALBUM_DETAIL_MESSAGES.tracklist],
    ['tracklist', { tracklist: [{ position: 'A1', title: '' }] }, ALBUM_DETAIL_MESSAGES.trackTitle],
    ['tracklist', { tracklist: [{ position: 'A1', title: tooLong(301) }] }, /at most 300/],
    ['tracklist', { tracklist: [{ position: tooLong(11), title: 'So What' }] }, /at most 10/],
    ['tracklist', { tracklist: [{ position: 'A1', title: 'So What', duration: 'nine minutes' }] }, ALBUM_DETAIL_MESSAGES.trackDuration],
    ['tracklist', { tracklist: [{ position: 'A1', title: 'So What', duration: '9:75' }] }, ALBUM_DETAIL_MESSAGES.trackDuration],
    ['discogsReleaseId', { discogsReleaseId: 0 }, ALBUM_DETAIL_MESSAGES.discogsReleaseId],
    ['discogsReleaseId', { discogsReleaseId: -4 }, ALBUM_DETAIL_MESSAGES.discogsReleaseId],
    ['discogsReleaseId', { discogsReleaseId: 1.5 }, ALBUM_DETAIL_MESSAGES.discogsReleaseId],
    ['musicbrainzReleaseId', { musicbrainzReleaseId: 'not-a-release' }, ALBUM_DETAIL_MESSAGES.musicbrainzReleaseId],
  ];
  for (const [field, body, message] of refusals) {
    it(`refuses ${JSON.stringify(body).slice(0, 80)} with 400 naming ${field}, on POST and PUT, and keeps nothing`, async () => {
      const client = await collector();
      const res = await client.post('/api/albums', { ...basic, ...body });
      expect(res.statusCode).toBe(400);
      const answer = res.json<{ message: string; errors: Record<string, string> }>();
      const named = Object.keys(answer.errors).find((path) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}/`));
      expect(named, JSON.stringify(answer.errors)).toBeDefined();
      expect(answer.errors[named!]).toMatch(message);
      expect((await client.get('/api/albums')).json()).toEqual([]);

      const album = (await client.post('/api/albums', { ...basic, ...details })).json();
      const put = await client.put(`/api/albums/${album.id}`, { ...basic, ...body });
      expect(put.statusCode).toBe(400);
      expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(album);
    });
  }

  it('PUT /api/albums/{id} replaces the details it is given, keeps those it is not, and null clears one', async () => {
    const client = await collector();
    const album = (await client.post('/api/albums', { ...basic, ...details })).json();
    const res = await client.put(`/api/albums/${album.id}`, {
      ...basic,
      collection: 'Shelf',
      format: '2LP',
      rating: 3,
      notes: null,
      tracklist: [],
      location: 'Box 4',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...album,
      collection: 'Shelf',
      format: '2LP',
      rating: 3,
      notes: null,
      tracklist: null,
      location: 'Box 4',
    });
    expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(res.json());
  });

  it('a tracklist of 200 tracks and notes of 5,000 characters are kept whole', async () => {
    const client = await collector();
    const tracklist = Array.from({ length: 200 }, (_, i) => ({ position: `${i + 1}`, title: `Part ${i + 1}`, duration: '1:02:03' }));
    const notes = `${'n'.repeat(2499)}\n${'m'.repeat(2500)}`;
    const res = await client.post('/api/albums', { ...basic, tracklist, notes, catalogNumber: 'c'.repeat(100) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tracklist, notes, catalogNumber: 'c'.repeat(100) });
  });

  it('another user’s album details stay theirs: 404 on read and on update', async () => {
    const owner = await collector();
    const album = (await owner.post('/api/albums', { ...basic, ...details })).json();
    const other = await collector();
    expect((await other.get(`/api/albums/${album.id}`)).statusCode).toBe(404);
    expect((await other.put(`/api/albums/${album.id}`, { ...basic, notes: 'mine now' })).statusCode).toBe(404);
    expect((await owner.get(`/api/albums/${album.id}`)).json()).toEqual(album);
  });
});
