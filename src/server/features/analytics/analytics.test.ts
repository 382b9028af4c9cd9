import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIsoDate } from '../../../common/albums.schemas.js';
import type { AlbumRequest } from '../../../common/albums.schemas.js';
import { buildAlbum, buildCollection, signedInCollector, updateUser, type SignedInCollector } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Signed = SignedInCollector;

/** The server's loan day (the UTC date, docs/product/loans.md#reminders) and whole days from a YYYY-MM-DD date to it. */
const utcToday = () => new Date().toISOString().slice(0, 10);
const daysSince = (date: string) => (Date.parse(`${utcToday()}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000;

const addCollection = async (signed: Pick<Signed, 'user'>, name: string) => (await buildCollection(t.app, signed.user.id, name)).id;
const addAlbum = async (signed: Pick<Signed, 'user'>, album: Partial<AlbumRequest>) => (await buildAlbum(t.app, signed.user.id, album)).id;

/**
 * A collector whose figures are worked out by hand below. The prices are chosen so that adding
 * them as floating-point dollars would drift (0.1 + 0.2, 33.33 × 3); genre and price are missing on some.
 */
async function collector(): Promise<Omit<Signed, 'collections'> & { ids: Record<string, number>; collections: Record<string, number> }> {
  const signed = await signedInCollector(t.app);
  const collections = {
    Rock: await addCollection(signed, 'Rock'),
    Jazz: await addCollection(signed, 'Jazz'),
    Empty: await addCollection(signed, 'Empty'),
  };
  const ids = {
    blueTrain: await addAlbum(signed, {
      collection: 'Jazz',
      title: 'Blue Train',
      artist: 'John Coltrane',
      genre: 'Jazz',
      format: 'LP',
      price: 19.99,
      isLent: true,
      lentTo: 'Sam',
      lentDate: '2024-01-15',
    }),
    giantSteps: await addAlbum(signed, {
      collection: 'Jazz',
      title: 'Giant Steps',
      artist: 'John Coltrane',
      genre: 'Jazz',
      format: 'LP',
      price: 0.1,
    }),
    kindOfBlue: await addAlbum(signed, { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis' }),
    abbeyRoad: await addAlbum(signed, {
      collection: 'Rock',
      title: 'Abbey Road',
      artist: 'The Beatles',
      genre: 'Rock',
      format: 'LP',
      price: 0.2,
      isLent: true,
      lentTo: 'Kim',
      lentDate: '2025-03-01',
    }),
    letItBe: await addAlbum(signed, {
      collection: 'Rock',
      title: 'Let It Be',
      artist: 'The Beatles',
      genre: 'Rock',
      format: '2LP',
      price: 33.33,
    }),
    revolver: await addAlbum(signed, { collection: 'Rock', title: 'Revolver', artist: 'The Beatles', price: 33.33 }),
    // Lent without a date: the server dates it today, so it is the most recent loan.
    help: await addAlbum(signed, {
      collection: 'Rock',
      title: 'Help!',
      artist: 'The Beatles',
      genre: 'Rock',
      price: 33.33,
      isLent: true,
      lentTo: 'Jo & Lee',
    }),
  };
  return { ...signed, ids, collections };
}

/** Another user's data that must never show in anyone else's figures. */
async function otherCollector(): Promise<Signed> {
  const other = await signedInCollector(t.app);
  await addCollection(other, 'Jazz');
  await addCollection(other, 'Metal');
  await addAlbum(other, {
    collection: 'Jazz',
    title: 'A Love Supreme',
    artist: 'John Coltrane',
    genre: 'Jazz',
    price: 1000,
    isLent: true,
    lentTo: 'Nobody',
    lentDate: '2020-01-01',
  });
  await addAlbum(other, { collection: 'Metal', title: 'Paranoid', artist: 'Black Sabbath', genre: 'Metal', format: '2LP', price: 12.5 });
  return other;
}

describe('GET /api/analytics', () => {
  it('answers the hand-computed figures, exact to the cent, with albums without price or genre and no other user counted', async () => {
    await otherCollector();
    const { client, ids, collections } = await collector();
    await otherCollector();

    const res = await client.get('/api/analytics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // toEqual on the whole body: nothing beyond the documented fields leaves the server.
    expect(res.json()).toEqual({
      totalCollections: 3,
      totalAlbums: 7,
      // 19.99 + 0.10 + 0.20 + 33.33 × 3; added as floats, 120.27999999999999.
      totalValue: 120.28,
      albumsByCollection: [
        { collectionId: collections.Empty, collectionName: 'Empty', albumCount: 0, totalValue: 0 },
        { collectionId: collections.Jazz, collectionName: 'Jazz', albumCount: 3, totalValue: 20.09 },
        { collectionId: collections.Rock, collectionName: 'Rock', albumCount: 4, totalValue: 100.19 },
      ],
      albumsByGenre: { Rock: 3, Jazz: 2, Unknown: 2 },
      // Albums saved without a format count as "No format".
      albumsByFormat: { LP: 3, 'No format': 3, '2LP': 1 },
      lentAlbums: [
        {
          id: ids.blueTrain,
          title: 'Blue Train',
          artist: 'John Coltrane',
          lentTo: 'Sam',
          lentDate: '2024-01-15',
          collection: 'Jazz',
        },
        {
          id: ids.abbeyRoad,
          title: 'Abbey Road',
          artist: 'The Beatles',
          lentTo: 'Kim',
          lentDate: '2025-03-01',
          collection: 'Rock',
        },
        { id: ids.help, title: 'Help!', artist: 'The Beatles', lentTo: 'Jo & Lee', lentDate: todayIsoDate(), collection: 'Rock' },
      ],
      // The default 30-day reminder: the two old loans are overdue, oldest first; Help! (today) is not.
      loans: {
        reminderDays: 30,
        today: utcToday(),
        lentCount: 3,
        overdueCount: 2,
        overdue: [
          { id: ids.blueTrain, title: 'Blue Train', artist: 'John Coltrane', lentTo: 'Sam', lentDate: '2024-01-15', collection: 'Jazz', daysLent: daysSince('2024-01-15') },
          { id: ids.abbeyRoad, title: 'Abbey Road', artist: 'The Beatles', lentTo: 'Kim', lentDate: '2025-03-01', collection: 'Rock', daysLent: daysSince('2025-03-01') },
        ],
      },
      wishlist: { items: 0, byPriority: { '1': 0, '2': 0, '3': 0 }, totalMaxPrice: 0 },
    });
    // Most albums first; a tie goes by name.
    expect(Object.keys(res.json<{ albumsByGenre: object }>().albumsByGenre)).toEqual(['Rock', 'Jazz', 'Unknown']);
    expect(Object.keys(res.json<{ albumsByFormat: object }>().albumsByFormat)).toEqual(['LP', 'No format', '2LP']);
  });

  it('answers zeros and empty lists to a user with nothing yet', async () => {
    await otherCollector();
    const { client } = await signedInCollector(t.app);
    const res = await client.get('/api/analytics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalCollections: 0,
      totalAlbums: 0,
      totalValue: 0,
      albumsByCollection: [],
      albumsByGenre: {},
      albumsByFormat: {},
      lentAlbums: [],
      loans: { reminderDays: 30, today: utcToday(), lentCount: 0, overdueCount: 0, overdue: [] },
      wishlist: { items: 0, byPriority: { '1': 0, '2': 0, '3': 0 }, totalMaxPrice: 0 },
    });
  });

  it('follows the user’s next write: added, returned, renamed and deleted', async () => {
    const signed = await collector();
    const { client, ids, collections } = signed;
    const first = (await client.get('/api/analytics')).json<{ totalAlbums: number }>();
    expect(first.totalAlbums).toBe(7);

    await addAlbum(signed, { collection: 'Empty', title: 'Paranoid', artist: 'Black Sabbath', genre: 'Metal', price: 0.01 });
    let body = (await client.get('/api/analytics')).json<Record<string, unknown>>();
    expect(body).toMatchObject({ totalAlbums: 8, totalValue: 120.29, albumsByGenre: { Rock: 3, Jazz: 2, Unknown: 2, Metal: 1 } });
    expect(body.albumsByCollection).toContainEqual({
      collectionId: collections.Empty,
      collectionName: 'Empty',
      albumCount: 1,
      totalValue: 0.01,
    });

    // Blue Train comes back; the Rock collection is renamed, which renames it on its lent albums.
    expect(
      (
        await client.put(`/api/albums/${ids.blueTrain}`, {
          collection: 'Jazz',
          title: 'Blue Train',
          artist: 'John Coltrane',
          genre: 'Jazz',
          price: 19.99,
        })
      ).statusCode,
    ).toBe(200);
    expect((await client.put(`/api/collections/${collections.Rock}`, { name: 'Beatles' })).statusCode).toBe(200);
    body = (await client.get('/api/analytics')).json();
    expect((body.lentAlbums as { id: number; collection: string }[]).map((a) => [a.id, a.collection])).toEqual([
      [ids.abbeyRoad, 'Beatles'],
      [ids.help, 'Beatles'],
    ]);

    expect((await client.delete(`/api/collections/${collections.Rock}`)).statusCode).toBe(200);
    body = (await client.get('/api/analytics')).json();
    expect(body).toMatchObject({
      totalCollections: 2,
      totalAlbums: 4,
      totalValue: 20.1,
      albumsByGenre: { Jazz: 2, Unknown: 1, Metal: 1 },
      // Blue Train and Giant Steps are LPs; Kind of Blue and Paranoid have no format. A tie goes by name.
      albumsByFormat: { LP: 2, 'No format': 2 },
      lentAlbums: [],
    });
  });

  it('is not moved by another user’s writes', async () => {
    const { client } = await collector();
    const before = (await client.get('/api/analytics')).body;
    const other = await otherCollector();
    await addAlbum(other, { collection: 'Jazz', title: 'Ascension', artist: 'John Coltrane', genre: 'Jazz', price: 5 });
    expect((await client.get('/api/analytics')).body).toBe(before);
  });

  it('revalidates with an ETag: 304 while nothing changed, a new answer after a write', async () => {
    const signed = await collector();
    const { client } = signed;
    const res = await client.get('/api/analytics');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await client.request({ method: 'GET', url: '/api/analytics', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await addAlbum(signed, { collection: 'Jazz', title: 'Ballads', artist: 'John Coltrane' });
    const changed = await client.request({ method: 'GET', url: '/api/analytics', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ totalAlbums: 8 });
  });

  it('sends gzip to a client that accepts it, with the same figures', async () => {
    const { client } = await collector();
    const plain = await client.get('/api/analytics');
    const zipped = await client.request({ method: 'GET', url: '/api/analytics', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('answers 401 signed out', async () => {
    const res = await new Client(t.app).get('/api/analytics');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers 402 with the payment-required body to a gated user (an expired trial)', async () => {
    const { client, user } = await collector();
    await updateUser(t.app, user.id, { trial_end_date: new Date(Date.now() - 1000).toISOString() });
    const res = await client.get('/api/analytics');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ redirectTo: '/subscription', userId: user.id, username: user.username });
  });
});
