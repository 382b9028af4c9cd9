import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_COLLECTION_NOT_FOUND, type ShareResponse } from '../../../common/sharing.schemas.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { buildAlbum, buildCollection, updateUser } from '../../test/factories.js';
import { PRIVATE_FIELDS, share } from './sharing.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visitor = () => new Client(t.app);

describe('Share Collection: POST /api/collections/{id}/share (Create Share Link)', () => {
  it('gives a URL-safe share token of at least 128 random bits', async () => {
    const { client, user } = await signUp(t.app);
    const first = (await buildCollection(t.app, user.id, 'Jazz')).id;
    const second = (await buildCollection(t.app, user.id, 'Rock')).id;
    const response = await client.post(`/api/collections/${first}/share`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['shareToken']);
    const { shareToken } = response.json<ShareResponse>();
    expect(shareToken.length).toBeGreaterThanOrEqual(22);
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await share(client, second)).not.toBe(shareToken);
    expect((await visitor().get(`/api/shared/${shareToken}`)).statusCode).toBe(200);
  });

  it('keeps the same link when asked again', async () => {
    const { client, user } = await signUp(t.app);
    const id = (await buildCollection(t.app, user.id, 'Keepers')).id;
    const token = await share(client, id);
    expect(await share(client, id)).toBe(token);
    const both = await Promise.all([client.post(`/api/collections/${id}/share`), client.post(`/api/collections/${id}/share`)]);
    expect(both.map((r) => r.json().shareToken)).toEqual([token, token]);
  });

  it('answers 404 for a collection that does not exist and 400 for an id that is not a number', async () => {
    const { client } = await signUp(t.app);
    const missing = await client.post('/api/collections/999999/share');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Collection not found');
    const bad = await client.post('/api/collections/abc/share');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid collection id');
  });

  it("another user cannot share someone else's collection (404) and nothing changes", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = (await buildCollection(t.app, owner.user.id, 'Mine')).id;
    const response = await other.client.post(`/api/collections/${id}/share`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Collection not found', code: 'NOT_FOUND' });
    const row = await t.app.ctx.db.selectFrom('collections').select('share_token').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.share_token).toBeNull();
  });

  it('answers 401 when signed out', async () => {
    const { user } = await signUp(t.app);
    const id = (await buildCollection(t.app, user.id, 'Signed out')).id;
    expect((await visitor().post(`/api/collections/${id}/share`)).statusCode).toBe(401);
    expect((await visitor().delete(`/api/collections/${id}/share`)).statusCode).toBe(401);
  });

  it('a gated user gets 402 on share, but their existing link still works for visitors', async () => {
    const { client, user } = await signUp(t.app, { firstName: 'Gail', lastName: 'Gated' });
    const shared = (await buildCollection(t.app, user.id, 'Shared before')).id;
    const unshared = (await buildCollection(t.app, user.id, 'Not shared')).id;
    await buildAlbum(t.app, user.id, { ...PRIVATE_FIELDS, collection: 'Shared before', title: 'Still here', artist: 'Someone' });
    const token = await share(client, shared);
    await updateUser(t.app, user.id, { subscription_status: 'inactive' });

    const response = await client.post(`/api/collections/${unshared}/share`);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ redirectTo: '/subscription', userId: user.id });

    expect((await visitor().get(`/api/shared/${token}`)).json()).toEqual({
      collection: { name: 'Shared before', owner: { firstName: 'Gail', lastName: 'Gated' } },
    });
    expect((await visitor().get(`/api/shared/${token}/artists`)).json()).toEqual({ artists: ['Someone'] });
    expect((await visitor().get(`/api/shared/${token}/albums`)).json().albums).toHaveLength(1);
  });
});

describe('Disable Sharing: DELETE /api/collections/{id}/share', () => {
  it('removes the link: the old token stops working at once, and a new share gives a new link', async () => {
    const { client, user } = await signUp(t.app);
    const id = (await buildCollection(t.app, user.id, 'Temporary')).id;
    const token = await share(client, id);
    expect((await visitor().get(`/api/shared/${token}`)).statusCode).toBe(200);

    const response = await client.delete(`/api/collections/${id}/share`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Sharing disabled' });
    const gone = await visitor().get(`/api/shared/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SHARED_COLLECTION_NOT_FOUND);

    const again = await share(client, id);
    expect(again).not.toBe(token);
    expect((await visitor().get(`/api/shared/${token}`)).statusCode).toBe(404);
    expect((await visitor().get(`/api/shared/${again}`)).statusCode).toBe(200);
  });

  it('answers 200 for a collection that is not shared', async () => {
    const { client, user } = await signUp(t.app);
    const id = (await buildCollection(t.app, user.id, 'Never shared')).id;
    expect((await client.delete(`/api/collections/${id}/share`)).statusCode).toBe(200);
  });

  it("another user cannot unshare someone else's collection (404) and the link keeps working", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = (await buildCollection(t.app, owner.user.id, 'Guarded')).id;
    const token = await share(owner.client, id);
    const response = await other.client.delete(`/api/collections/${id}/share`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Collection not found');
    expect((await visitor().get(`/api/shared/${token}`)).statusCode).toBe(200);
  });

  it('a gated user gets 402 and the link stays (every data call)', async () => {
    const { client, user } = await signUp(t.app);
    const id = (await buildCollection(t.app, user.id, 'Lapsed')).id;
    const token = await share(client, id);
    await updateUser(t.app, user.id, { subscription_status: 'past_due' });
    expect((await client.delete(`/api/collections/${id}/share`)).statusCode).toBe(402);
    expect((await visitor().get(`/api/shared/${token}`)).statusCode).toBe(200);
  });
});
