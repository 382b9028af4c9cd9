import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_BARCODE_MESSAGES } from '../../../common/barcode.js';
import { CHECK_RESULTS_MAX, RECORD_CHECK_MESSAGES } from '../../../common/record-check.schemas.js';
import { buildAlbum, buildAlbums, signedInCollector } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Random Access Memories: a UPC-A on the sleeve, often filed as the EAN-13 with a leading zero.
const UPC = '888837168618';
const EAN_OF_UPC = '0888837168618';
const BLUE_TRAIN_EAN = '0602577289118';

const check = (client: Client, query: Record<string, string>) => client.get(`/api/check?${new URLSearchParams(query).toString()}`);

describe('The record check: GET /api/check', () => {
  it('answers an owned barcode with every copy: collection, format, pressing and location', async () => {
    const { client, user } = await signedInCollector(t.app);
    const first = await buildAlbum(t.app, user.id, {
      collection: 'Living room',
      title: 'Random Access Memories',
      artist: 'Daft Punk',
      barcode: UPC,
      format: '2LP',
      pressing: '2013 Columbia, gatefold',
      location: 'Shelf B, row 3',
      catalogNumber: '88883716861',
    });
    // The same code filed the other way (EAN-13 with its leading zero) is the same record.
    const second = await buildAlbum(t.app, user.id, { collection: 'Loft', title: 'Random Access Memories', artist: 'Daft Punk', barcode: EAN_OF_UPC, format: 'CD' });
    await buildAlbum(t.app, user.id, { title: 'Blue Train', artist: 'John Coltrane', barcode: BLUE_TRAIN_EAN });

    const response = await check(client, { barcode: ` ${EAN_OF_UPC.slice(0, 4)}-${EAN_OF_UPC.slice(4)} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      albums: [
        {
          id: first.id,
          title: 'Random Access Memories',
          artist: 'Daft Punk',
          collection: 'Living room',
          format: '2LP',
          pressing: '2013 Columbia, gatefold',
          location: 'Shelf B, row 3',
          catalogNumber: '88883716861',
          barcode: UPC,
        },
        { id: second.id, title: 'Random Access Memories', artist: 'Daft Punk', collection: 'Loft', format: 'CD', pressing: null, location: null, catalogNumber: null, barcode: EAN_OF_UPC },
      ],
      wishes: [],
      more: false,
    });
    expect((await check(client, { barcode: UPC })).json().albums).toHaveLength(2);
  });

  it('answers a wished barcode with its priority and max price, and an unknown one with nothing', async () => {
    const { client } = await signedInCollector(t.app);
    const wish = (await client.post('/api/wishlist', { title: 'Blue Train', artist: 'John Coltrane', barcode: BLUE_TRAIN_EAN, maxPrice: '45,50', priority: 1, notes: 'private' })).json();
    const response = await check(client, { barcode: BLUE_TRAIN_EAN });
    expect(response.json()).toEqual({
      albums: [],
      wishes: [{ id: wish.id, title: 'Blue Train', artist: 'John Coltrane', format: null, pressing: null, catalogNumber: null, barcode: BLUE_TRAIN_EAN, priority: 1, maxPrice: 45.5 }],
      more: false,
    });
    expect((await check(client, { barcode: UPC })).json()).toEqual({ albums: [], wishes: [], more: false });
  });

  it('finds by typed words in title, artist or catalogue number, any case, part of a word enough', async () => {
    const { client, user } = await signedInCollector(t.app);
    const train = await buildAlbum(t.app, user.id, { title: 'Blue Train', artist: 'John Coltrane', catalogNumber: 'BLP 1577' });
    const giant = await buildAlbum(t.app, user.id, { title: 'Giant Steps', artist: 'John Coltrane' });
    await buildAlbum(t.app, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    const wish = (await client.post('/api/wishlist', { title: 'Blue Train', artist: 'John Coltrane', format: 'LP', allowOwned: true, priority: 3 })).json();

    const ids = async (q: string) => (await check(client, { q })).json().albums.map((album: { id: number }) => album.id);
    expect(await ids('  BLUE   train ')).toEqual([train.id]);
    expect(await ids('coltrane')).toEqual([train.id, giant.id]);
    expect(await ids('coltrane blue')).toEqual([train.id]);
    expect(await ids('blp 1577')).toEqual([train.id]);
    expect(await ids('blue note')).toEqual([]);
    const both = (await check(client, { q: 'blue train' })).json();
    expect(both.wishes).toEqual([{ id: wish.id, title: 'Blue Train', artist: 'John Coltrane', format: 'LP', pressing: null, catalogNumber: null, barcode: null, priority: 3, maxPrice: null }]);
  });

  it('takes % _ and backslashes as the characters typed, not as patterns', async () => {
    const { client, user } = await signedInCollector(t.app);
    const percent = await buildAlbum(t.app, user.id, { title: '100% Pure', artist: 'A_B' });
    await buildAlbum(t.app, user.id, { title: '1000 Pure', artist: 'AxB' });
    await buildAlbum(t.app, user.id, { title: 'Back\\slash', artist: 'C' });
    const ids = async (q: string) => (await check(client, { q })).json().albums.map((album: { id: number }) => album.id);
    expect(await ids('100%')).toEqual([percent.id]);
    expect(await ids('a_b')).toEqual([percent.id]);
    expect(await ids('%')).toEqual([percent.id]);
    expect((await ids('\\')).length).toBe(1);
  });

  it('lists at most 20 albums and says there were more', async () => {
    const { client, user } = await signedInCollector(t.app);
    await buildAlbums(t.app, user.id, CHECK_RESULTS_MAX + 5, (index) => ({ title: `Waltz ${index}`, artist: 'Bill Evans' }));
    const answer = (await check(client, { q: 'waltz' })).json();
    expect(answer.albums).toHaveLength(CHECK_RESULTS_MAX);
    expect(answer.albums[0].title).toBe('Waltz 0');
    expect(answer.more).toBe(true);
  });

  it('never answers with another collector’s albums or wishes', async () => {
    const owner = await signedInCollector(t.app);
    await buildAlbum(t.app, owner.user.id, { title: 'Private Press', artist: 'Owner', barcode: BLUE_TRAIN_EAN });
    await owner.client.post('/api/wishlist', { title: 'Secret Wish', artist: 'Owner', barcode: UPC });
    const other = await signedInCollector(t.app);
    expect((await check(other.client, { barcode: BLUE_TRAIN_EAN })).json()).toEqual({ albums: [], wishes: [], more: false });
    expect((await check(other.client, { barcode: UPC })).json()).toEqual({ albums: [], wishes: [], more: false });
    expect((await check(other.client, { q: 'owner' })).json()).toEqual({ albums: [], wishes: [], more: false });
  });

  it('answers 400 for a wrong barcode, an empty or too long text, both or neither', async () => {
    const { client } = await signedInCollector(t.app);
    const message = async (query: Record<string, string>) => {
      const response = await check(client, query);
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await message({ barcode: '12345' })).toContain(ALBUM_BARCODE_MESSAGES.length);
    expect(await message({ barcode: '0602577289119' })).toContain(ALBUM_BARCODE_MESSAGES.checkDigit);
    expect(await message({ q: '   ' })).toContain(RECORD_CHECK_MESSAGES.q);
    expect(await message({ q: 'x'.repeat(201) })).toContain('at most 200 characters');
    expect(await message({})).toContain(RECORD_CHECK_MESSAGES.oneOf);
    expect(await message({ q: 'blue', barcode: BLUE_TRAIN_EAN })).toContain(RECORD_CHECK_MESSAGES.oneOf);
  });

  it('answers 401 signed out and 402 to a gated user', async () => {
    expect((await check(new Client(t.app), { q: 'blue' })).statusCode).toBe(401);
    const { client } = await signedInCollector(t.app, { plan: 'expired' });
    expect((await check(client, { q: 'blue' })).statusCode).toBe(402);
  });
});
