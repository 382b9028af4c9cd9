import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, insertStoredImage, signUp, storedImageExists, type TestApp } from '../../test/harness.js';
import type { AlbumRequest } from '../../../common/albums.schemas.js';
import { buildAlbum, updateUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


async function createCollection(client: Client, name: string): Promise<{ id: number; name: string }> {
  const res = await client.post('/api/collections', { name });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const addAlbum = (userId: number, collection: string, fields: Partial<AlbumRequest> = {}) =>
  buildAlbum(t.app, userId, { collection, title: 'Blue Train', artist: 'John Coltrane', allowDuplicate: true, ...fields });


describe('GET /api/collections', () => {
  it('lists the caller’s collections with album counts, ordered by name case-insensitively', async () => {
    const { client, user } = await signUp(t.app);
    await createCollection(client, 'rock');
    const jazz = await createCollection(client, 'Jazz');
    await createCollection(client, 'Blues');
    await addAlbum(user.id, 'Jazz');
    await addAlbum(user.id, 'jazz', { title: 'Giant Steps' });
    const res = await client.get('/api/collections');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(Number), name: 'Blues', albumCount: 0 },
      { id: jazz.id, name: 'Jazz', albumCount: 2 },
      { id: expect.any(Number), name: 'rock', albumCount: 0 },
    ]);
  });

  it('includes shareToken only when sharing is enabled', async () => {
    const { client } = await signUp(t.app);
    const shared = await createCollection(client, 'Shared');
    await createCollection(client, 'Private');
    await t.app.ctx.db.updateTable('collections').set({ share_token: 'tok_abcdefghijklmnopqrstuv' }).where('id', '=', shared.id).execute();
    const list = (await client.get('/api/collections')).json();
    expect(list).toEqual([
      { id: expect.any(Number), name: 'Private', albumCount: 0 },
      { id: shared.id, name: 'Shared', albumCount: 0, shareToken: 'tok_abcdefghijklmnopqrstuv' },
    ]);
  });

  it('does not show another user’s collections', async () => {
    const owner = await signUp(t.app);
    await createCollection(owner.client, 'Mine only');
    const other = await signUp(t.app);
    expect((await other.client.get('/api/collections')).json()).toEqual([]);
  });
});

describe('POST /api/collections', () => {
  it('creates a collection with its name trimmed (201)', async () => {
    const { client } = await signUp(t.app);
    const res = await client.post('/api/collections', { name: '  Jazz Corner  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Jazz Corner', albumCount: 0 });
  });

  it('requires a name after trimming and at most 100 characters, and creates nothing otherwise', async () => {
    const { client } = await signUp(t.app);
    for (const body of [{ name: '' }, { name: '   ' }, {}, { name: null }]) {
      const res = await client.post('/api/collections', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Collection name is required');
      expect(res.json().errors).toHaveProperty('name');
    }
    const long = await client.post('/api/collections', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Collection name must be at most 100 characters');
    expect((await client.post('/api/collections', { name: 'x'.repeat(100) })).statusCode).toBe(201);
    expect((await client.get('/api/collections')).json()).toHaveLength(1);
  });

  it('answers 409 naming the clash for a name that exists in another case', async () => {
    const { client } = await signUp(t.app);
    await createCollection(client, 'Jazz');
    const res = await client.post('/api/collections', { name: ' JAZZ ' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A collection named "Jazz" already exists');
    expect((await client.get('/api/collections')).json()).toHaveLength(1);
  });

  it('lets two users use the same name', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await createCollection(a.client, 'Favourites');
    expect((await b.client.post('/api/collections', { name: 'Favourites' })).statusCode).toBe(201);
  });
});

describe('PUT /api/collections/{id}', () => {
  it('renames the collection and its albums’ collection name follows', async () => {
    const { client, user } = await signUp(t.app);
    const c = await createCollection(client, 'Jazz');
    const album = await addAlbum(user.id, 'Jazz');
    const res = await client.put(`/api/collections/${c.id}`, { name: ' Modal Jazz ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: c.id, name: 'Modal Jazz', albumCount: 1 });
    expect((await client.get(`/api/albums/${album.id}`)).json().collection).toBe('Modal Jazz');
    expect((await client.get('/api/albums')).json().map((a: { collection: string }) => a.collection)).toEqual(['Modal Jazz']);
  });

  it('allows a change of case of the same name but refuses another collection’s name (409)', async () => {
    const { client } = await signUp(t.app);
    const jazz = await createCollection(client, 'jazz');
    await createCollection(client, 'Rock');
    expect((await client.put(`/api/collections/${jazz.id}`, { name: 'Jazz' })).json().name).toBe('Jazz');
    const clash = await client.put(`/api/collections/${jazz.id}`, { name: 'ROCK' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A collection named "Rock" already exists');
    expect((await client.get('/api/collections')).json().map((c: { name: string }) => c.name)).toEqual(['Jazz', 'Rock']);
  });

  it('validates the new name', async () => {
    const { client } = await signUp(t.app);
    const c = await createCollection(client, 'Keep');
    const res = await client.put(`/api/collections/${c.id}`, { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Collection name is required');
    expect((await client.get('/api/collections')).json()[0].name).toBe('Keep');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { client } = await signUp(t.app);
    expect((await client.put('/api/collections/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await client.put('/api/collections/99999999999', { name: 'X' })).statusCode).toBe(400);
    const bad = await client.put('/api/collections/abc', { name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid collection id');
  });
});

describe('DELETE /api/collections/{id}', () => {
  it('deletes the collection with its albums and releases their stored covers', async () => {
    const { client, user } = await signUp(t.app);
    const doomed = await createCollection(client, 'Doomed');
    await createCollection(client, 'Kept');
    await insertStoredImage(t.app, user.id, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png');
    await insertStoredImage(t.app, user.id, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png');
    const gone = await addAlbum(user.id, 'Doomed', { coverUrl: '/api/cover-art/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' });
    await addAlbum(user.id, 'Doomed', { coverUrl: '/api/cover-art/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png' });
    // The second cover is still used by an album elsewhere, so it must stay.
    const kept = await addAlbum(user.id, 'Kept', { coverUrl: '/api/cover-art/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png' });

    const res = await client.delete(`/api/collections/${doomed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Collection deleted successfully' });
    expect((await client.get('/api/collections')).json().map((c: { name: string }) => c.name)).toEqual(['Kept']);
    expect((await client.get(`/api/albums/${gone.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/albums')).json().map((a: { id: number }) => a.id)).toEqual([kept.id]);
    expect(await storedImageExists(t.app, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png')).toBe(false);
    expect(await storedImageExists(t.app, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png')).toBe(true);
  });

  it('answers 404 for an unknown collection', async () => {
    const { client } = await signUp(t.app);
    const res = await client.delete('/api/collections/424242');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Collection not found');
  });
});

describe('ownership', () => {
  it('answers 404 to another user’s PUT and DELETE of your collection and changes nothing', async () => {
    const owner = await signUp(t.app);
    const c = await createCollection(owner.client, 'Private');
    await addAlbum(owner.user.id, 'Private');
    const intruder = await signUp(t.app);
    const put = await intruder.client.put(`/api/collections/${c.id}`, { name: 'Hacked' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: 'Collection not found', code: 'NOT_FOUND' });
    expect((await intruder.client.delete(`/api/collections/${c.id}`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/collections')).json()).toEqual([{ id: c.id, name: 'Private', albumCount: 1 }]);
  });
});

describe('access', () => {
  it('answers 401 signed out on every collections call', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/api/collections')).statusCode).toBe(401);
    expect((await anon.post('/api/collections', { name: 'X' })).statusCode).toBe(401);
    expect((await anon.put('/api/collections/1', { name: 'X' })).statusCode).toBe(401);
    expect((await anon.delete('/api/collections/1')).statusCode).toBe(401);
  });

  it('answers 402 with the payment-required body to a gated user', async () => {
    const { client, user } = await signUp(t.app);
    const c = await createCollection(client, 'Before');
    await updateUser(t.app, user.id, { subscription_status: 'inactive' });
    for (const res of [
      await client.get('/api/collections'),
      await client.post('/api/collections', { name: 'After' }),
      await client.put(`/api/collections/${c.id}`, { name: 'After' }),
      await client.delete(`/api/collections/${c.id}`),
    ]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ redirectTo: '/subscription', userId: user.id, username: user.username });
    }
    await updateUser(t.app, user.id, { subscription_status: 'active' });
    expect((await client.get('/api/collections')).json()).toEqual([{ id: c.id, name: 'Before', albumCount: 0 }]);
  });

  it('limits the free tier to 3 collections (402 with a message) while premium users have no limit', async () => {
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'canceled', has_had_paid_subscription: 1 });
    for (const name of ['One', 'Two', 'Three']) await createCollection(client, name);
    const res = await client.post('/api/collections', { name: 'Four' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      message: 'The free plan allows up to 3 collections. Please subscribe to create more.',
      redirectTo: '/subscription',
      userId: user.id,
    });
    expect((await client.get('/api/collections')).json()).toHaveLength(3);
    // Reading, renaming and deleting stay open to the free tier.
    const first = (await client.get('/api/collections')).json()[0];
    expect((await client.put(`/api/collections/${first.id}`, { name: 'Uno' })).statusCode).toBe(200);

    await updateUser(t.app, user.id, { subscription_status: 'active' });
    expect((await client.post('/api/collections', { name: 'Four' })).statusCode).toBe(201);
  });
});
