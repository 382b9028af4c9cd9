import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildAlbums, signedInCollector } from '../../test/factories.js';
import { createTestApp, TEST_SCRYPT, type TestApp } from '../../test/harness.js';

// Exports under load (docs/product/export.md#api, docs/product/export.md#kept-files): a bounded number in
// flight per user, and the last export kept on disk while the user's data is unchanged.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user with `count` albums in one collection, written in bulk (a CSV of ~100 bytes per album). */
async function collectorWith(count: number, app: FastifyInstance = t.app) {
  const account = await signedInCollector(app, { collections: ['Shelf'] });
  await buildAlbums(app, account.user.id, count, (i) => ({ collection: 'Shelf', title: `Album ${i}`, artist: `Artist ${i % 40}` }));
  return { ...account, collectionId: account.collections.Shelf!.id };
}

const exportsDir = (app: FastifyInstance = t.app) => path.join(app.ctx.config.dataDir, 'exports');
const keptFiles = (userId: number, app: FastifyInstance = t.app) =>
  readdirSync(exportsDir(app)).filter((name) => name.startsWith(`${userId}-`));

describe('concurrent exports per user', () => {
  it('answers 429 with Retry-After beyond two exports in flight, and only to that user', async () => {
    const heavy = await collectorWith(3000);
    const other = await collectorWith(3);
    // Five at once: two are accepted (and share one build), the others are refused while those run.
    const [theirs, ...mine] = await Promise.all([
      other.client.get('/api/export/albums'),
      ...Array.from({ length: 5 }, (_, i) => heavy.client.get(`/api/export/albums${i % 2 ? '?collection=Shelf' : ''}`)),
    ]);
    expect(mine.map((res) => res.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
    for (const res of mine.filter((r) => r.statusCode === 200)) expect(res.body.split('\r\n')).toHaveLength(3002);
    const refused = mine.find((res) => res.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toMatchObject({
      message: 'You already have 2 exports in progress. Please wait for one to finish, then try again.',
      retryAfterSeconds: 5,
    });
    // Someone else exports meanwhile.
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body.split('\r\n')).toHaveLength(5);

    // Once they have finished, the next ones are accepted.
    const again = await Promise.all([heavy.client.get('/api/export/albums'), heavy.client.get('/api/export/albums')]);
    expect(again.map((res) => res.statusCode)).toEqual([200, 200]);
  });

  it('frees the slot of a download the client abandons, and keeps no partial file', async () => {
    // Over a real connection: the server learns of an abandoned download when its socket closes.
    const app = await buildApp({ config: t.config, passwordCost: TEST_SCRYPT, logger: false, webRoot: path.join(t.config.dataDir, 'no-web') });
    try {
      const origin = await app.listen({ host: '127.0.0.1', port: 0 });
      const heavy = await collectorWith(5000, app);
      for (let i = 0; i < 2; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = http.get(`${origin}/api/export/albums`, { headers: { cookie: heavy.client.cookie } }, (res) => {
            expect(res.statusCode).toBe(200);
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
        });
      }
      // The aborted downloads give their slots back once the server has seen them go.
      await expect.poll(async () => (await heavy.client.get('/api/export/albums')).statusCode).toBe(200);
      const names = keptFiles(heavy.user.id, app);
      expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect(names).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('counts an export that answers 404 only while it is answered', async () => {
    const { client } = await collectorWith(1);
    for (let i = 0; i < 5; i++) expect((await client.get('/api/export/albums?collection=Nope')).statusCode).toBe(404);
    expect((await client.get('/api/export/albums')).statusCode).toBe(200);
  });
});

describe('the last export kept on disk', () => {
  it('sends a repeat export of unchanged data from the kept file, and a write makes the next one new', async () => {
    const { client, user } = await collectorWith(1200);
    const first = await client.get('/api/export/albums');
    expect(first.statusCode).toBe(200);
    const names = keptFiles(user.id);
    expect(names).toHaveLength(1);
    expect(statSync(path.join(exportsDir(), names[0]!)).size).toBe(Buffer.byteLength(first.body));

    // Changed behind the app's back (no data version bump): a rebuild would show it, the kept file does not.
    await t.app.ctx.db.updateTable('albums').set({ title: 'Changed Behind' }).where('user_id', '=', user.id).where('title', '=', 'Album 0').execute();
    const repeat = await client.get('/api/export/albums');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    expect(repeat.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(repeat.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(repeat.body).toBe(first.body);

    // A write through the app moves the data version on: the next export is rebuilt and replaces the file.
    const added = await client.post('/api/albums', { collection: 'Shelf', title: 'New Arrival', artist: 'Band' });
    expect(added.statusCode).toBe(201);
    const after = await client.get('/api/export/albums');
    expect(after.body).toContain('Changed Behind');
    expect(after.body).toContain('New Arrival');
    expect(after.body.split('\r\n')).toHaveLength(1203);
    expect(keptFiles(user.id)).toHaveLength(1);
    expect(keptFiles(user.id)).not.toEqual(names);
  });

  it('keeps one file per collection export beside the whole-collection one', async () => {
    const { client, user } = await collectorWith(10);
    const all = await client.get('/api/export/albums');
    const shelf = await client.get('/api/export/albums?collection=shelf');
    expect(all.body).toBe(shelf.body);
    expect(keptFiles(user.id)).toHaveLength(2);
    expect((await client.get('/api/export/albums?collection=Shelf')).body).toBe(shelf.body);
  });

  it('is served by another app on the same DATA_DIR and database (a restart, or a second instance)', async () => {
    const { client, user } = await collectorWith(50);
    const first = await client.get('/api/export/albums');
    await t.app.ctx.db.updateTable('albums').set({ title: 'Changed Behind' }).where('user_id', '=', user.id).execute();
    const second = await buildApp({ config: t.config, passwordCost: TEST_SCRYPT, logger: false, webRoot: path.join(t.config.dataDir, 'no-web') });
    try {
      const res = await second.inject({ method: 'GET', url: '/api/export/albums', headers: { cookie: client.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(first.body);
      // A write seen by either instance is seen by both: the version lives in the users row.
      expect((await client.post('/api/albums', { collection: 'Shelf', title: 'Fresh', artist: 'Band' })).statusCode).toBe(201);
      const fresh = await second.inject({ method: 'GET', url: '/api/export/albums', headers: { cookie: client.cookie } });
      expect(fresh.body).toContain('Changed Behind');
      expect(fresh.body).toContain('Fresh');
    } finally {
      await second.close();
    }
  });

  it('never serves one user the file of another', async () => {
    const a = await collectorWith(5);
    const b = await collectorWith(7);
    const aCsv = (await a.client.get('/api/export/albums')).body;
    const bCsv = (await b.client.get('/api/export/albums')).body;
    expect(aCsv.split('\r\n')).toHaveLength(7);
    expect(bCsv.split('\r\n')).toHaveLength(9);
    expect((await a.client.get('/api/export/albums')).body).toBe(aCsv);
  });
});

describe('with keeping turned off (EXPORT_FILES_MAX_BYTES=0)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ EXPORT_FILES_MAX_BYTES: '0' });
  });
  afterAll(() => off.close());

  it('streams every export from the database and keeps no file', async () => {
    const { client, user } = await collectorWith(1200, off.app);
    const first = await client.get('/api/export/albums');
    expect(first.statusCode).toBe(200);
    expect(first.body.split('\r\n')).toHaveLength(1202);
    expect(keptFiles(user.id, off.app)).toEqual([]);
    await off.app.ctx.db.updateTable('albums').set({ title: 'Changed Behind' }).where('user_id', '=', user.id).where('title', '=', 'Album 0').execute();
    expect((await client.get('/api/export/albums')).body).toContain('Changed Behind');
  });
});

describe('the kept files’ disk use', () => {
  let small: TestApp;
  beforeAll(async () => {
    // Room for one export of 2,000 albums (about 165 KB with the collector's columns), not two.
    small = await createTestApp({ EXPORT_FILES_MAX_BYTES: '300000' });
  });
  afterAll(() => small.close());

  it('removes the least recently used files beyond EXPORT_FILES_MAX_BYTES and rebuilds them when asked again', async () => {
    const a = await collectorWith(2000, small.app);
    const b = await collectorWith(2000, small.app);
    const aCsv = (await a.client.get('/api/export/albums')).body;
    expect(Buffer.byteLength(aCsv)).toBeGreaterThan(150_000);
    expect(keptFiles(a.user.id, small.app)).toHaveLength(1);
    await b.client.get('/api/export/albums');
    expect(keptFiles(a.user.id, small.app)).toEqual([]);
    expect(keptFiles(b.user.id, small.app)).toHaveLength(1);
    const total = readdirSync(exportsDir(small.app)).reduce((sum, name) => sum + statSync(path.join(exportsDir(small.app), name)).size, 0);
    expect(total).toBeLessThanOrEqual(300_000);
    expect((await a.client.get('/api/export/albums')).body).toBe(aCsv);
  });
});
