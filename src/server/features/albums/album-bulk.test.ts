import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_BULK_MESSAGES } from '../../../common/album-bulk.schemas.js';
import type { AlbumRequest } from '../../../common/albums.schemas.js';
import { nowIso } from '../../db/database.js';
import { buildAlbum, signedInCollector } from '../../test/factories.js';
import { Client, createTestApp, insertStoredImage, storedImageExists, type TestApp } from '../../test/harness.js';
import { usersRepository } from '../users/users.repository.js';

// docs/product/albums.md, Bulk edit: POST /api/albums/bulk moves, updates or deletes many of the
// caller's albums in one transaction, all or nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type AlbumAnswer = { id: number; title: string; collection: string; [key: string]: unknown };

const collector = (collections = ['Jazz', 'Rock']) => signedInCollector(t.app, { collections });

/** `count` albums of one owner, built through the app's own code (the bulk call is under test, not POST). */
async function addAlbums(userId: number, collection: string, count: number, extra: Partial<AlbumRequest> = {}): Promise<AlbumAnswer[]> {
  const albums: AlbumAnswer[] = [];
  for (let i = 0; i < count; i++) albums.push(await buildAlbum(t.app, userId, { collection, title: `${collection} ${i}`, artist: 'Someone', ...extra }));
  return albums;
}

const albumsOf = async (client: Client) => (await client.get('/api/albums')).json<AlbumAnswer[]>();
const bulk = (client: Client, body: unknown) => client.post('/api/albums/bulk', body);
const dataVersion = async (userId: number) => (await usersRepository.findById(t.app.ctx.db, userId))!.data_version;

describe('POST /api/albums/bulk', () => {
  it('update sets only the given fields on only the given albums, and the data version moves once', async () => {
    const { client, user } = await collector();
    const [a, b, c] = await addAlbums(user.id, 'Jazz', 3, { genre: 'Jazz', location: 'Shelf A', mediaCondition: 'Good (G)' });
    const version = await dataVersion(user.id);
    const res = await bulk(client, { ids: [a!.id, b!.id, b!.id], action: 'update', changes: { format: '2LP', location: 'Box 7', genre: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect(await dataVersion(user.id)).toBe(version + 1);
    const after = await albumsOf(client);
    for (const album of after.slice(0, 2)) {
      expect(album).toMatchObject({ format: '2LP', location: 'Box 7', genre: null, mediaCondition: 'Good (G)', title: expect.stringMatching(/^Jazz /) });
    }
    // Untouched; the album's own read answers it whole (the list has no notes or tracklist, docs/product/albums.md#album-list).
    expect((await client.get(`/api/albums/${c!.id}`)).json()).toEqual(c);
  });

  it('update can set each allowed field: format, genre, media and sleeve condition, location', async () => {
    const { client, user } = await collector();
    const [album] = await addAlbums(user.id, 'Jazz', 1);
    const changes = { format: 'CD', genre: 'Soul', mediaCondition: 'Mint (M)', sleeveCondition: 'Fair (F)', location: 'Car' };
    expect((await bulk(client, { ids: [album!.id], action: 'update', changes })).json()).toEqual({ count: 1 });
    expect((await client.get(`/api/albums/${album!.id}`)).json()).toMatchObject(changes);
  });

  it('move puts the albums in another collection', async () => {
    const { client, user } = await collector();
    const albums = await addAlbums(user.id, 'Jazz', 3);
    const res = await bulk(client, { ids: [albums[0]!.id, albums[2]!.id], action: 'move', collection: ' rock ' });
    expect(res.json()).toEqual({ count: 2 });
    expect((await albumsOf(client)).map((album) => album.collection)).toEqual(['Rock', 'Jazz', 'Rock']);
    const collections = (await client.get('/api/collections')).json<{ name: string; albumCount: number }[]>();
    expect(Object.fromEntries(collections.map((c) => [c.name, c.albumCount]))).toEqual({ Jazz: 1, Rock: 2 });
  });

  it('delete removes the albums and releases their stored covers', async () => {
    const { client, user } = await collector();
    await insertStoredImage(t.app, user.id, 'bulkcover.png');
    const albums = await addAlbums(user.id, 'Jazz', 3, { coverUrl: '/api/cover-art/bulkcover.png' });
    expect((await bulk(client, { ids: [albums[0]!.id, albums[1]!.id], action: 'delete' })).json()).toEqual({ count: 2 });
    expect((await albumsOf(client)).map((album) => album.id)).toEqual([albums[2]!.id]);
    // Still used by the third album.
    expect(await storedImageExists(t.app, 'bulkcover.png')).toBe(true);
    expect((await bulk(client, { ids: [albums[2]!.id], action: 'delete' })).json()).toEqual({ count: 1 });
    expect(await storedImageExists(t.app, 'bulkcover.png')).toBe(false);
  });

  for (const action of ['update', 'move', 'delete'] as const) {
    it(`${action}: one id that is not the caller's answers 404 and changes nothing`, async () => {
      const { client, user } = await collector();
      const own = await addAlbums(user.id, 'Jazz', 2);
      const other = await collector();
      const [theirs] = await addAlbums(other.user.id, 'Jazz', 1);
      const before = await albumsOf(client);
      const theirsBefore = await albumsOf(other.client);
      const version = await dataVersion(user.id);
      const body = { ids: [own[0]!.id, theirs!.id, own[1]!.id], action, collection: 'Rock', changes: { location: 'Stolen' } };
      const res = await bulk(client, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Album not found');
      expect(await albumsOf(client)).toEqual(before);
      expect(await albumsOf(other.client)).toEqual(theirsBefore);
      expect(await dataVersion(user.id)).toBe(version);
      // An id nobody has: the same.
      expect((await bulk(client, { ...body, ids: [own[0]!.id, 2_000_000_000] })).statusCode).toBe(404);
      expect(await albumsOf(client)).toEqual(before);
    });
  }

  it('move into a collection that is not the caller’s answers 404 and moves nothing', async () => {
    const { client, user } = await collector();
    const albums = await addAlbums(user.id, 'Jazz', 1);
    const other = await collector(['Secret']);
    expect(other.user.id).not.toBe(0);
    const res = await bulk(client, { ids: [albums[0]!.id], action: 'move', collection: 'Secret' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Collection not found');
    expect((await albumsOf(client))[0]!.collection).toBe('Jazz');
  });

  const refusals: [string, unknown, string, string][] = [
    ['no ids', { ids: [], action: 'delete' }, 'ids', ALBUM_BULK_MESSAGES.ids],
    ['10,001 ids', { ids: Array.from({ length: 10_001 }, (_, i) => i + 1), action: 'delete' }, 'ids', ALBUM_BULK_MESSAGES.ids],
    ['an id that is not a whole number', { ids: [1.5], action: 'delete' }, 'ids', ALBUM_BULK_MESSAGES.ids],
    ['an id as text', { ids: ['1'], action: 'delete' }, 'ids', ALBUM_BULK_MESSAGES.ids],
    ['an unknown action', { ids: [1], action: 'rename' }, 'action', ALBUM_BULK_MESSAGES.action],
    ['a move without a collection', { ids: [1], action: 'move' }, 'collection', 'Please select a collection'],
    ['an update without changes', { ids: [1], action: 'update' }, 'changes', ALBUM_BULK_MESSAGES.changes],
    ['an update with empty changes', { ids: [1], action: 'update', changes: {} }, 'changes', ALBUM_BULK_MESSAGES.changes],
    ['an update of a field bulk edit does not set', { ids: [1], action: 'update', changes: { title: 'Mine' } }, 'changes', ALBUM_BULK_MESSAGES.changes],
    ['an update of notes', { ids: [1], action: 'update', changes: { location: 'A', notes: 'x' } }, 'changes', ALBUM_BULK_MESSAGES.changes],
    ['a format off the list', { ids: [1], action: 'update', changes: { format: 'Vinyl' } }, 'changes', 'Format must be one of'],
    ['a genre off the list', { ids: [1], action: 'update', changes: { genre: 'Polka' } }, 'changes', 'Please choose a genre from the list'],
  ];
  for (const [what, body, field, message] of refusals) {
    it(`refuses ${what} with 400 on ${field}`, async () => {
      const { client } = await collector();
      const res = await bulk(client, body);
      expect(res.statusCode).toBe(400);
      const answer = res.json<{ message: string; errors: Record<string, string> }>();
      const key = Object.keys(answer.errors).find((path) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}/`));
      expect(key, JSON.stringify(answer.errors)).toBeDefined();
      expect(answer.errors[key!]).toContain(message);
    });
  }

  it('on the free plan, a move that would put more than 50 albums in a collection answers 402 and moves nothing', async () => {
    const { client, user } = await collector();
    const jazz = await addAlbums(user.id, 'Jazz', 48);
    const rock = await addAlbums(user.id, 'Rock', 3);
    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'canceled', has_had_paid_subscription: 1 });
    const over = await bulk(client, { ids: rock.map((album) => album.id), action: 'move', collection: 'Jazz' });
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({
      message: 'The free plan allows up to 50 albums per collection. Please subscribe to add more to "Jazz".',
      redirectTo: '/subscription',
    });
    expect((await albumsOf(client)).filter((album) => album.collection === 'Rock')).toHaveLength(3);
    // Two fit; albums already there do not count twice.
    const fits = await bulk(client, { ids: [rock[0]!.id, rock[1]!.id, jazz[0]!.id], action: 'move', collection: 'Jazz' });
    expect(fits.json()).toEqual({ count: 3 });
    expect((await albumsOf(client)).filter((album) => album.collection === 'Jazz')).toHaveLength(50);
  });

  it('answers 401 signed out and 402 to a gated user', async () => {
    expect((await bulk(new Client(t.app), { ids: [1], action: 'delete' })).statusCode).toBe(401);
    const { client, user } = await collector();
    const [album] = await addAlbums(user.id, 'Jazz', 1);
    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'trialing', trial_end_date: '2020-01-01T00:00:00.000Z' });
    expect((await bulk(client, { ids: [album!.id], action: 'delete' })).statusCode).toBe(402);
    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'active' });
    expect(await albumsOf(client)).toHaveLength(1);
  });

  it('takes 10,000 albums in one call', async () => {
    const { client, user } = await collector();
    const collection = (await client.get('/api/collections')).json<{ id: number; name: string }[]>().find((c) => c.name === 'Jazz')!;
    const now = nowIso();
    for (let start = 0; start < 10_000; start += 500) {
      await t.app.ctx.db
        .insertInto('albums')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            user_id: user.id,
            collection_id: collection.id,
            title: `Bulk ${start + i}`,
            artist: 'Many',
            title_key: `bulk ${start + i}`,
            artist_key: 'many',
            is_lent: 0,
            added_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const ids = (await albumsOf(client)).map((album) => album.id);
    expect(ids).toHaveLength(10_000);
    const res = await bulk(client, { ids, action: 'update', changes: { location: 'Warehouse', format: 'LP' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 10_000 });
    const after = await albumsOf(client);
    expect(after.every((album) => album.location === 'Warehouse' && album.format === 'LP')).toBe(true);
  });
});
