import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness.js';

let t: TestApp;
let client: Client;
let albumId: number;
let collectionId: number;
beforeAll(async () => {
  t = await createTestApp();
  client = (await signUp(t.app)).client;
  const collection = await client.post('/api/collections', { name: 'Jazz' });
  collectionId = collection.json().id as number;
  const album = await client.post('/api/albums', { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis', price: 24.99, isLent: true, lentTo: 'Ann' });
  expect(album.statusCode).toBe(201);
  albumId = album.json().id as number;
});
afterAll(() => t.close());

const privateOrNoStore = /^(no-store|private, no-cache)$/;

describe('Cache-Control on authenticated /api answers (issue 9)', () => {
  it('marks every signed-in JSON answer no-store or private, no-cache', async () => {
    const answers = [
      await client.get(`/api/albums/${albumId}`),
      await client.get('/api/albums'),
      await client.get('/api/collections'),
      await client.get('/api/user'),
      await client.put(`/api/albums/${albumId}`, { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis', isLent: false }),
      await client.put(`/api/collections/${collectionId}`, { name: 'Jazz' }),
      await client.get('/api/albums/999999'),
      await client.post('/api/albums', { title: '' }),
      await client.get('/api/no-such-route'),
    ];
    for (const res of answers) expect({ url: res.raw.req.url, cacheControl: res.headers['cache-control'] }).toEqual({ url: res.raw.req.url, cacheControl: expect.stringMatching(privateOrNoStore) as unknown });
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[0]!.headers['cache-control']).toBe('no-store');
  });

  it('marks the answers that sign in no-store', async () => {
    const fresh = await signUp(t.app);
    const res = await new Client(t.app).post('/api/login', { username: fresh.user.username, password: fresh.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves signed-out answers as their routes made them (the app never reads a 401 body)', async () => {
    const res = await new Client(t.app).get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('keeps the album list revalidating: private, no-cache with an ETag, and 304 when it matches', async () => {
    const first = await client.get('/api/albums');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await client.request({ method: 'GET', url: '/api/albums', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });
});
