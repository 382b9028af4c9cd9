import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUPLICATE_GROUP_LIMIT,
  type AlbumInvestigation,
  type DiagnosticsUser,
  type DuplicateReport,
} from '../../../../common/admin-diagnostics.schemas.js';
import type { AlbumRequest } from '../../../../common/albums.schemas.js';
import {
  Client,
  createTestApp,
  insertStoredImage,
  signUp,
  storedImageExists,
  testDbKind,
  type TestApp,
} from '../../../test/harness.js';
import { buildAlbum, buildCollection, buildUser } from '../../../test/factories.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
  admin = new Client(t.app);
  expect((await admin.post('/api/login', { username: 'admin@example.com', password: 'admin-password' })).statusCode).toBe(200);
});
afterAll(() => t.close());

type Signed = Awaited<ReturnType<typeof signUp>>;
const db = () => t.app.ctx.db;
const base = (userId: number | string) => `/api/admin/diagnostics/users/${userId}`;

const addCollection = async (userId: number, name: string) => (await buildCollection(t.app, userId, name)).id;

/** An album as the API would add it after the Duplicate Album dialog's Add Anyway. */
const addAlbum = async (userId: number, collection: string, title: string, artist: string, extra: Partial<AlbumRequest> = {}) =>
  (await buildAlbum(t.app, userId, { collection, title, artist, allowDuplicate: true, ...extra })).id;

const setCreatedAt = (id: number, iso: string) =>
  db().updateTable('albums').set({ created_at: iso }).where('id', '=', id).execute();
const albumIdsOf = async (userId: number) =>
  (await db().selectFrom('albums').select('id').where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.id);
const dataVersion = async (userId: number) =>
  (await db().selectFrom('users').select('data_version').where('id', '=', userId).executeTakeFirstOrThrow()).data_version;
const imageName = () => `${randomBytes(16).toString('hex')}.png`;

/**
 * A collector with duplicates: in Rock, 'Abbey Road' three times (differing in case and spaces) and
 * 'Let It Be' twice; 'Abbey Road' once more in Jazz (another collection: not a duplicate), and
 * 'Revolver' once. The oldest of each group is not the first inserted, so "kept" follows created_at.
 */
async function collectorWithDuplicates(): Promise<Signed & { ids: Record<string, number> }> {
  const signed = await signUp(t.app);
  const { id } = signed.user;
  await addCollection(id, 'Rock');
  await addCollection(id, 'Jazz');
  const ids = {
    abbey1: await addAlbum(id, 'Rock', 'Abbey Road', 'The Beatles'),
    abbey2: await addAlbum(id, 'Rock', '  abbey   road ', 'THE BEATLES'),
    abbey3: await addAlbum(id, 'Rock', 'ABBEY ROAD', 'the beatles'),
    letItBe1: await addAlbum(id, 'Rock', 'Let It Be', 'The Beatles'),
    letItBe2: await addAlbum(id, 'Rock', 'Let It Be', 'The Beatles'),
    abbeyJazz: await addAlbum(id, 'Jazz', 'Abbey Road', 'The Beatles'),
    revolver: await addAlbum(id, 'Rock', 'Revolver', 'The Beatles'),
  };
  await setCreatedAt(ids.abbey1, '2024-03-01T00:00:00.000Z');
  await setCreatedAt(ids.abbey2, '2024-01-01T00:00:00.000Z'); // the oldest Abbey Road
  await setCreatedAt(ids.abbey3, '2024-02-01T00:00:00.000Z');
  await setCreatedAt(ids.letItBe1, '2024-05-01T00:00:00.000Z');
  await setCreatedAt(ids.letItBe2, '2024-05-01T00:00:00.000Z'); // same instant: the lower id is kept
  return { ...signed, ids };
}

describe('diagnostics are for administrators only', () => {
  it('answers 401 signed out and 403 to a user, on every diagnostics call, and removes nothing', async () => {
    const victim = await collectorWithDuplicates();
    const { client } = await signUp(t.app);
    const calls = [
      { method: 'GET', url: '/api/admin/diagnostics/users' },
      { method: 'GET', url: `${base(victim.user.id)}/albums` },
      { method: 'GET', url: `${base(victim.user.id)}/duplicates` },
      { method: 'DELETE', url: `${base(victim.user.id)}/duplicates` },
    ] as const;
    for (const call of calls) {
      expect((await new Client(t.app).request(call)).statusCode).toBe(401);
      const res = await client.request(call);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Abbey');
    }
    // The victim cannot reach them for themself either.
    expect((await victim.client.request({ method: 'DELETE', url: `${base(victim.user.id)}/duplicates` })).statusCode).toBe(403);
    expect(await albumIdsOf(victim.user.id)).toHaveLength(7);
  });
});

describe('GET /api/admin/diagnostics/users', () => {
  it('lists every user with the number of albums they own, ordered by username', async () => {
    const { user } = await collectorWithDuplicates();
    const empty = await signUp(t.app);
    const res = await admin.get('/api/admin/diagnostics/users');
    expect(res.statusCode).toBe(200);
    const list = res.json<DiagnosticsUser[]>();
    expect(list.find((u) => u.id === user.id)).toEqual({ id: user.id, username: user.username, albumsCount: 7 });
    expect(list.find((u) => u.id === empty.user.id)).toEqual({
      id: empty.user.id,
      username: empty.user.username,
      albumsCount: 0,
    });
    expect(list.find((u) => u.username === 'admin@example.com')).toMatchObject({ albumsCount: 0 });
    const names = list.map((u) => u.username);
    expect(names).toEqual([...names].sort());
    expect(Object.keys(list[0]!).sort()).toEqual(['albumsCount', 'id', 'username']);
  });
});

describe('GET /api/admin/diagnostics/users/:userId/albums (album-count investigation)', () => {
  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    expect((await admin.get(`${base(2_000_000)}/albums`)).statusCode).toBe(404);
    expect((await admin.get(`${base(2_000_000)}/albums`)).json()).toMatchObject({ message: 'User not found' });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999'])
      expect((await admin.get(`${base(bad)}/albums`)).statusCode).toBe(400);
  });

  it('counts albums per collection against the total and finds nothing wrong in a clean collection', async () => {
    const { user } = await collectorWithDuplicates();
    const res = await admin.get(`${base(user.id)}/albums`);
    expect(res.statusCode).toBe(200);
    const body = res.json<AlbumInvestigation>();
    expect(body.user).toEqual({ id: user.id, username: user.username });
    expect(body.totalAlbums).toBe(7);
    expect(body.collections.map(({ name, albumsCount }) => ({ name, albumsCount }))).toEqual([
      { name: 'Jazz', albumsCount: 1 },
      { name: 'Rock', albumsCount: 6 },
    ]);
    expect(body.collectionsTotal).toBe(7);
    expect(body.consistent).toBe(true);
    expect(body.findings).toEqual([]);
    expect(body.checks.length).toBeGreaterThanOrEqual(6);
    expect(body.checks.every((c) => c.count === 0)).toBe(true);
  });

  it('finds albums filed in another user’s collection, stale keys, missing covers and unused images, and explains each', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await addCollection(a.user.id, 'Mine');
    await addCollection(b.user.id, 'Theirs');
    const theirsId = (
      await db().selectFrom('collections').select('id').where('user_id', '=', b.user.id).executeTakeFirstOrThrow()
    ).id;
    const moved = await addAlbum(a.user.id, 'Mine', 'Moved Away', 'Someone');
    await addAlbum(a.user.id, 'Mine', 'Stays Home', 'Someone');
    const staleKey = await addAlbum(a.user.id, 'Mine', 'Stale Key', 'Someone');
    const missing = imageName();
    const brokenCover = await addAlbum(a.user.id, 'Mine', 'Broken Cover', 'Someone', { coverUrl: `/api/cover-art/${missing}` });
    const used = imageName();
    await insertStoredImage(t.app, a.user.id, used);
    await addAlbum(a.user.id, 'Mine', 'Good Cover', 'Someone', { coverUrl: `/api/cover-art/${used}` });
    const unusedOld = imageName();
    const unusedNew = imageName();
    await insertStoredImage(t.app, a.user.id, unusedOld);
    await insertStoredImage(t.app, a.user.id, unusedNew);
    await db().updateTable('images').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('name', '=', unusedOld).execute();
    // The damage, as a bad restore or manual edit would leave it.
    await db().updateTable('albums').set({ collection_id: theirsId }).where('id', '=', moved).execute();
    await db().updateTable('albums').set({ title_key: 'something else' }).where('id', '=', staleKey).execute();
    await db().updateTable('collections').set({ name_key: 'not mine' }).where('user_id', '=', a.user.id).execute();

    const body = (await admin.get(`${base(a.user.id)}/albums`)).json<AlbumInvestigation>();
    expect(body.totalAlbums).toBe(5);
    expect(body.collections).toEqual([expect.objectContaining({ name: 'Mine', albumsCount: 4 })]);
    expect(body.collectionsTotal).toBe(4);
    expect(body.consistent).toBe(false);
    const byKind = Object.fromEntries(body.findings.map((f) => [f.kind, f]));
    expect(Object.keys(byKind).sort()).toEqual([
      'album-in-foreign-collection',
      'album-keys-stale',
      'collection-key-stale',
      'missing-cover-image',
      'unused-image',
    ]);
    expect(byKind['album-in-foreign-collection']).toMatchObject({
      count: 1,
      items: [{ entity: 'album', id: moved, label: 'Moved Away — Someone' }],
    });
    expect(byKind['album-in-foreign-collection']!.items[0]!.detail).toContain(b.user.username);
    expect(byKind['album-keys-stale']).toMatchObject({ count: 1, items: [{ id: staleKey }] });
    expect(byKind['collection-key-stale']).toMatchObject({ count: 1, items: [{ entity: 'collection', label: 'Mine' }] });
    expect(byKind['missing-cover-image']).toMatchObject({ count: 1, items: [{ id: brokenCover }] });
    // The day-old upload only: a fresh one may belong to an album form still open.
    expect(byKind['unused-image']).toMatchObject({ count: 1, items: [{ entity: 'image', label: unusedOld }] });
    for (const f of body.findings) expect(f.explanation.length).toBeGreaterThan(40);

    // The other side of the same damage: b's collection holds an album that is not b's.
    const other = (await admin.get(`${base(b.user.id)}/albums`)).json<AlbumInvestigation>();
    expect(other.totalAlbums).toBe(0);
    expect(other.collections).toEqual([expect.objectContaining({ name: 'Theirs', albumsCount: 0 })]);
    expect(other.findings.map((f) => f.kind)).toEqual(['foreign-album-in-collection']);
    expect(other.findings[0]!.items).toMatchObject([{ id: moved, detail: expect.stringContaining(a.user.username) as unknown }]);
  });
  it('finds albums whose collection row is gone (written around the foreign keys)', async () => {
    const { user } = await buildUser(t.app);
    await addCollection(user.id, 'Shelf');
    const lost = await addAlbum(user.id, 'Shelf', 'Lost', 'Somebody');
    await addAlbum(user.id, 'Shelf', 'Found', 'Somebody');
    // What a restore or a manual edit can leave: the engines refuse it while their checks are on.
    if (testDbKind === 'sqlite') {
      await sql`PRAGMA foreign_keys = OFF`.execute(db());
      try {
        await db().updateTable('albums').set({ collection_id: 2_000_000 }).where('id', '=', lost).execute();
      } finally {
        await sql`PRAGMA foreign_keys = ON`.execute(db());
      }
    } else {
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`SET LOCAL session_replication_role = replica`.execute(trx);
          await trx.updateTable('albums').set({ collection_id: 2_000_000 }).where('id', '=', lost).execute();
        });
    }
    const body = (await admin.get(`${base(user.id)}/albums`)).json<AlbumInvestigation>();
    expect(body).toMatchObject({ totalAlbums: 2, collectionsTotal: 1, consistent: false });
    expect(body.findings).toMatchObject([
      { kind: 'album-without-collection', count: 1, items: [{ id: lost, detail: 'collection_id 2000000 does not exist' }] },
    ]);
    // The detector lists only albums in the user's own collections; the lost one is not grouped.
    expect((await admin.get(`${base(user.id)}/duplicates`)).json()).toMatchObject({ groups: [] });
  });
});

describe('duplicate albums', () => {
  it('lists groups of the same title and artist (case and spaces ignored) in one collection, oldest kept', async () => {
    const { user, ids } = await collectorWithDuplicates();
    const res = await admin.get(`${base(user.id)}/duplicates`);
    expect(res.statusCode).toBe(200);
    const body = res.json<DuplicateReport>();
    expect(body.user).toEqual({ id: user.id, username: user.username });
    expect(body.removable).toBe(3);
    expect(body.groupCount).toBe(2);
    expect(body.groups).toHaveLength(2);
    const [abbey, letItBe] = body.groups;
    expect(abbey).toMatchObject({ collection: 'Rock', title: 'abbey   road', artist: 'THE BEATLES', keptId: ids.abbey2 });
    expect(abbey!.albums.map((a) => [a.id, a.kept])).toEqual([
      [ids.abbey2, true],
      [ids.abbey3, false],
      [ids.abbey1, false],
    ]);
    expect(abbey!.albums[0]).toEqual({
      id: ids.abbey2,
      title: 'abbey   road',
      artist: 'THE BEATLES',
      collectionId: abbey!.collectionId,
      collection: 'Rock',
      createdAt: '2024-01-01T00:00:00.000Z',
      kept: true,
    });
    expect(letItBe).toMatchObject({ title: 'Let It Be', keptId: Math.min(ids.letItBe1!, ids.letItBe2!) });
    expect(letItBe!.albums).toHaveLength(2);
    // Not duplicates: the Jazz copy (another collection) and Revolver.
    const listed = body.groups.flatMap((g) => g.albums.map((a) => a.id));
    expect(listed).not.toContain(ids.abbeyJazz);
    expect(listed).not.toContain(ids.revolver);
  });

  it('lists at most DUPLICATE_GROUP_LIMIT groups but counts them all, and removal takes them all', async () => {
    const { user } = await buildUser(t.app);
    const collectionId = await addCollection(user.id, 'Many');
    const now = new Date().toISOString();
    const groups = DUPLICATE_GROUP_LIMIT + 5;
    const rows = Array.from({ length: groups * 2 }, (_, i) => {
      const title = `Record ${Math.floor(i / 2)}`;
      return {
        user_id: user.id,
        collection_id: collectionId,
        title,
        artist: 'Band',
        title_key: title.toLowerCase(),
        artist_key: 'band',
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 100)
      await db()
        .insertInto('albums')
        .values(rows.slice(i, i + 100))
        .execute();
    const report = (await admin.get(`${base(user.id)}/duplicates`)).json<DuplicateReport>();
    expect(report.groups).toHaveLength(DUPLICATE_GROUP_LIMIT);
    expect(report).toMatchObject({ groupCount: groups, removable: groups });
    expect((await admin.request({ method: 'DELETE', url: `${base(user.id)}/duplicates` })).json()).toMatchObject({
      removed: groups,
    });
    expect(await albumIdsOf(user.id)).toHaveLength(groups);
  });

  it('answers 404 for an unknown user, and an empty list for a user without duplicates', async () => {
    expect((await admin.get(`${base(2_000_001)}/duplicates`)).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `${base(2_000_001)}/duplicates` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `${base('x')}/duplicates` })).statusCode).toBe(400);
    const { user } = await buildUser(t.app);
    await addCollection(user.id, 'Solo');
    await addAlbum(user.id, 'Solo', 'One', 'Artist');
    expect((await admin.get(`${base(user.id)}/duplicates`)).json()).toEqual({
      user: { id: user.id, username: user.username },
      groups: [],
      groupCount: 0,
      removable: 0,
    });
  });

  it('removal deletes all but the oldest of each group, refreshes the user’s album list and leaves other users untouched', async () => {
    const target = await collectorWithDuplicates();
    const bystander = await collectorWithDuplicates();
    const bystanderAlbums = await albumIdsOf(bystander.user.id);
    // The user's list is cached under their data version: read it once so a stale copy would show.
    expect((await target.client.get('/api/albums')).json<unknown[]>()).toHaveLength(7);
    const versionBefore = await dataVersion(target.user.id);

    const res = await admin.request({ method: 'DELETE', url: `${base(target.user.id)}/duplicates` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: 3, message: 'Removed 3 duplicate albums' });

    const { ids } = target;
    expect(await albumIdsOf(target.user.id)).toEqual(
      [ids.abbey2, Math.min(ids.letItBe1!, ids.letItBe2!), ids.abbeyJazz, ids.revolver].sort((x, y) => x! - y!),
    );
    expect(await dataVersion(target.user.id)).toBeGreaterThan(versionBefore);
    expect((await target.client.get('/api/albums')).json<unknown[]>()).toHaveLength(4);
    expect((await admin.get(`${base(target.user.id)}/duplicates`)).json()).toMatchObject({
      groups: [],
      groupCount: 0,
      removable: 0,
    });
    expect(
      (await admin.get('/api/admin/diagnostics/users')).json<DiagnosticsUser[]>().find((u) => u.id === target.user.id)
        ?.albumsCount,
    ).toBe(4);
    expect(await albumIdsOf(bystander.user.id)).toEqual(bystanderAlbums);

    // Again: nothing left to remove.
    expect((await admin.request({ method: 'DELETE', url: `${base(target.user.id)}/duplicates` })).json()).toEqual({
      removed: 0,
      message: 'No duplicate albums to remove',
    });
  });

  it('releases the covers only removed albums used, and keeps a cover the kept album shares', async () => {
    const { user } = await buildUser(t.app);
    await addCollection(user.id, 'Covers');
    const shared = imageName();
    const own = imageName();
    await insertStoredImage(t.app, user.id, shared);
    await insertStoredImage(t.app, user.id, own);
    const kept = await addAlbum(user.id, 'Covers', 'Blue', 'Joni Mitchell', { coverUrl: `/api/cover-art/${shared}` });
    const sameCover = await addAlbum(user.id, 'Covers', 'Blue', 'Joni Mitchell', { coverUrl: `/api/cover-art/${shared}` });
    const ownCover = await addAlbum(user.id, 'Covers', 'Blue', 'Joni Mitchell', { coverUrl: `/api/cover-art/${own}` });
    await setCreatedAt(kept, '2023-01-01T00:00:00.000Z');
    expect((await admin.request({ method: 'DELETE', url: `${base(user.id)}/duplicates` })).json()).toMatchObject({ removed: 2 });
    expect(await albumIdsOf(user.id)).toEqual([kept]);
    expect(await storedImageExists(t.app, shared)).toBe(true);
    expect(await storedImageExists(t.app, own)).toBe(false);
    expect([sameCover, ownCover]).not.toContain(kept);
  });

  it('is safe when two removals run at once: one of each group is left, and each album is counted once', async () => {
    const { user, ids } = await collectorWithDuplicates();
    const results = await Promise.all(
      [0, 1, 2].map(() => admin.request({ method: 'DELETE', url: `${base(user.id)}/duplicates` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.json<{ removed: number }>().removed, 0)).toBe(3);
    expect(await albumIdsOf(user.id)).toHaveLength(4);
    expect(await albumIdsOf(user.id)).toContain(ids.abbey2);
  });
});
