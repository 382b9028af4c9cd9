import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumListSchema } from '../../../common/albums.schemas.js';
import { buildApp } from '../../app.js';
import { buildAlbum, buildAlbums, signedInCollector } from '../../test/factories.js';
import { Client, createTestApp, TEST_SCRYPT, type TestApp } from '../../test/harness.js';
import { parseInPages } from './album-list-cache.js';
import { serialiseAlbumList } from './albums.service.js';

let t: TestApp;
/** A second app instance on the same database, as behind a load balancer. */
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, passwordCost: TEST_SCRYPT, logger: false, webRoot: path.join(t.config.dataDir, 'no-web') });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const album = (title: string) => ({ collection: 'Jazz', title, artist: 'Bill Evans' });

const collector = () => signedInCollector(t.app, { collections: ['Jazz'] });

/** The same signed-in browser, talking to the other instance. */
function onOtherInstance(client: Client): Client {
  const twin = new Client(other);
  twin.cookie = client.cookie;
  return twin;
}

describe('GET /api/albums', () => {
  it('answers every album of the caller in the order added, in the documented shape', async () => {
    const { client, user } = await collector();
    const a = await buildAlbum(t.app, user.id, album('Sunday at the Village Vanguard'));
    const b = await buildAlbum(t.app, user.id, album('Waltz for Debby'));
    const res = await client.get('/api/albums');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual([a, b].map(({ notes: _notes, tracklist: _tracklist, ...listed }) => listed));
    expect(albumListSchema.parse(res.json())).toEqual(res.json());
  });

  it('leaves out the notes and tracklist, which GET /api/albums/{id} answers', async () => {
    const { client } = await collector();
    const tracklist = [{ position: 'A1', title: 'Gloria’s Step', duration: '6:09' }];
    const created = (await client.post('/api/albums', { ...album('Sunday at the Village Vanguard'), notes: 'First pressing, Riverside.', tracklist, rating: 5 })).json();
    expect(created).toMatchObject({ notes: 'First pressing, Riverside.', tracklist });
    for (const url of ['/api/albums', '/api/albums?offset=0&limit=5']) {
      const [listed] = (await client.get(url)).json<Record<string, unknown>[]>();
      expect(listed).not.toHaveProperty('notes');
      expect(listed).not.toHaveProperty('tracklist');
      expect(listed).toMatchObject({ id: created.id, rating: 5 });
    }
    expect((await client.get(`/api/albums/${created.id}`)).json()).toMatchObject({ notes: 'First pressing, Riverside.', tracklist });
    const edited = await client.put(`/api/albums/${created.id}`, { ...album('Sunday at the Village Vanguard (mono)') });
    // A PUT without them keeps them, and answers them.
    expect(edited.json()).toMatchObject({ notes: 'First pressing, Riverside.', tracklist });
  });

  it('answers an ETag, then 304 with no body to If-None-Match', async () => {
    const { client, user } = await collector();
    await buildAlbum(t.app, user.id, album('Explorations'));
    const first = await client.get('/api/albums');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await client.request({ method: 'GET', url: '/api/albums', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const otherTag = await client.request({ method: 'GET', url: '/api/albums', headers: { 'if-none-match': 'W/"something-else"' } });
    expect(otherTag.statusCode).toBe(200);
  });

  it('changes after every write: add, edit, delete, collection rename and collection delete', async () => {
    const { client } = await collector();
    const tags = new Set<string>();
    const list = async () => {
      const res = await client.get('/api/albums');
      tags.add(res.headers.etag as string);
      return res.json<{ id: number; title: string; collection: string }[]>();
    };
    expect(await list()).toEqual([]);
    const added = (await client.post('/api/albums', album('Moon Beams'))).json();
    expect((await list()).map((a) => a.title)).toEqual(['Moon Beams']);
    await client.put(`/api/albums/${added.id}`, album('Moonbeams'));
    expect((await list()).map((a) => a.title)).toEqual(['Moonbeams']);
    const collectionId = (await client.get('/api/collections')).json()[0].id;
    await client.put(`/api/collections/${collectionId}`, { name: 'Piano Jazz' });
    expect((await list()).map((a) => a.collection)).toEqual(['Piano Jazz']);
    await client.post('/api/albums', { ...album('Portrait in Jazz'), collection: 'Piano Jazz' });
    await client.delete(`/api/albums/${added.id}`);
    expect((await list()).map((a) => a.title)).toEqual(['Portrait in Jazz']);
    await client.delete(`/api/collections/${collectionId}`);
    expect(await list()).toEqual([]);
    // Two empty lists share an ETag by content; every other state had its own.
    expect(tags.size).toBe(5);
  });

  it('stays correct across app instances on one database: a write on one invalidates the other’s list', async () => {
    const { client, user } = await collector();
    const twin = onOtherInstance(client);
    await buildAlbum(t.app, user.id, album('Undercurrent'));
    const cached = await twin.get('/api/albums');
    expect(cached.json().map((a: { title: string }) => a.title)).toEqual(['Undercurrent']);
    await buildAlbum(t.app, user.id, album('Intermodulation'));
    const res = await twin.request({ method: 'GET', url: '/api/albums', headers: { 'if-none-match': cached.headers.etag as string } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { title: string }) => a.title)).toEqual(['Undercurrent', 'Intermodulation']);
  });

  it('keeps each user’s list apart', async () => {
    const a = await collector();
    const b = await collector();
    await buildAlbum(t.app, a.user.id, album('Mine'));
    await buildAlbum(t.app, b.user.id, album('Yours'));
    expect((await a.client.get('/api/albums')).json().map((x: { title: string }) => x.title)).toEqual(['Mine']);
    expect((await b.client.get('/api/albums')).json().map((x: { title: string }) => x.title)).toEqual(['Yours']);
    const tagA = (await a.client.get('/api/albums')).headers.etag as string;
    const cross = await b.client.request({ method: 'GET', url: '/api/albums', headers: { 'if-none-match': tagA } });
    expect(cross.statusCode).toBe(200);
  });

  it('sends the same JSON gzip-compressed to a client that accepts it', async () => {
    const { client, user } = await collector();
    await buildAlbums(t.app, user.id, 20);
    const plain = await client.get('/api/albums');
    const zipped = await client.request({ method: 'GET', url: '/api/albums', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const refused = await client.request({ method: 'GET', url: '/api/albums', headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

describe('the album list built in pages', () => {
  it('has every album once, in order, across page boundaries; its pages parse back to the same list', async () => {
    const { client, user } = await collector();
    const title = (i: number) => `Take ${i} "quoted", \u00e9`;
    await buildAlbums(t.app, user.id, 450, (i) => ({ title: title(i) }));
    const list = (await client.get('/api/albums')).json<{ title: string }[]>();
    expect(list.map((a) => a.title)).toEqual(Array.from({ length: 450 }, (_, i) => title(i)));

    const built = await serialiseAlbumList(t.app.ctx, user.id);
    expect(built.pageEnds.length).toBeGreaterThan(1);
    expect(JSON.parse(built.body.toString())).toEqual(built.albums);
    expect(await parseInPages(built.body, built.pageEnds)).toEqual(built.albums);
  });

  it('an empty list is an empty array', async () => {
    const { user } = await collector();
    const built = await serialiseAlbumList(t.app.ctx, user.id);
    expect(built.body.toString()).toBe('[]');
    expect(await parseInPages(built.body, built.pageEnds)).toEqual([]);
  });
});

describe('GET /api/albums?offset=&limit= (the home reads a large list in slices)', () => {
  async function collectorWith(count: number) {
    const account = await collector();
    await buildAlbums(t.app, account.user.id, count, (i) => ({ title: `Take ${i} "quoted", \u00e9` }));
    return account;
  }

  it('slices put together are the whole list, byte for byte, with its length and a tag of the list and slice', async () => {
    const { client } = await collectorWith(450);
    const whole = await client.get('/api/albums');
    const wholeTag = String(whole.headers.etag);
    const bodies: string[] = [];
    for (const offset of [0, 160, 320]) {
      const res = await client.get(`/api/albums?offset=${offset}&limit=160`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('450');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toBe(wholeTag.replace(/"$/, `:${offset}:160"`));
      bodies.push(res.body.slice(1, -1));
    }
    expect(`[${bodies.join(',')}]`).toBe(whole.body);

    const zipped = await client.request({ method: 'GET', url: '/api/albums?offset=160&limit=160', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(`[${bodies[1]}]`);
    const revalidated = await client.request({ method: 'GET', url: '/api/albums?offset=160&limit=160', headers: { 'if-none-match': String(zipped.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('a slice past the end is empty; after a write the slices carry the new list’s tag', async () => {
    const { client, user } = await collectorWith(3);
    const past = await client.get('/api/albums?offset=10&limit=5');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
    const before = String((await client.get('/api/albums?offset=0&limit=2')).headers.etag);
    await buildAlbum(t.app, user.id, album('Moonbeams'));
    const after = await client.get('/api/albums?offset=0&limit=2');
    expect(after.headers.etag).not.toBe(before);
    expect(after.headers['x-total-count']).toBe('4');
  });

  it('answers only the caller’s own albums, and only to a signed-in caller', async () => {
    await collectorWith(5);
    const { client } = await collectorWith(2);
    const res = await client.get('/api/albums?offset=0&limit=100');
    expect(res.json()).toHaveLength(2);
    expect(res.headers['x-total-count']).toBe('2');
    expect((await new Client(t.app).get('/api/albums?offset=0&limit=100')).statusCode).toBe(401);
  });

  it('refuses a bad slice: a negative offset, a limit of 0 or above the largest, one of the two alone', async () => {
    const { client } = await collectorWith(1);
    for (const query of ['offset=-1&limit=10', 'offset=0&limit=0', 'offset=0&limit=5001', 'offset=0', 'limit=10', 'offset=a&limit=10']) {
      expect((await client.get(`/api/albums?${query}`)).statusCode, query).toBe(400);
    }
  });
});
