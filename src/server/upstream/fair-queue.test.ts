import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_MESSAGES } from '../../common/releases.schemas.js';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../test/fake-musicbrainz.js';
import { startFakeNominatim, type FakeNominatim } from '../test/fake-nominatim.js';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness.js';
import { WAITING_PER_USER } from './fair-queue.js';

// The shared MusicBrainz and geocoder queues give each user a fair share: a few waiting requests per
// user (429 beyond), and users served in turn, across app instances on one database.

let musicBrainz: FakeMusicBrainz;
let nominatim: FakeNominatim;
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  musicBrainz = await startFakeMusicBrainz();
  nominatim = await startFakeNominatim({ places: [{ match: 'Street', lat: 53.8, lon: -1.55 }] });
  const env = { MUSICBRAINZ_URL: musicBrainz.url, COVER_ART_ARCHIVE_URL: musicBrainz.url, GEOCODER_URL: nominatim.url };
  t = await createTestApp(env, { testAllowedPrivateHosts: ['127.0.0.1'] });
  // A second instance on the same database (the same SQLite file, or the same PostgreSQL database).
  second = await createTestApp({ ...env, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir }) }, { testAllowedPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await second.close();
  await t.close();
  await musicBrainz.close();
  await nominatim.close();
});

const search = (c: Client, title: string, artist: string) => c.get(`/api/releases?${new URLSearchParams({ title, artist }).toString()}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MusicBrainz: a fair share per user', () => {
  it(`one user keeping 12 searches in flight gets ${WAITING_PER_USER} waiting and 429 for the rest; another user's autofill, on another instance, is answered within two turns`, async () => {
    expect(WAITING_PER_USER).toBe(3);
    const hog = await signUp(t.app);
    const other = await signUp(second.app);
    musicBrainz.reset();
    // The shared pace is booked for the next 3 s, so all 12 arrive while the first are still waiting,
    // however slow the machine (otherwise one served in between frees a place for a later one).
    const bookedUntil = String(Date.now() + 3000);
    await t.app.ctx.db
      .insertInto('settings')
      .values({ key: 'musicbrainz_next_slot', value: bookedUntil })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: bookedUntil }))
      .execute();
    const hogs = Array.from({ length: 12 }, (_, i) => search(hog.client, `Flood ${i}`, 'Hog'));
    await pause(300);
    const started = Date.now();
    const mine = await search(other.client, 'Kind of Blue', 'Miles Davis');
    expect(mine.statusCode, mine.body).toBe(200);
    const answers = await Promise.all(hogs);

    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(12 - WAITING_PER_USER);
    for (const res of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toMatchObject({ message: RELEASE_MESSAGES.tooManyWaiting, code: 'RATE_LIMITED' });
    }
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(WAITING_PER_USER);
    // Only the tickets that waited reached MusicBrainz; the other user's came second (after the hog's
    // oldest, which was waiting before it), not after the hog's whole queue.
    const order = musicBrainz.searchRequests().map((r) => ((r.query.query ?? '').includes('Miles') ? 'other' : 'hog'));
    expect(order).toHaveLength(WAITING_PER_USER + 1);
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
    // Answered within about two paced slots of 1.1 s once the booked time is over (with room for a
    // slow machine), never 503.
    expect(Date.now() - started).toBeLessThan(3000 + 2 * 1100 + 3000);
  });

  it('a user whose waiting requests finished may search again at once', async () => {
    const user = await signUp(t.app);
    const first = await Promise.all([1, 2, 3].map((i) => search(user.client, `Again ${i}`, 'Band')));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await search(user.client, 'Again 4', 'Band')).statusCode).toBe(200);
  });
});

describe('Geocoder: one user\'s stores do not leave another\'s without coordinates', () => {
  it('12 stores saved at once by one user take their turns; another user\'s new store, on another instance, gets its coordinates', async () => {
    const hog = await signUp(t.app);
    const other = await signUp(second.app);
    nominatim.reset();
    const store = (name: string, street: string) => ({ name, streetAddress: street, city: 'Leeds', state: 'West Yorkshire', country: 'UK' });
    const hogs = Array.from({ length: 12 }, (_, i) => hog.client.post('/api/record-stores', store(`Hog ${i}`, `${i} Hog Street`)));
    await pause(300);
    const mine = await other.client.post('/api/record-stores', store('Mine', '1 Other Street'));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ latitude: 53.8, longitude: -1.55 });
    const saved = await Promise.all(hogs);
    // Every store is saved (a save never fails for the geocoder); those beyond the hog's share wait for
    // "Update coordinates" rather than crowding everyone else out.
    expect(saved.map((r) => r.statusCode)).toEqual(Array.from({ length: 12 }, () => 201));
    const order = nominatim.searches().map((r) => ((r.query.q ?? '').includes('Other Street') ? 'other' : 'hog'));
    expect(order.indexOf('other')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
    // The hog never had more than its share waiting: the stores that found the share full were saved
    // without coordinates at once, and only the others reached the geocoder.
    const hogLookups = order.filter((who) => who === 'hog').length;
    expect(hogLookups).toBeLessThan(12);
    expect(saved.filter((r) => r.json<{ latitude: number | null }>().latitude === null)).toHaveLength(12 - hogLookups);
  });
});
