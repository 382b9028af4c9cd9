import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { buildAlbum, buildCollection, buildImage } from '../../test/factories.js';
import { PRIVATE_FIELDS, share } from './sharing.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visitor = () => new Client(t.app);

describe('Shared covers: GET /api/shared/{token}/cover-art/{name}', () => {
  it('serves a cover of an album of the shared collection, full size or thumbnail, to anyone', async () => {
    const { client, user } = await signUp(t.app);
    const id = (await buildCollection(t.app, user.id, 'With covers')).id;
    const image = await buildImage(t.app, user.id);
    await buildAlbum(t.app, user.id, { ...PRIVATE_FIELDS, collection: 'With covers', title: 'Covered', artist: 'A', coverUrl: `/api/cover-art/${image.name}` });
    const token = await share(client, id);

    const { albums } = (await visitor().get(`/api/shared/${token}/albums`)).json();
    const full = await visitor().get(albums[0].coverUrl);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.rawPayload.equals(image.data)).toBe(true);
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    // Revalidated every time, so that disabling the link also ends cached copies.
    expect(full.headers['cache-control']).toBe('no-cache');

    const thumb = await visitor().get(`${albums[0].coverUrl}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.equals(image.thumb)).toBe(true);

    const etag = full.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: albums[0].coverUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const badSize = await visitor().get(`${albums[0].coverUrl}?size=huge`);
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().message).toBe("size must be 'thumb' or 'full'");
  });

  it('refuses every other image: other collections of the owner, other users, unknown or malformed names', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const sharedId = (await buildCollection(t.app, owner.user.id, 'Shared')).id;
    await buildCollection(t.app, owner.user.id, 'Private');
    const used = await buildImage(t.app, owner.user.id);
    const inPrivate = await buildImage(t.app, owner.user.id);
    const unused = await buildImage(t.app, owner.user.id);
    const strangers = await buildImage(t.app, stranger.user.id);
    await buildAlbum(t.app, owner.user.id, { ...PRIVATE_FIELDS, collection: 'Shared', title: 'Shown', artist: 'A', coverUrl: `/api/cover-art/${used.name}` });
    await buildAlbum(t.app, owner.user.id, { ...PRIVATE_FIELDS, collection: 'Private', title: 'Private', artist: 'A', coverUrl: `/api/cover-art/${inPrivate.name}` });
    // An album naming someone else's stored image must not make that image public.
    await buildAlbum(t.app, owner.user.id, { ...PRIVATE_FIELDS, collection: 'Shared', title: 'Borrowed', artist: 'A', coverUrl: `/api/cover-art/${strangers.name}` });
    const token = await share(owner.client, sharedId);

    expect((await visitor().get(`/api/shared/${token}/cover-art/${used.name}`)).statusCode).toBe(200);
    for (const name of [inPrivate.name, unused.name, strangers.name, 'missing.png', '..%2F..%2Fetc%2Fpasswd', 'x.exe']) {
      const response = await visitor().get(`/api/shared/${token}/cover-art/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().message).toBe('Image not found');
    }
  });

  it("another collection's token does not open this collection's covers", async () => {
    const { client, user } = await signUp(t.app);
    const first = (await buildCollection(t.app, user.id, 'First')).id;
    const second = (await buildCollection(t.app, user.id, 'Second')).id;
    const image = await buildImage(t.app, user.id);
    await buildAlbum(t.app, user.id, { ...PRIVATE_FIELDS, collection: 'First', title: 'Only in first', artist: 'A', coverUrl: `/api/cover-art/${image.name}` });
    await share(client, first);
    const secondToken = await share(client, second);
    expect((await visitor().get(`/api/shared/${secondToken}/cover-art/${image.name}`)).statusCode).toBe(404);
  });
});
