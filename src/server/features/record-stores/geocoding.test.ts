import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORE_MESSAGES, type RecordStore } from '../../../common/record-stores.schemas.js';
import { buildApp } from '../../app.js';
import { Client, createTestApp, signUp, TEST_SCRYPT, type TestApp } from '../../test/harness.js';
import { startFakeNominatim, type FakeNominatim } from '../../test/fake-nominatim.js';
import { updateUser } from '../../test/factories.js';
import { GEOCODER_INTERVAL_MS } from './geocoder.service.js';
import { addStore, AMOEBA, insertOlderStore, ROUGH_TRADE } from './record-stores.test-support.js';
import { GEOCODER_UNAVAILABLE } from './record-stores.service.js';

let t: TestApp;
let geocoder: FakeNominatim;
beforeAll(async () => {
  geocoder = await startFakeNominatim();
  t = await createTestApp({ GEOCODER_URL: geocoder.url, PUBLIC_URL: 'https://spindle.example' }, { testGeocoderIntervalMs: 0 });
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
});
beforeEach(async () => {
  geocoder.reset();
  // Each test asks afresh rather than reading an earlier test's cached answer.
  await t.app.ctx.db.deleteFrom('http_cache').execute();
});

const CHICAGO = { name: 'Chicago Shop', streetAddress: '1060 W Addison St', city: 'Chicago', state: 'IL', zipCode: '60613' };
const NOWHERE = { name: 'Nowhere Records', streetAddress: '1 Nowhere Lane', city: 'Atlantis', state: 'Sea' };

describe('Geocoding when a store is saved without coordinates', () => {
  it('looks the address up in the Nominatim-compatible service, naming the app and its address in the User-Agent', async () => {
    const { client } = await signUp(t.app);
    const store = await addStore(client, AMOEBA);
    expect(store).toMatchObject({ latitude: 34.0977, longitude: -118.3298 });
    const [search] = geocoder.searches();
    expect(search?.query).toMatchObject({ q: '6400 Sunset Blvd, Los Angeles, CA 90028, USA', format: 'jsonv2', limit: '1' });
    expect(search?.userAgent).toMatch(/^Spindle\/\S+ \(\+https:\/\/spindle\.example\)$/);
  });

  it('does not ask when the coordinates are given', async () => {
    const { client } = await signUp(t.app);
    expect(await addStore(client, { ...AMOEBA, latitude: 10, longitude: 20 })).toMatchObject({ latitude: 10, longitude: 20 });
    expect(geocoder.searches()).toHaveLength(0);
  });

  it('keeps answers in the database: the same address is asked once', async () => {
    const { client } = await signUp(t.app);
    await addStore(client, AMOEBA);
    const second = await addStore(client, { ...AMOEBA, name: 'Amoeba again' });
    expect(second.latitude).toBe(34.0977);
    expect(geocoder.searches()).toHaveLength(1);
  });

  it('saves without coordinates when the place is unknown', async () => {
    const { client } = await signUp(t.app);
    expect(await addStore(client, NOWHERE)).toMatchObject({ latitude: null, longitude: null });
  });

  it('saves without coordinates when the geocoder fails or cannot be reached', async () => {
    const { client } = await signUp(t.app);
    geocoder.failWith(500);
    expect(await addStore(client, AMOEBA)).toMatchObject({ name: 'Amoeba Music', latitude: null, longitude: null });
    geocoder.failWith(429);
    expect(await addStore(client, ROUGH_TRADE)).toMatchObject({ latitude: null, longitude: null });
    const down = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9' }, { testGeocoderIntervalMs: 0 });
    try {
      const other = await signUp(down.app);
      const response = await other.client.post('/api/record-stores', AMOEBA);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ latitude: null, longitude: null });
      expect((await other.client.get('/api/record-stores')).json()).toHaveLength(1);
    } finally {
      await down.close();
    }
  });

  it('looks up again when an edit moves the store and sends back the old coordinates', async () => {
    const { client } = await signUp(t.app);
    const store = await addStore(client, AMOEBA);
    const moved = await client.put(`/api/record-stores/${store.id}`, { ...store, ...CHICAGO, country: 'USA' });
    expect(moved.json()).toMatchObject({ city: 'Chicago', latitude: 41.9484, longitude: -87.6553 });
  });
});

describe('Update Maps: POST /api/record-stores/update-coordinates', () => {
  it("fills in the missing coordinates of all the caller's stores and says how many were found", async () => {
    const { client, user } = await signUp(t.app);
    const other = await signUp(t.app);
    geocoder.failWith(503);
    await addStore(client, AMOEBA);
    await addStore(client, NOWHERE);
    await addStore(client, { ...CHICAGO, latitude: 1, longitude: 2 });
    await insertOlderStore(t.app, user.id, 'Old Rough Trade', '130 Talbot Rd, London, England W11 1JA, UK');
    await addStore(other.client, ROUGH_TRADE);
    geocoder.reset();
    const response = await client.post('/api/record-stores/update-coordinates', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Found coordinates for 2 of 3 record stores.', updated: 2, total: 3 });
    const stores = (await client.get('/api/record-stores')).json<RecordStore[]>();
    expect(Object.fromEntries(stores.map((s) => [s.name, [s.latitude, s.longitude]]))).toEqual({
      'Amoeba Music': [34.0977, -118.3298],
      'Chicago Shop': [1, 2],
      'Nowhere Records': [null, null],
      'Old Rough Trade': [51.5159, -0.2031],
    });
    expect(geocoder.searches()).toHaveLength(3);
    expect((await other.client.get('/api/record-stores')).json()[0]).toMatchObject({ latitude: null });
    const again = await client.post('/api/record-stores/update-coordinates');
    expect(again.json()).toEqual({ message: 'Found coordinates for 0 of 1 record store.', updated: 0, total: 1 });
  });

  it("does one store when named (the page shows progress store by store); another user's store is 404", async () => {
    const { client } = await signUp(t.app);
    const other = await signUp(t.app);
    geocoder.failWith(500);
    const amoeba = await addStore(client, AMOEBA);
    const rough = await addStore(client, ROUGH_TRADE);
    const theirs = await addStore(other.client, AMOEBA);
    geocoder.reset();
    const response = await client.post('/api/record-stores/update-coordinates', { storeId: amoeba.id });
    expect(response.json()).toEqual({ message: 'Found coordinates for 1 of 1 record store.', updated: 1, total: 1 });
    const stores = (await client.get('/api/record-stores')).json<RecordStore[]>();
    expect(stores.find((s) => s.id === rough.id)?.latitude).toBeNull();
    const refused = await client.post('/api/record-stores/update-coordinates', { storeId: theirs.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(STORE_MESSAGES.storeNotFound);
    expect((await other.client.get('/api/record-stores')).json()[0].latitude).toBeNull();
  });

  it('answers 503 with a message when the geocoder is down, keeping what it had', async () => {
    const { client } = await signUp(t.app);
    geocoder.failWith(500);
    await addStore(client, AMOEBA);
    const response = await client.post('/api/record-stores/update-coordinates', {});
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(GEOCODER_UNAVAILABLE);
    expect((await client.get('/api/record-stores')).json()).toHaveLength(1);
  });

  it('answers 401 signed out and 402 to a gated user', async () => {
    expect((await new Client(t.app).post('/api/record-stores/update-coordinates', {})).statusCode).toBe(401);
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'inactive' });
    expect((await client.post('/api/record-stores/update-coordinates', {})).statusCode).toBe(402);
  });
});

describe('Geocoder pace: one request per second for the whole application', () => {
  it('spaces requests from two app instances on one database at least a second apart', async () => {
    const paced = await createTestApp({ GEOCODER_URL: geocoder.url });
    let second: FastifyInstance | undefined;
    try {
      // A second instance on the same database (the same SQLite file, or the same PostgreSQL database).
      second = await buildApp({
        config: paced.config,
        passwordCost: TEST_SCRYPT,
        logger: false,
        webRoot: path.join(paced.config.dataDir, 'no-web'),
      });
      const a = await signUp(paced.app);
      const b = await signUp(second);
      geocoder.reset();
      const responses = await Promise.all([
        a.client.post('/api/record-stores', AMOEBA),
        b.client.post('/api/record-stores', ROUGH_TRADE),
        b.client.post('/api/record-stores', { ...CHICAGO, country: 'USA' }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(responses.every((r) => r.json().latitude !== null)).toBe(true);
      const arrivals = geocoder
        .searches()
        .map((r) => r.at)
        .sort((x, y) => x - y);
      expect(arrivals).toHaveLength(3);
      for (let i = 1; i < arrivals.length; i++) {
        // The pacer spaces slots GEOCODER_INTERVAL_MS (1.1 s) apart; arrivals must be ≥ 1 s apart.
        expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(1000);
      }
      expect(GEOCODER_INTERVAL_MS).toBeGreaterThanOrEqual(1000);
    } finally {
      await second?.close();
      await paced.close();
    }
  });
});
