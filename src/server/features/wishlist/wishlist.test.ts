import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_TIER_MAX_WISH_ITEMS } from '../../../common/constants.js';
import { buildAlbum, buildAlbums, buildCollection, signedInCollector } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { wishlistRepository, toWishValues } from './wishlist.repository.js';
import { wishRequestSchema } from '../../../common/wishlist.schemas.js';
import { nowIso } from '../../db/database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KIND_OF_BLUE = { title: 'Kind of Blue', artist: 'Miles Davis' };

async function addWish(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/api/wishlist', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number } & Record<string, unknown>>();
}

describe('The wish list: GET/POST /api/wishlist, GET/PUT/DELETE /api/wishlist/{id}', () => {
  it('adds a wish with every field and answers it back, empty fields null and priority 2 by default', async () => {
    const { client } = await signedInCollector(t.app);
    const full = await client.post('/api/wishlist', {
      title: ' Blue Train ',
      artist: 'John Coltrane',
      format: 'LP',
      pressing: '1957 mono, Blue Note 1577',
      catalogNumber: 'BLP 1577',
      barcode: '0602 5772-8911 8',
      maxPrice: '45,50',
      priority: 1,
      notes: 'Only with the original\nsleeve',
      coverUrl: 'https://example.com/blue-train.jpg',
      discogsReleaseId: '1234',
      musicbrainzReleaseId: 'A1B2C3D4-0000-4000-8000-000000000001',
    });
    expect(full.statusCode).toBe(201);
    const wish = full.json<{ id: number; createdAt: string }>();
    expect(wish).toEqual({
      id: wish.id,
      title: 'Blue Train',
      artist: 'John Coltrane',
      format: 'LP',
      pressing: '1957 mono, Blue Note 1577',
      catalogNumber: 'BLP 1577',
      barcode: '0602577289118',
      maxPrice: 45.5,
      priority: 1,
      notes: 'Only with the original\nsleeve',
      coverUrl: 'https://example.com/blue-train.jpg',
      discogsReleaseId: 1234,
      musicbrainzReleaseId: 'a1b2c3d4-0000-4000-8000-000000000001',
      createdAt: wish.createdAt,
    });
    expect(Number.isNaN(Date.parse(wish.createdAt))).toBe(false);

    const bare = await addWish(client, KIND_OF_BLUE);
    expect(bare).toMatchObject({ ...KIND_OF_BLUE, format: null, pressing: null, catalogNumber: null, barcode: null, maxPrice: null, priority: 2, notes: null, coverUrl: null, discogsReleaseId: null, musicbrainzReleaseId: null });

    expect((await client.get(`/api/wishlist/${wish.id}`)).json()).toEqual(wish);
    // Must have first, then in the order they were added.
    const list = (await client.get('/api/wishlist')).json<{ id: number }[]>();
    expect(list.map((item) => item.id)).toEqual([wish.id, bare.id]);
  });

  it('checks fields as albums do: 400 naming the field', async () => {
    const { client } = await signedInCollector(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ artist: 'A' }, 'title', 'Title is required'],
      [{ title: 'T', artist: '  ' }, 'artist', 'Artist is required'],
      [{ ...KIND_OF_BLUE, format: 'Vinyl' }, 'format', 'Format must be one of: LP, 2LP, 3LP+, EP, 7", 10", 12", Box Set, 78, CD, Cassette, Other'],
      [{ ...KIND_OF_BLUE, barcode: '0602577289119' }, 'barcode', ''],
      [{ ...KIND_OF_BLUE, catalogNumber: 'x'.repeat(101) }, 'catalogNumber', 'Catalogue number must be at most 100 characters'],
      [{ ...KIND_OF_BLUE, pressing: 'x'.repeat(301) }, 'pressing', 'Pressing must be at most 300 characters'],
      [{ ...KIND_OF_BLUE, notes: 'x'.repeat(5001) }, 'notes', 'Notes must be at most 5,000 characters'],
      [{ ...KIND_OF_BLUE, maxPrice: -1 }, 'maxPrice', 'Max price cannot be negative'],
      [{ ...KIND_OF_BLUE, maxPrice: 1.234 }, 'maxPrice', 'Max price can have at most 2 decimals'],
      [{ ...KIND_OF_BLUE, priority: 4 }, 'priority', 'Priority must be 1 (must have), 2 (want) or 3 (maybe)'],
      [{ ...KIND_OF_BLUE, priority: 1.5 }, 'priority', 'Priority must be 1 (must have), 2 (want) or 3 (maybe)'],
      [{ ...KIND_OF_BLUE, coverUrl: 'javascript:alert(1)' }, 'coverUrl', 'Cover art must be an http(s) address or an uploaded image'],
      [{ ...KIND_OF_BLUE, discogsReleaseId: 0 }, 'discogsReleaseId', 'Discogs release id must be a positive whole number'],
    ];
    for (const [body, field, message] of cases) {
      const response = await client.post('/api/wishlist', body);
      expect(response.statusCode, field).toBe(400);
      const errors = response.json<{ errors: Record<string, string> }>().errors;
      expect(Object.keys(errors)).toContain(field);
      if (message) expect(errors[field]).toBe(message);
    }
    expect((await client.get('/api/wishlist')).json()).toEqual([]);
  });

  it('replaces every field on PUT, and deletes', async () => {
    const { client } = await signedInCollector(t.app);
    const wish = await addWish(client, { ...KIND_OF_BLUE, maxPrice: 30, priority: 1, notes: 'Mono' });
    const put = await client.put(`/api/wishlist/${wish.id}`, { title: 'Kind of Blue', artist: 'Miles Davis', format: '2LP', priority: 3 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: wish.id, format: '2LP', priority: 3, maxPrice: null, notes: null, createdAt: wish.createdAt });
    const deleted = await client.delete(`/api/wishlist/${wish.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Wish list item deleted successfully' });
    expect((await client.get(`/api/wishlist/${wish.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/wishlist/${wish.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's item on every route and changes nothing", async () => {
    const owner = await signedInCollector(t.app, { collections: ['Crate'] });
    const other = await signedInCollector(t.app, { collections: ['Crate'] });
    const wish = await addWish(owner.client, { ...KIND_OF_BLUE, notes: 'secret' });
    const notFound = { message: 'Wish list item not found', code: 'NOT_FOUND' };
    for (const response of [
      await other.client.get(`/api/wishlist/${wish.id}`),
      await other.client.put(`/api/wishlist/${wish.id}`, { title: 'Mine', artist: 'Now' }),
      await other.client.delete(`/api/wishlist/${wish.id}`),
      await other.client.post(`/api/wishlist/${wish.id}/acquired`, { collection: 'Crate' }),
      await other.client.post('/api/albums', { collection: 'Crate', ...KIND_OF_BLUE, fulfilsWishId: wish.id }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject(notFound);
    }
    expect((await other.client.get('/api/wishlist')).json()).toEqual([]);
    expect((await other.client.get('/api/albums')).json()).toEqual([]);
    expect((await owner.client.get(`/api/wishlist/${wish.id}`)).json()).toEqual(wish);
  });

  it('answers 401 signed out and 402 to a gated user', async () => {
    const visitor = new Client(t.app);
    expect((await visitor.get('/api/wishlist')).statusCode).toBe(401);
    expect((await visitor.post('/api/wishlist', KIND_OF_BLUE)).statusCode).toBe(401);
    const { client } = await signedInCollector(t.app, { plan: 'expired' });
    expect((await client.get('/api/wishlist')).statusCode).toBe(402);
    expect((await client.post('/api/wishlist', KIND_OF_BLUE)).statusCode).toBe(402);
  });
});

describe('The free tier keeps at most 50 wish list items', () => {
  it('answers 402 with the album limits shape for the 51st, and adds nothing', async () => {
    expect(FREE_TIER_MAX_WISH_ITEMS).toBe(50);
    const { client, user } = await signedInCollector(t.app, { plan: 'free' });
    const now = nowIso();
    for (let i = 0; i < 50; i++) {
      await wishlistRepository.insert(t.app.ctx.db, user.id, toWishValues(wishRequestSchema.parse({ title: `Want ${i}`, artist: 'Band' })), now);
    }
    const refused = await client.post('/api/wishlist', { title: 'One more', artist: 'Band' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      message: 'The free plan allows up to 50 wish list items. Please subscribe to add more.',
      redirectTo: '/subscription',
      userId: user.id,
      username: user.username,
    });
    expect((await client.get('/api/wishlist')).json<unknown[]>()).toHaveLength(50);
    // A premium account has no such limit.
    const premium = await signedInCollector(t.app, { plan: 'active' });
    for (let i = 0; i < 51; i++) {
      await wishlistRepository.insert(t.app.ctx.db, premium.user.id, toWishValues(wishRequestSchema.parse({ title: `Want ${i}`, artist: 'Band' })), now);
    }
    expect((await premium.client.post('/api/wishlist', { title: 'One more', artist: 'Band' })).statusCode).toBe(201);
  });
});

describe('Already own it: 409 with the copies unless allowOwned', () => {
  it('matches title and artist trimmed and case-insensitively in any collection', async () => {
    const { client, user } = await signedInCollector(t.app);
    const lp = await buildAlbum(t.app, user.id, { collection: 'Jazz', ...KIND_OF_BLUE, format: 'LP' });
    const cd = await buildAlbum(t.app, user.id, { collection: 'Car', ...KIND_OF_BLUE });
    await buildAlbum(t.app, user.id, { collection: 'Jazz', title: 'Kind of Blue', artist: 'Someone Else' });
    const refused = await client.post('/api/wishlist', { title: '  KIND OF BLUE ', artist: 'miles davis', format: '2LP' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'You own this album: "KIND OF BLUE" by miles davis is already in your collection.',
      owned: [
        { id: lp.id, collection: 'Jazz', format: 'LP' },
        { id: cd.id, collection: 'Car', format: null },
      ],
    });
    expect((await client.get('/api/wishlist')).json()).toEqual([]);

    const anyway = await client.post('/api/wishlist', { ...KIND_OF_BLUE, format: '2LP', allowOwned: true });
    expect(anyway.statusCode).toBe(201);
    // Another user's albums are not the caller's.
    const other = await signedInCollector(t.app);
    expect((await other.client.post('/api/wishlist', KIND_OF_BLUE)).statusCode).toBe(201);
  });

  it('adding an album with fulfilsWishId removes that wish in the same transaction', async () => {
    const { client, user } = await signedInCollector(t.app, { collections: ['Crate'] });
    const wish = await addWish(client, KIND_OF_BLUE);
    const keep = await addWish(client, { title: 'A Love Supreme', artist: 'John Coltrane' });
    const added = await client.post('/api/albums', { collection: 'Crate', ...KIND_OF_BLUE, fulfilsWishId: wish.id });
    expect(added.statusCode).toBe(201);
    expect((await client.get('/api/wishlist')).json<{ id: number }[]>().map((item) => item.id)).toEqual([keep.id]);

    // When the album is refused, the wish stays.
    await buildAlbum(t.app, user.id, { collection: 'Crate', title: 'A Love Supreme', artist: 'John Coltrane' });
    const duplicate = await client.post('/api/albums', { collection: 'Crate', title: 'A Love Supreme', artist: 'John Coltrane', fulfilsWishId: keep.id });
    expect(duplicate.statusCode).toBe(409);
    expect((await client.get('/api/wishlist')).json<{ id: number }[]>().map((item) => item.id)).toEqual([keep.id]);
  });
});

describe('Got it: POST /api/wishlist/{id}/acquired', () => {
  it('creates the album from the wish and removes the wish: 201 with the album', async () => {
    const { client, user } = await signedInCollector(t.app);
    await buildCollection(t.app, user.id, 'Jazz');
    const wish = await addWish(client, {
      ...KIND_OF_BLUE,
      format: 'LP',
      pressing: '2015 Sony reissue',
      catalogNumber: 'CS 8163',
      barcode: '0602577289118',
      maxPrice: 40,
      priority: 1,
      notes: 'Only mono',
      coverUrl: 'https://example.com/kob.jpg',
      discogsReleaseId: 99,
      musicbrainzReleaseId: 'a1b2c3d4-0000-4000-8000-000000000001',
    });
    const response = await client.post(`/api/wishlist/${wish.id}/acquired`, {
      collection: 'jazz',
      price: 32.5,
      purchaseDate: '2026-01-10',
      purchaseLocation: 'Record fair',
    });
    expect(response.statusCode, response.body).toBe(201);
    const album = response.json<{ id: number; addedAt: string }>();
    expect(album).toMatchObject({
      ...KIND_OF_BLUE,
      collection: 'Jazz',
      format: 'LP',
      pressing: '2015 Sony reissue',
      catalogNumber: 'CS 8163',
      barcode: '0602577289118',
      coverUrl: 'https://example.com/kob.jpg',
      discogsReleaseId: 99,
      musicbrainzReleaseId: 'a1b2c3d4-0000-4000-8000-000000000001',
      price: 32.5,
      purchaseDate: '2026-01-10',
      purchaseLocation: 'Record fair',
      notes: null,
    });
    expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(album);
    expect((await client.get('/api/wishlist')).json()).toEqual([]);
  });

  it('keeps the album rules: a missing collection, a duplicate (unless allowDuplicate) and bad fields change nothing', async () => {
    const { client, user } = await signedInCollector(t.app);
    await buildAlbum(t.app, user.id, { collection: 'Jazz', ...KIND_OF_BLUE });
    const wish = await addWish(client, { ...KIND_OF_BLUE, allowOwned: true });
    const url = `/api/wishlist/${wish.id}/acquired`;

    const noCollection = await client.post(url, {});
    expect(noCollection.statusCode).toBe(400);
    expect(noCollection.json()).toMatchObject({ message: 'Please select a collection', errors: { collection: 'Please select a collection' } });
    expect((await client.post(url, { collection: 'Nowhere' })).json()).toMatchObject({ message: 'Collection not found' });
    const badPrice = await client.post(url, { collection: 'Jazz', price: -3 });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json()).toMatchObject({ errors: { price: 'Price cannot be negative' } });

    const duplicate = await client.post(url, { collection: 'Jazz' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: '"Kind of Blue" by Miles Davis is already in "Jazz". Would you like to add it anyway?' });
    expect((await client.get('/api/wishlist')).json<unknown[]>()).toHaveLength(1);
    expect((await client.get('/api/albums')).json<unknown[]>()).toHaveLength(1);

    expect((await client.post(url, { collection: 'Jazz', allowDuplicate: true })).statusCode).toBe(201);
    expect((await client.get('/api/albums')).json<unknown[]>()).toHaveLength(2);
    expect((await client.get('/api/wishlist')).json()).toEqual([]);
  });

  it('answers 402 on the free tier when the collection is full, keeping the wish', async () => {
    const { client, user } = await signedInCollector(t.app, { plan: 'free' });
    const collection = await buildCollection(t.app, user.id, 'Full');
    await buildAlbums(t.app, user.id, 50, () => ({ collection: collection.name }));
    const wish = await addWish(client, KIND_OF_BLUE);
    const refused = await client.post(`/api/wishlist/${wish.id}/acquired`, { collection: 'Full' });
    expect(refused.statusCode).toBe(402);
    expect((await client.get('/api/wishlist')).json<unknown[]>()).toHaveLength(1);
  });
});

describe('The wish list goes with its user', () => {
  it('bumps the data version on every write', async () => {
    const { client, user } = await signedInCollector(t.app);
    const version = async () =>
      (await t.app.ctx.db.selectFrom('users').select('data_version').where('id', '=', user.id).executeTakeFirstOrThrow()).data_version;
    const before = await version();
    const wish = await addWish(client, KIND_OF_BLUE);
    await client.put(`/api/wishlist/${wish.id}`, { ...KIND_OF_BLUE, priority: 1 });
    await client.delete(`/api/wishlist/${wish.id}`);
    expect(await version()).toBeGreaterThanOrEqual(before + 3);
  });
});

describe('Analytics add the wish list', () => {
  it('counts items, items by priority and sums maxPrice exactly to the cent, of this user only, after each write', async () => {
    const { client } = await signedInCollector(t.app);
    const other = await signedInCollector(t.app);
    await addWish(other.client, { title: 'Not mine', artist: 'X', maxPrice: 999 });
    await addWish(client, { title: 'One', artist: 'A', priority: 1, maxPrice: 0.1 });
    await addWish(client, { title: 'Two', artist: 'A', priority: 1, maxPrice: 0.2 });
    const maybe = await addWish(client, { title: 'Three', artist: 'A', priority: 3 });
    await addWish(client, { title: 'Four', artist: 'A', maxPrice: 19.99 });
    const figures = async () => (await client.get('/api/analytics')).json<{ wishlist: unknown }>().wishlist;
    expect(await figures()).toEqual({ items: 4, byPriority: { '1': 2, '2': 1, '3': 1 }, totalMaxPrice: 20.29 });
    await client.delete(`/api/wishlist/${maybe.id}`);
    expect(await figures()).toEqual({ items: 3, byPriority: { '1': 2, '2': 1, '3': 0 }, totalMaxPrice: 20.29 });
  });
});
