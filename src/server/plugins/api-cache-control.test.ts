import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlbum, signedInCollector } from '../test/factories.js';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness.js';

let t: TestApp;
let client: Client;
let albumId: number;
let collectionId: number;
beforeAll(async () => {
  t = await createTestApp();
  const collector = await signedInCollector(t.app, { collections: ['Jazz'] });
  client = collector.client;
  collectionId = collector.collections.Jazz!.id;
  albumId = (await buildAlbum(t.app, collector.user.id, { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis', price: 24.99, isLent: true, lentTo: 'Ann' })).id;
});
afterAll(() => t.close());

const privateOrNoStore = /^(no-store|private, no-cache)$/;

describe('Cache-Control on authenticated /api answers', () => {
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

describe('the offline copy mark', () => {
  const KEEPABLE = 'spindle-keepable';

  it('marks only 200 answers to the home reads and the wish list of a signed-in user, which stay no-store or private for HTTP caches', async () => {
    for (const url of ['/api/user', '/api/collections', '/api/albums', '/api/wishlist']) {
      const res = await client.get(url);
      expect({ url, status: res.statusCode, keep: res.headers[KEEPABLE] }).toEqual({ url, status: 200, keep: '1' });
      expect(res.headers['cache-control']).toMatch(privateOrNoStore);
    }
  });

  it('never marks slices, single albums, other reads, writes, errors, 304s or signed-out answers', async () => {
    const list = await client.get('/api/albums');
    const answers = [
      await client.get('/api/albums?offset=0&limit=10'),
      await client.get(`/api/albums/${albumId}`),
      await client.get('/api/analytics'),
      await client.get('/api/export/albums'),
      await client.request({ method: 'GET', url: '/api/albums', headers: { 'if-none-match': String(list.headers.etag) } }),
      await client.put(`/api/collections/${collectionId}`, { name: 'Jazz' }),
      await client.get('/api/albums/999999'),
      await new Client(t.app).get('/api/user'),
      await new Client(t.app).get('/api/albums'),
      await client.get('/api/check?q=jazz'),
      await client.get('/api/wishlist/999999'),
    ];
    expect(answers[4]!.statusCode).toBe(304);
    for (const res of answers) expect({ url: res.raw.req.url, keep: res.headers[KEEPABLE] }).toEqual({ url: res.raw.req.url, keep: undefined });
  });

  it('never marks an answer that sets a cookie (sign-in)', async () => {
    const fresh = await signUp(t.app);
    const res = await new Client(t.app).post('/api/login', { username: fresh.user.username, password: fresh.password });
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers[KEEPABLE]).toBeUndefined();
  });
});
