import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COVER_SEARCH_NEEDS_BOTH } from '../../../common/cover-art.schemas.js';
import { fakeReleaseId, startFakeMusicBrainz, type FakeMusicBrainz } from '../../test/fake-musicbrainz.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let fake: FakeMusicBrainz;
let t: TestApp;
let client: Client;
beforeAll(async () => {
  fake = await startFakeMusicBrainz();
  t = await createTestApp({ MUSICBRAINZ_URL: fake.url, COVER_ART_ARCHIVE_URL: fake.url }, { testAllowedPrivateHosts: ['127.0.0.1'] });
  ({ client } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const search = (c: Client, title: string, artist: string) =>
  c.get(`/api/cover-art?${new URLSearchParams({ title, artist }).toString()}`);
const front500 = (seed: string) => `${fake.url}/release/${fakeReleaseId(seed)}/front-500`;
const listingCalls = () => fake.requests.filter((r) => /^\/release\/[^/]+$/.test(r.path));

describe('GET /api/cover-art (cover art search)', () => {
  it('answers the front-cover URLs of matching releases, best match first, only those with front art', async () => {
    const res = await search(client, 'Kind of Blue', 'Miles Davis');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([front500('kind-of-blue-1'), front500('kind-of-blue-3')]);

    const [mb] = fake.searchRequests();
    expect(mb?.query).toMatchObject({ query: 'artist:"Miles Davis" AND release:"Kind of Blue"', fmt: 'json' });
    // MusicBrainz etiquette: the app, its version and a contact address.
    expect(mb?.headers['user-agent']).toBe(`Spindle/${t.config.version} ( ${t.config.supportEmail} )`);
    expect(listingCalls().every((r) => r.headers['user-agent'] === mb?.headers['user-agent'])).toBe(true);
  });

  it('leaves out a release whose archive holds only a back cover', async () => {
    const res = await search(client, 'Rumours', 'Fleetwood Mac');
    expect(res.json()).toEqual([front500('rumours-1')]);
  });

  it("trusts the search result's cover-art-archive field when it is there (no listing call)", async () => {
    fake.releases = [
      { id: fakeReleaseId('inline-1'), title: 'Blue Train', artist: 'John Coltrane', score: 100, art: 'front', inlineCoverArtField: true },
      { id: fakeReleaseId('inline-2'), title: 'Blue Train', artist: 'John Coltrane', score: 90, art: 'none', inlineCoverArtField: true },
    ];
    const res = await search(client, 'Blue Train', 'John Coltrane');
    expect(res.json()).toEqual([front500('inline-1')]);
    expect(listingCalls()).toHaveLength(0);
  });

  it('searches user text as text: Lucene syntax is escaped', async () => {
    fake.releases = [{ id: fakeReleaseId('acdc'), title: 'Live: "At Donington" (1992)', artist: 'AC/DC', art: 'front' }];
    const res = await search(client, 'Live: "At Donington" (1992)', 'AC/DC');
    expect(res.json()).toEqual([front500('acdc')]);
    expect(fake.searchRequests()[0]?.query.query).toBe('artist:"AC\\/DC" AND release:"Live\\: \\"At Donington\\" \\(1992\\)"');
  });

  it('answers an empty list when nothing is found', async () => {
    const res = await search(client, 'No Such Record', 'Nobody');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('needs both title and artist (400, nothing asked upstream)', async () => {
    for (const query of ['title=Kind%20of%20Blue', 'artist=Miles%20Davis', 'title=%20%20&artist=Miles', '']) {
      const res = await client.get(`/api/cover-art?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(COVER_SEARCH_NEEDS_BOTH);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('caches answers in the database: the same search again asks nobody', async () => {
    await search(client, 'Abbey Road', 'The Beatles');
    const asked = fake.requests.length;
    expect(asked).toBeGreaterThan(0);
    const again = await search(client, 'Abbey Road', 'The Beatles');
    expect(again.json()).toEqual([front500('abbey-road-1')]);
    expect(fake.requests).toHaveLength(asked);
    const rows = await t.app.ctx.db.selectFrom('http_cache').select(['key', 'expires_at']).execute();
    expect(rows.some((r) => r.key.includes('/ws/2/release/') && r.expires_at > new Date().toISOString())).toBe(true);
  });

  it('keeps to one MusicBrainz request per second for the whole application', async () => {
    const other = (await signUp(t.app)).client;
    const [a, b, c] = await Promise.all([
      search(client, 'Kind', 'Miles'),
      search(other, 'Abbey', 'Beatles'),
      search(client, 'Rum', 'Fleetwood'),
    ]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    const times = fake.searchRequests().map((r) => r.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  it('retries a 503 after its Retry-After, politely', async () => {
    fake.rateLimitNextSearches(1, 1);
    const res = await search(client, 'Kind of', 'Davis');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([front500('kind-of-blue-1'), front500('kind-of-blue-3')]);
    const [first, second] = fake.searchRequests();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
  });

  it('answers 502 when MusicBrainz fails or asks to wait too long', async () => {
    fake.failSearchesWith(500);
    const failed = await search(client, 'Abbey Road 2', 'The Beatles');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Cover art search is unavailable right now. Please try again later.');

    fake.reset();
    fake.rateLimitNextSearches(5, 120);
    const busy = await search(client, 'Abbey Road 3', 'The Beatles');
    expect(busy.statusCode).toBe(502);
    expect(fake.searchRequests()).toHaveLength(1);
  });

  it('answers 502 when the Cover Art Archive is down', async () => {
    // Fresh releases: listings already fetched would come from the cache.
    fake.releases = [{ id: fakeReleaseId('caa-down'), title: 'Giant Steps', artist: 'John Coltrane', art: 'front' }];
    fake.failListingsWith(500);
    const res = await search(client, 'Giant Steps', 'Coltrane');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Cover art search is unavailable right now. Please try again later.');
  });

  it('answers 401 signed out and 402 to a user whose subscription is inactive', async () => {
    expect((await search(new Client(t.app), 'Kind of Blue', 'Miles Davis')).statusCode).toBe(401);
    const gated = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ subscription_status: 'inactive' }).where('id', '=', gated.user.id).execute();
    const res = await search(gated.client, 'Kind of Blue', 'Miles Davis');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ redirectTo: '/subscription' });
    expect(fake.requests).toHaveLength(0);
  });
});
