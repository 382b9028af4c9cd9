import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlbum } from '../../test/factories.js';
import { createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { imageCount, upload } from './cover-art.test-support.js';
import * as fixtures from './fixtures/images.js';
import { releaseCovers, sweepUnusedImages } from './image-cleanup.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const exists = async (url: string) =>
  (await t.app.ctx.db.selectFrom('images').select('id').where('name', '=', url.split('/').pop()!).executeTakeFirst()) !== undefined;
const age = (url: string, ms: number) =>
  t.app.ctx.db
    .updateTable('images')
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where('name', '=', url.split('/').pop()!)
    .execute();

describe('removing covers nothing uses', () => {
  it('album delete removes its cover when no other album of the user uses it', async () => {
    const { client, user } = await signUp(t.app);
    const { url } = (await upload(client, await fixtures.jpeg({ r: 9, g: 9, b: 9 }))).json();
    const albumId = (await buildAlbum(t.app, user.id, { coverUrl: url })).id;
    await t.app.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('albums').where('id', '=', albumId).execute();
      await releaseCovers(trx, user.id, [url]);
    });
    expect(await exists(url)).toBe(false);
    expect((await client.get(url)).statusCode).toBe(404);
  });

  it('keeps a cover another album still uses, and ignores URLs that are not stored covers', async () => {
    const { client, user } = await signUp(t.app);
    const { url } = (await upload(client, await fixtures.jpeg({ r: 8, g: 8, b: 8 }))).json();
    const first = (await buildAlbum(t.app, user.id, { coverUrl: url })).id;
    await buildAlbum(t.app, user.id, { coverUrl: url });
    await t.app.ctx.db.deleteFrom('albums').where('id', '=', first).execute();
    await releaseCovers(t.app.ctx.db, user.id, [url, 'https://coverartarchive.org/release/x/front-500', null, '/api/cover-art/../x.jpg']);
    expect(await exists(url)).toBe(true);
  });

  it("never removes another user's image", async () => {
    const owner = await signUp(t.app);
    const { url } = (await upload(owner.client, await fixtures.jpeg({ r: 7, g: 7, b: 7 }))).json();
    const stranger = await signUp(t.app);
    await releaseCovers(t.app.ctx.db, stranger.user.id, [url]);
    expect(await exists(url)).toBe(true);
  });

  it("deleting a user removes that user's images (foreign key cascade)", async () => {
    const { client, user } = await signUp(t.app);
    await upload(client, await fixtures.png());
    expect(await imageCount(t.app, user.id)).toBe(1);
    await t.app.ctx.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await t.app.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await imageCount(t.app, user.id)).toBe(0);
  });

  it('sweeps uploads never saved on an album after a day, and nothing else', async () => {
    const { client, user } = await signUp(t.app);
    const stale = (await upload(client, await fixtures.jpeg({ r: 1, g: 0, b: 0 }))).json().url;
    const saved = (await upload(client, await fixtures.jpeg({ r: 2, g: 0, b: 0 }))).json().url;
    const fresh = (await upload(client, await fixtures.jpeg({ r: 3, g: 0, b: 0 }))).json().url;
    await buildAlbum(t.app, user.id, { coverUrl: saved });
    await age(stale, DAY + 60_000);
    await age(saved, 30 * DAY);
    await age(fresh, DAY - 60 * 60_000);
    expect(await sweepUnusedImages(t.app.ctx.db, new Date(Date.now() - DAY))).toBe(1);
    expect([await exists(stale), await exists(saved), await exists(fresh)]).toEqual([false, true, true]);
  });

  it("keeps a cover only a wish uses through the sweep, and releases it when the wish goes", async () => {
    const { client, user } = await signUp(t.app);
    const { url } = (await upload(client, await fixtures.jpeg({ r: 5, g: 1, b: 1 }))).json();
    const wish = await client.post('/api/wishlist', { title: 'Blue Train', artist: 'John Coltrane', coverUrl: url });
    expect(wish.statusCode).toBe(201);
    await age(url, 30 * DAY);
    await sweepUnusedImages(t.app.ctx.db, new Date(Date.now() - DAY));
    expect(await exists(url)).toBe(true);
    expect((await client.get(url)).statusCode).toBe(200);

    expect((await client.delete(`/api/wishlist/${wish.json().id}`)).statusCode).toBe(200);
    expect(await exists(url)).toBe(false);
    expect(await imageCount(t.app, user.id)).toBe(0);
  });

  it('a wish given another cover releases the one it had; an album sharing it keeps it', async () => {
    const { client, user } = await signUp(t.app);
    const first = (await upload(client, await fixtures.jpeg({ r: 6, g: 1, b: 1 }))).json().url;
    const second = (await upload(client, await fixtures.jpeg({ r: 6, g: 2, b: 1 }))).json().url;
    const shared = (await upload(client, await fixtures.jpeg({ r: 6, g: 3, b: 1 }))).json().url;
    await buildAlbum(t.app, user.id, { coverUrl: shared });
    const wish = (await client.post('/api/wishlist', { title: 'Moanin', artist: 'Art Blakey', coverUrl: first })).json();
    expect((await client.put(`/api/wishlist/${wish.id}`, { title: 'Moanin', artist: 'Art Blakey', coverUrl: second })).statusCode).toBe(200);
    expect([await exists(first), await exists(second)]).toEqual([false, true]);
    const other = (await client.post('/api/wishlist', { title: 'Free for All', artist: 'Art Blakey', coverUrl: shared })).json();
    expect((await client.delete(`/api/wishlist/${other.id}`)).statusCode).toBe(200);
    expect(await exists(shared)).toBe(true);
  });

  it('runs that sweep on the back of an upload', async () => {
    // A fresh app: the sweep runs at most every few minutes per database, starting with its first upload.
    const fresh = await createTestApp();
    try {
      const { client, user } = await signUp(fresh.app);
      await fresh.app.ctx.db
        .insertInto('images')
        .values({
          name: `${'a'.repeat(32)}.png`,
          user_id: user.id,
          content_type: 'image/png',
          data: await fixtures.png(),
          thumb_data: null,
          width: 120,
          height: 90,
          sha256: 'f'.repeat(64),
          source_url: null,
          created_at: new Date(Date.now() - 2 * DAY).toISOString(),
        })
        .execute();
      const { url } = (await upload(client, await fixtures.jpeg({ r: 4, g: 0, b: 0 }))).json();
      const names = await fresh.app.ctx.db.selectFrom('images').select('name').execute();
      expect(names.map((r) => `/api/cover-art/${r.name}`)).toEqual([url]);
    } finally {
      await fresh.close();
    }
  });
});
