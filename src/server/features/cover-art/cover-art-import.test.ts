import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../test/fake-musicbrainz.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { imageCount, upload } from './cover-art.test-support.js';
import * as fixtures from './fixtures/images.js';
import { NOT_AN_IMAGE_AT_URL } from './remote-image.service.js';
import { NOT_PUBLIC_MESSAGE } from '../../upstream/safe-fetch.js';

let fake: FakeMusicBrainz;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeMusicBrainz();
  t = await createTestApp({ MUSICBRAINZ_URL: fake.url, COVER_ART_ARCHIVE_URL: fake.url }, { testAllowedPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const importCover = (c: Client, url: string) => c.post('/api/cover-art/import', { url });

describe('POST /api/cover-art/import', () => {
  it('stores a chosen search result and serves it from /api/cover-art/{name}', async () => {
    const { client, user } = await signUp(t.app);
    const [chosen] = (await client.get('/api/cover-art?title=Rumours&artist=Fleetwood%20Mac')).json();
    const res = await importCover(client, chosen);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/api\/cover-art\/[0-9a-f]{32}\.jpg$/);
    const served = await client.get(res.json().url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(500);
    const row = await t.app.ctx.db.selectFrom('images').select(['source_url']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.source_url).toBe(chosen);
  });

  it('stores a manual URL, re-encoded, and keeps one copy per user when imported twice', async () => {
    const { client, user } = await signUp(t.app);
    const url = `${fake.url}/web/cover.gif`;
    const first = await importCover(client, url);
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/\.webp$/);
    const second = await importCover(client, url);
    expect(second.json().url).toBe(first.json().url);
    expect(await imageCount(t.app, user.id)).toBe(1);
    // Another user gets their own copy: images belong to one user.
    const other = await signUp(t.app);
    const theirs = await importCover(other.client, url);
    expect(theirs.json().url).not.toBe(first.json().url);
  });

  it('refuses private addresses, non-images and bad input, storing nothing', async () => {
    const { client, user } = await signUp(t.app);
    const privateHost = await importCover(client, 'http://10.0.0.5/cover.jpg');
    expect(privateHost.statusCode).toBe(400);
    expect(privateHost.json().message).toBe(NOT_PUBLIC_MESSAGE);
    const redirect = await importCover(client, `${fake.url}/web/redirect?to=${encodeURIComponent('http://127.0.0.1:1/x.png')}`);
    expect(redirect.json().message).toBe(NOT_PUBLIC_MESSAGE);
    const page = await importCover(client, `${fake.url}/web/page.html`);
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe(NOT_AN_IMAGE_AT_URL);
    const empty = await importCover(client, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter an image address');
    expect(await imageCount(t.app, user.id)).toBe(0);
  });

  it("answers an already stored cover of the caller as it is, and 404 for another user's", async () => {
    const owner = await signUp(t.app);
    const { url } = (await upload(owner.client, await fixtures.png())).json();
    const same = await importCover(owner.client, url);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ url });
    const stranger = await signUp(t.app);
    const res = await importCover(stranger.client, url);
    expect(res.statusCode).toBe(404);
    expect(await imageCount(t.app, stranger.user.id)).toBe(0);
  });

  it('answers 401 signed out and 402 to a gated user', async () => {
    expect((await importCover(new Client(t.app), `${fake.url}/web/cover.png`)).statusCode).toBe(401);
    const gated = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ subscription_status: 'inactive' }).where('id', '=', gated.user.id).execute();
    expect((await importCover(gated.client, `${fake.url}/web/cover.png`)).statusCode).toBe(402);
    expect(fake.requests).toHaveLength(0);
  });
});
