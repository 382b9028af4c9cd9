import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_MESSAGES } from '../../../common/record-stores.schemas.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { startFakeNominatim, type FakeNominatim } from '../../test/fake-nominatim.js';
import { updateUser } from '../../test/factories.js';
import { addStore, AMOEBA, ROUGH_TRADE } from './record-stores.test-support.js';

const INDEX = '<!doctype html><html><head><title>Spindle</title></head><body><div id="root"></div></body></html>';
const ORIGIN = 'https://spindle.example';

let t: TestApp;
let geocoder: FakeNominatim;
let webRoot: string;
beforeAll(async () => {
  geocoder = await startFakeNominatim();
  webRoot = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  t = await createTestApp({ GEOCODER_URL: geocoder.url, PUBLIC_URL: ORIGIN }, { testGeocoderIntervalMs: 0, webRoot });
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const visitor = () => new Client(t.app);
const shareStores = async (client: Client) => {
  const response = await client.post('/api/record-stores/share');
  expect(response.statusCode).toBe(200);
  return response.json<{ shareToken: string }>().shareToken;
};

describe('Share Your Record Stores: POST /api/record-stores/share', () => {
  it('gives one URL-safe token of at least 128 random bits for the whole list, kept until changed', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const response = await a.client.post('/api/record-stores/share');
    expect(Object.keys(response.json())).toEqual(['shareToken']);
    const token = response.json<{ shareToken: string }>().shareToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(await shareStores(a.client)).toBe(token);
    const both = await Promise.all([b.client.post('/api/record-stores/share'), b.client.post('/api/record-stores/share')]);
    expect(both[0].json().shareToken).toBe(both[1].json().shareToken);
    expect(both[0].json().shareToken).not.toBe(token);
  });

  it('answers 401 signed out and 402 to a gated user', async () => {
    expect((await visitor().post('/api/record-stores/share')).statusCode).toBe(401);
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'past_due' });
    expect((await client.post('/api/record-stores/share')).statusCode).toBe(402);
  });
});

describe('Shared Record Stores: GET /api/record-stores/shared/{token}', () => {
  it('answers the whole list to a visitor with the public fields only, including stores added later', async () => {
    const { client } = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const amoeba = await addStore(client, { ...AMOEBA, latitude: 34.1, longitude: -118.3 });
    const token = await shareStores(client);
    const rough = await addStore(client, { ...ROUGH_TRADE, notes: 'Basement' });
    const response = await visitor().get(`/api/record-stores/shared/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual([
      {
        id: amoeba.id,
        name: 'Amoeba Music',
        address: amoeba.address,
        website: 'amoeba.com',
        notes: 'Go on a weekday',
        latitude: 34.1,
        longitude: -118.3,
      },
      {
        id: rough.id,
        name: 'Rough Trade West',
        address: rough.address,
        website: 'https://www.roughtrade.com',
        notes: 'Basement',
        latitude: 51.5159,
        longitude: -0.2031,
      },
    ]);
    expect(response.body).not.toMatch(/Lovelace|streetAddress|user|email|zipCode/i);
  });

  it('answers an empty array for a shared list without stores', async () => {
    const { client } = await signUp(t.app);
    const token = await shareStores(client);
    expect((await visitor().get(`/api/record-stores/shared/${token}`)).json()).toEqual([]);
  });

  it('answers 404 with a message for a wrong token, a malformed one, and a paused owner', async () => {
    for (const token of ['A'.repeat(32), 'short', '..%2F..%2Fetc']) {
      const response = await visitor().get(`/api/record-stores/shared/${token}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(STORE_MESSAGES.sharedNotFound);
    }
    const { client, user } = await signUp(t.app);
    await addStore(client, AMOEBA);
    const token = await shareStores(client);
    await updateUser(t.app, user.id, { account_status: 'paused' });
    expect((await visitor().get(`/api/record-stores/shared/${token}`)).statusCode).toBe(404);
  });

  it("stays reachable while the owner's subscription is gated (it is public)", async () => {
    const { client, user } = await signUp(t.app);
    await addStore(client, AMOEBA);
    const token = await shareStores(client);
    await updateUser(t.app, user.id, { subscription_status: 'inactive' });
    expect((await visitor().get(`/api/record-stores/shared/${token}`)).statusCode).toBe(200);
  });
});

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('Link previews of /record-stores/shared/{token}', () => {
  it('carries Open Graph, Twitter and noindex meta naming the stores, never the owner', async () => {
    const { client } = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    await addStore(client, AMOEBA);
    await addStore(client, { ...ROUGH_TRADE, name: 'Rough <Trade> & "Co"' });
    const token = await shareStores(client);
    const response = await visitor().get(`/record-stores/shared/${token}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(metaContent(html, 'og:title')).toBe('Shared record stores');
    expect(metaContent(html, 'og:description')).toBe(
      '2 record stores: Amoeba Music, Rough &#60;Trade&#62; &#38; &#34;Co&#34; · shared on Spindle',
    );
    expect(metaContent(html, 'og:url')).toBe(`${ORIGIN}/record-stores/shared/${token}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('Hopper');
  });

  it('adds nothing for a wrong token', async () => {
    const html = (await visitor().get(`/record-stores/shared/${'B'.repeat(32)}`)).body;
    expect(html).not.toContain('og:title');
  });
});
