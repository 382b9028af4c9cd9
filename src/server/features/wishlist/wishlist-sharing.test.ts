import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCollector, updateUser } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visitor = () => new Client(t.app);
const NOT_FOUND = { message: 'This shared wish list link is invalid or has been disabled', code: 'NOT_FOUND' };

async function share(client: Client): Promise<string> {
  const response = await client.post('/api/wishlist/share');
  expect(response.statusCode).toBe(200);
  expect(Object.keys(response.json())).toEqual(['shareToken']);
  return response.json<{ shareToken: string }>().shareToken;
}

async function wishFor(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/api/wishlist', body);
  expect(response.statusCode, response.body).toBe(201);
}

describe('Gift list: POST and DELETE /api/wishlist/share', () => {
  it('gives one unguessable URL-safe token, the same until disabled, a new one after', async () => {
    const a = await signedInCollector(t.app);
    const b = await signedInCollector(t.app);
    const token = await share(a.client);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await share(a.client)).toBe(token);
    const both = await Promise.all([b.client.post('/api/wishlist/share'), b.client.post('/api/wishlist/share')]);
    expect(both[0].json().shareToken).toBe(both[1].json().shareToken);
    expect(both[0].json().shareToken).not.toBe(token);

    const disabled = await a.client.delete('/api/wishlist/share');
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({ message: 'Wish list sharing disabled' });
    const again = await share(a.client);
    expect(again).not.toBe(token);
  });

  it('answers 401 signed out and 402 to a gated user', async () => {
    expect((await visitor().post('/api/wishlist/share')).statusCode).toBe(401);
    expect((await visitor().delete('/api/wishlist/share')).statusCode).toBe(401);
    const { client, user } = await signedInCollector(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'past_due' });
    expect((await client.post('/api/wishlist/share')).statusCode).toBe(402);
  });
});

describe('Gift list: GET /api/wishlist/shared/{token}', () => {
  it('shows anyone title, artist, format, pressing, cover and priority, by priority, never maxPrice or notes', async () => {
    const { client } = await signedInCollector(t.app);
    await wishFor(client, { title: 'Maybe One', artist: 'X', priority: 3, maxPrice: 5, notes: 'secret note three' });
    await wishFor(client, {
      title: 'Blue Train',
      artist: 'John Coltrane',
      format: 'LP',
      pressing: 'Blue Note 1577 mono',
      coverUrl: 'https://example.com/bt.jpg',
      priority: 1,
      maxPrice: 120,
      notes: 'secret note one',
      catalogNumber: 'BLP 1577',
      barcode: '0602577289118',
      discogsReleaseId: 42,
    });
    await wishFor(client, { title: 'Want One', artist: 'Y', maxPrice: 20 });
    const token = await share(client);

    const response = await visitor().get(`/api/wishlist/shared/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual([
      { title: 'Blue Train', artist: 'John Coltrane', format: 'LP', pressing: 'Blue Note 1577 mono', coverUrl: 'https://example.com/bt.jpg', priority: 1 },
      { title: 'Want One', artist: 'Y', format: null, pressing: null, coverUrl: null, priority: 2 },
      { title: 'Maybe One', artist: 'X', format: null, pressing: null, coverUrl: null, priority: 3 },
    ]);
    // Nothing private anywhere in the bytes, whatever the key is called.
    for (const secret of ['maxPrice', 'notes', 'secret note', '120', 'BLP 1577', '0602577289118', 'id"', 'createdAt']) {
      expect(response.body).not.toContain(secret);
    }
    // Signed in as someone else: the same public answer.
    const other = await signedInCollector(t.app);
    expect((await other.client.get(`/api/wishlist/shared/${token}`)).json()).toEqual(response.json());
  });

  it('404s at once when disabled, and the old token never comes back', async () => {
    const { client } = await signedInCollector(t.app);
    await wishFor(client, { title: 'Gift', artist: 'Me' });
    const token = await share(client);
    expect((await visitor().get(`/api/wishlist/shared/${token}`)).statusCode).toBe(200);
    await client.delete('/api/wishlist/share');
    const gone = await visitor().get(`/api/wishlist/shared/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(NOT_FOUND);
    await share(client);
    expect((await visitor().get(`/api/wishlist/shared/${token}`)).statusCode).toBe(404);
  });

  it("answers an attacker 404 for guessed, malformed and other lists' tokens, with one message", async () => {
    const owner = await signedInCollector(t.app, { collections: ['Jazz'] });
    await wishFor(owner.client, { title: 'Gift', artist: 'Me' });
    const collectionToken = (await owner.client.post(`/api/collections/${owner.collections.Jazz!.id}/share`)).json<{ shareToken?: string }>().shareToken;
    const storesToken = (await owner.client.post('/api/record-stores/share')).json<{ shareToken: string }>().shareToken;
    expect(collectionToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const token = await share(owner.client);
    const guesses = [
      'A'.repeat(32),
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      token.slice(0, 22),
      `${token}x`,
      'short',
      '%27%20or%201%3D1--',
      storesToken,
      collectionToken!,
    ];
    for (const guess of guesses) {
      const response = await visitor().get(`/api/wishlist/shared/${guess}`);
      expect(response.statusCode, guess).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('publishes nothing while the owner is paused', async () => {
    const { client, user } = await signedInCollector(t.app);
    const token = await share(client);
    await updateUser(t.app, user.id, { account_status: 'paused' });
    expect((await visitor().get(`/api/wishlist/shared/${token}`)).statusCode).toBe(404);
  });
});
