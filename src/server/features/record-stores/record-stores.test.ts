import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_MESSAGES, type RecordStore } from '../../../common/record-stores.schemas.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { startFakeNominatim, type FakeNominatim } from '../../test/fake-nominatim.js';
import { updateUser } from '../../test/factories.js';
import { addStore, AMOEBA, insertOlderStore, ROUGH_TRADE } from './record-stores.test-support.js';

let t: TestApp;
let geocoder: FakeNominatim;
beforeAll(async () => {
  geocoder = await startFakeNominatim();
  t = await createTestApp({ GEOCODER_URL: geocoder.url }, { testGeocoderIntervalMs: 0 });
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
});

const storeCount = async (userId: number) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('record_stores')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Record stores: POST /api/record-stores (Add Record Store)', () => {
  it('adds a store with the combined address, the separate parts and the other fields', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/record-stores', { ...AMOEBA, latitude: 34.1, longitude: -118.3 });
    expect(response.statusCode).toBe(201);
    const store = response.json<RecordStore>();
    expect(store).toEqual({
      id: expect.any(Number) as number,
      name: 'Amoeba Music',
      address: '6400 Sunset Blvd, Los Angeles, CA 90028',
      streetAddress: '6400 Sunset Blvd',
      city: 'Los Angeles',
      state: 'CA',
      zipCode: '90028',
      country: 'USA',
      website: 'amoeba.com',
      notes: 'Go on a weekday',
      latitude: 34.1,
      longitude: -118.3,
    });
    const list = await client.get('/api/record-stores');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([store]);
  });

  it('includes the country in the combined address only when it is not USA, and defaults it to USA', async () => {
    const { client } = await signUp(t.app);
    expect((await addStore(client, ROUGH_TRADE)).address).toBe('130 Talbot Rd, London, England W11 1JA, UK');
    const noCountry = await addStore(client, {
      name: 'Shop',
      streetAddress: '1 Main St',
      city: 'Austin',
      state: 'TX',
      country: '',
      zipCode: '',
    });
    expect(noCountry.country).toBe('USA');
    expect(noCountry.zipCode).toBeNull();
    expect(noCountry.address).toBe('1 Main St, Austin, TX');
    const sent = await addStore(client, { ...AMOEBA, address: 'something the client made up' });
    expect(sent.address).toBe('6400 Sunset Blvd, Los Angeles, CA 90028');
  });

  it("answers the documented messages for missing name, street address, city and state, and saves nothing", async () => {
    const { client, user } = await signUp(t.app);
    const cases: [string, string][] = [
      ['name', STORE_MESSAGES.nameRequired],
      ['streetAddress', STORE_MESSAGES.streetRequired],
      ['city', STORE_MESSAGES.cityRequired],
      ['state', STORE_MESSAGES.stateRequired],
    ];
    for (const [field, message] of cases) {
      for (const value of ['   ', undefined]) {
        const response = await client.post('/api/record-stores', { ...AMOEBA, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
        expect(response.json().errors[field]).toBe(message);
      }
    }
    expect(await storeCount(user.id)).toBe(0);
  });

  it("accepts an http(s) URL, a bare address or nothing as website, and refuses anything else with 'Must be a valid URL'", async () => {
    const { client, user } = await signUp(t.app);
    for (const website of ['https://amoeba.com/shop?x=1', 'http://example.org', 'www.amoeba.com', '']) {
      const response = await client.post('/api/record-stores', { ...AMOEBA, website });
      expect(response.statusCode).toBe(201);
      expect(response.json().website).toBe(website === '' ? null : website);
    }
    const before = await storeCount(user.id);
    for (const website of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.org',
      'not a url',
      'https://user:pw@example.org',
      'localhost',
    ]) {
      const response = await client.post('/api/record-stores', { ...AMOEBA, website });
      expect(response.statusCode, website).toBe(400);
      expect(response.json().message).toBe(STORE_MESSAGES.invalidWebsite);
    }
    expect(await storeCount(user.id)).toBe(before);
  });

  it('refuses coordinates that are not numbers on the globe', async () => {
    const { client, user } = await signUp(t.app);
    for (const bad of [{ latitude: 91 }, { longitude: -181 }, { latitude: 'north' }]) {
      const response = await client.post('/api/record-stores', { ...AMOEBA, ...bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^(Latitude|Longitude) must be a number between/);
    }
    expect(await storeCount(user.id)).toBe(0);
  });

  it('answers 401 signed out and 402 to a gated user, saving nothing', async () => {
    expect((await new Client(t.app).post('/api/record-stores', AMOEBA)).statusCode).toBe(401);
    expect((await new Client(t.app).get('/api/record-stores')).statusCode).toBe(401);
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'inactive' });
    const response = await client.post('/api/record-stores', AMOEBA);
    expect(response.statusCode).toBe(402);
    expect(response.json().redirectTo).toBe('/subscription');
    expect((await client.get('/api/record-stores')).statusCode).toBe(402);
    expect(await storeCount(user.id)).toBe(0);
  });
});

describe('Record stores: GET /api/record-stores', () => {
  it("lists only the caller's own stores, by name", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await addStore(a.client, { ...AMOEBA, name: 'zebra Records' });
    await addStore(a.client, { ...AMOEBA, name: 'Amoeba Music' });
    await addStore(b.client, ROUGH_TRADE);
    const list = (await a.client.get('/api/record-stores')).json<RecordStore[]>();
    expect(list.map((s) => s.name)).toEqual(['Amoeba Music', 'zebra Records']);
  });
});

describe('Record stores: PUT /api/record-stores/{id} (Edit Record Store)', () => {
  it('replaces the fields and recomposes the address', async () => {
    const { client } = await signUp(t.app);
    const store = await addStore(client, { ...AMOEBA, latitude: 1, longitude: 2 });
    const response = await client.put(`/api/record-stores/${store.id}`, {
      ...store,
      name: 'Amoeba Hollywood',
      country: 'Canada',
      website: '',
      notes: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: store.id,
      name: 'Amoeba Hollywood',
      address: '6400 Sunset Blvd, Los Angeles, CA 90028, Canada',
      country: 'Canada',
      website: null,
      notes: null,
    });
    expect((await client.get('/api/record-stores')).json()).toEqual([response.json()]);
  });

  it('keeps coordinates the form sends back when the address is the same', async () => {
    const { client } = await signUp(t.app);
    const store = await addStore(client, { ...AMOEBA, latitude: 1, longitude: 2 });
    const response = await client.put(`/api/record-stores/${store.id}`, { ...store, notes: 'Closed Mondays' });
    expect(response.json()).toMatchObject({ latitude: 1, longitude: 2, notes: 'Closed Mondays' });
  });

  it('gives an older store (combined address only) its separate parts when saved from the form', async () => {
    const { client, user } = await signUp(t.app);
    const id = await insertOlderStore(t.app, user.id, 'Old Shop', '12 High St, Oxford, Oxon OX1 4AA, UK');
    const [older] = (await client.get('/api/record-stores')).json<RecordStore[]>();
    expect(older).toMatchObject({
      id,
      address: '12 High St, Oxford, Oxon OX1 4AA, UK',
      streetAddress: null,
      city: null,
      state: null,
      zipCode: null,
      country: null,
    });
    const response = await client.put(`/api/record-stores/${id}`, {
      name: 'Old Shop',
      streetAddress: '12 High St',
      city: 'Oxford',
      state: 'Oxon',
      zipCode: 'OX1 4AA',
      country: 'UK',
    });
    expect(response.json()).toMatchObject({
      address: '12 High St, Oxford, Oxon OX1 4AA, UK',
      streetAddress: '12 High St',
      city: 'Oxford',
      state: 'Oxon',
      zipCode: 'OX1 4AA',
      country: 'UK',
    });
  });

  it('answers the validation messages and changes nothing', async () => {
    const { client } = await signUp(t.app);
    const store = await addStore(client, AMOEBA);
    const response = await client.put(`/api/record-stores/${store.id}`, { ...store, city: '', website: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ city: STORE_MESSAGES.cityRequired, website: STORE_MESSAGES.invalidWebsite });
    expect((await client.get('/api/record-stores')).json()).toEqual([store]);
  });

  it("answers 404 for another user's store (and for an unknown one), changing nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const store = await addStore(owner.client, AMOEBA);
    const response = await other.client.put(`/api/record-stores/${store.id}`, { ...AMOEBA, name: 'Mine now' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: STORE_MESSAGES.storeNotFound, code: 'NOT_FOUND' });
    expect((await other.client.put('/api/record-stores/999999', AMOEBA)).statusCode).toBe(404);
    expect((await other.client.put('/api/record-stores/abc', AMOEBA)).json().message).toBe('Invalid record store id');
    expect((await owner.client.get('/api/record-stores')).json()).toEqual([store]);
  });
});

describe('Record stores: DELETE /api/record-stores/{id} (Confirm Deletion)', () => {
  it("deletes the caller's store; another user's answers 404 and stays", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const store = await addStore(owner.client, AMOEBA);
    const refused = await other.client.delete(`/api/record-stores/${store.id}`);
    expect(refused.statusCode).toBe(404);
    expect(await storeCount(owner.user.id)).toBe(1);
    const response = await owner.client.delete(`/api/record-stores/${store.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Record store deleted successfully' });
    expect(await storeCount(owner.user.id)).toBe(0);
    expect((await owner.client.delete(`/api/record-stores/${store.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/map-config', () => {
  it('answers the key and the OpenStreetMap tile template and attribution by default, signed out too', async () => {
    const response = await new Client(t.app).get('/api/map-config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      apiKey: null,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
  });

  it('answers the configured tiles and key, to a gated user too, and lets the CSP load those tiles', async () => {
    const other = await createTestApp(
      {
        GEOCODER_URL: geocoder.url,
        MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png?key={apiKey}',
        MAP_TILE_ATTRIBUTION: 'Example',
        MAPS_API_KEY: 'k-123',
      },
      { testGeocoderIntervalMs: 0 },
    );
    try {
      const { client, user } = await signUp(other.app);
      await updateUser(other.app, user.id, { subscription_status: 'inactive' });
      const response = await client.get('/api/map-config');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        apiKey: 'k-123',
        tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png?key={apiKey}',
        attribution: 'Example',
      });
      // The map is drawn on the record stores page: that page's CSP is the one that must allow the tiles.
      const page = await client.get('/record-stores');
      expect(String(page.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.com/);
    } finally {
      await other.close();
    }
  });
});
