import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BARCODE_MESSAGES } from '../../../common/barcode.js';
import { RELEASE_MESSAGES, type Pressing } from '../../../common/releases.schemas.js';
import { FAKE_BARCODES, fakeReleaseId, startFakeMusicBrainz, type FakeMusicBrainz } from '../../test/fake-musicbrainz.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let fake: FakeMusicBrainz;
let t: TestApp;
let client: Client;
beforeAll(async () => {
  fake = await startFakeMusicBrainz();
  t = await createTestApp(
    { MUSICBRAINZ_URL: fake.url, COVER_ART_ARCHIVE_URL: fake.url },
    { testAllowedPrivateHosts: ['127.0.0.1'] },
  );
  ({ client } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const search = (c: Client, query: Record<string, string>) => c.get(`/api/releases?${new URLSearchParams(query).toString()}`);
const lookup = (c: Client, id: string) => c.get(`/api/releases/${id}`);
const front500 = (seed: string) => `${fake.url}/release/${fakeReleaseId(seed)}/front-500`;
const pressings = (body: unknown) => (body as { pressings: Pressing[] }).pressings;

describe('GET /api/releases (MusicBrainz release search)', () => {
  it('lists the pressings of a title and artist, best first, with label, year, country and whether a front cover exists', async () => {
    const res = await search(client, { title: 'Kind of Blue', artist: 'Miles Davis' });
    expect(res.statusCode).toBe(200);
    const list = pressings(res.json());
    expect(list.map((p) => p.releaseId)).toEqual([
      fakeReleaseId('kind-of-blue-1'),
      fakeReleaseId('kind-of-blue-2'),
      fakeReleaseId('kind-of-blue-3'),
    ]);
    expect(list[0]).toEqual({
      releaseId: fakeReleaseId('kind-of-blue-1'),
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      year: 1959,
      country: 'United States',
      countryCode: 'US',
      label: 'Columbia',
      catalogNumber: 'CL 1355',
      barcode: null,
      format: '12" Vinyl',
      albumFormat: 'LP',
      // A search carries no tracks: the lookup of the chosen pressing does.
      tracklist: [],
      musicbrainzReleaseId: fakeReleaseId('kind-of-blue-1'),
      // A search carries the release's own tags only ("modal jazz"); the lookup adds genres.
      genre: 'Jazz',
      hasFrontCover: true,
      coverUrl: front500('kind-of-blue-1'),
    });
    expect(list[1]).toMatchObject({
      country: 'United Kingdom',
      label: 'Fontana',
      hasFrontCover: false,
      coverUrl: null,
      genre: null,
    });
    expect(list[2]).toMatchObject({ country: 'Japan', year: 1976, hasFrontCover: true });

    const [mb] = fake.searchRequests();
    expect(mb?.query).toMatchObject({ query: 'artist:"Miles Davis" AND release:"Kind of Blue"', fmt: 'json' });
    expect(mb?.headers['user-agent']).toBe(`Spindle/${t.config.version} ( ${t.config.supportEmail} )`);
  });

  it('finds a pressing by its barcode (UPC-A asked in both its forms), typed with spaces', async () => {
    const res = await search(client, { barcode: '8 88837 16861 8' });
    expect(res.statusCode).toBe(200);
    const [pressing, ...rest] = pressings(res.json());
    expect(rest).toEqual([]);
    expect(pressing).toMatchObject({
      title: 'Random Access Memories',
      artist: 'Daft Punk',
      year: 2013,
      country: 'Europe',
      countryCode: 'XE',
      barcode: FAKE_BARCODES.randomAccessMemories,
      format: '2×12" Vinyl',
      label: 'Columbia',
    });
    expect(fake.searchRequests()[0]?.query.query).toBe('barcode:888837168618 OR barcode:0888837168618');
  });

  it('answers an empty list for a valid barcode nothing carries', async () => {
    const res = await search(client, { barcode: FAKE_BARCODES.unknown });
    expect(res.statusCode).toBe(200);
    expect(pressings(res.json())).toEqual([]);
  });

  it('refuses a barcode with a wrong check digit or shape (400, clear message, nothing asked upstream)', async () => {
    const wrongDigit = await search(client, { barcode: '888837168612' });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().message).toBe(BARCODE_MESSAGES.checkDigit);
    for (const barcode of ['12345', '88883716861X', '8888371686189999', 'barcode:1 OR *']) {
      const res = await search(client, { barcode });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BARCODE_MESSAGES.shape);
    }
    expect((await search(client, { barcode: '9'.repeat(5000) })).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('needs both title and artist, or a barcode (400, nothing asked upstream)', async () => {
    for (const query of [{ title: 'Kind of Blue' }, { artist: 'Miles Davis' }, { title: '  ', artist: 'Miles' }, {}] as Record<string, string>[]) {
      const res = await search(client, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RELEASE_MESSAGES.needsTitleAndArtist);
    }
    expect((await search(client, { title: 'x'.repeat(201), artist: 'y' })).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('lists vinyl before other formats among equally good matches', async () => {
    fake.releases = [
      { id: fakeReleaseId('giant-cd'), title: 'Giant Steps', artist: 'John Coltrane', score: 100, art: 'none', formats: ['CD'] },
      {
        id: fakeReleaseId('giant-lp'),
        title: 'Giant Steps',
        artist: 'John Coltrane',
        score: 100,
        art: 'none',
        formats: ['12" Vinyl'],
      },
      {
        id: fakeReleaseId('giant-old'),
        title: 'Giant Steps',
        artist: 'John Coltrane',
        score: 80,
        art: 'none',
        formats: ['12" Vinyl'],
      },
    ];
    const list = pressings((await search(client, { title: 'Giant Steps', artist: 'Coltrane' })).json());
    expect(list.map((p) => p.format)).toEqual(['12" Vinyl', 'CD', '12" Vinyl']);
    expect(list[0]?.releaseId).toBe(fakeReleaseId('giant-lp'));
  });

  it('shares the one-request-per-second MusicBrainz queue with cover-art search', async () => {
    const other = (await signUp(t.app)).client;
    const results = await Promise.all([
      search(client, { title: 'Rumours', artist: 'Fleetwood Mac' }),
      other.get(`/api/cover-art?${new URLSearchParams({ title: 'Abbey', artist: 'Beatles' }).toString()}`),
      search(other, { barcode: '4006381333931' }),
      lookup(client, fakeReleaseId('abbey-road-1')),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const times = fake.requests
      .filter((r) => r.path.startsWith('/ws/2/'))
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  it('answers 503 with Retry-After when the MusicBrainz queue is full', async () => {
    // The shared slot pushed 20 s ahead: as if many searches were already waiting.
    await t.app.ctx.db
      .updateTable('settings')
      .set({ value: String(Date.now() + 20_000) })
      .where('key', '=', 'musicbrainz_next_slot')
      .execute();
    const res = await search(client, { title: 'Busy', artist: 'Queue' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().message).toBe(RELEASE_MESSAGES.busy);
    expect(fake.requests).toHaveLength(0);
    await t.app.ctx.db.updateTable('settings').set({ value: '0' }).where('key', '=', 'musicbrainz_next_slot').execute();
  });

  it('answers 502 with a clear message when MusicBrainz is down', async () => {
    fake.failSearchesWith(500);
    const res = await search(client, { title: 'Down', artist: 'Upstream' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(RELEASE_MESSAGES.unavailable);
    const looked = await lookup(client, fakeReleaseId('down-1'));
    expect(looked.statusCode).toBe(502);
    expect(looked.json().message).toBe(RELEASE_MESSAGES.unavailable);
  });

  it('survives a hostile upstream: malformed, wrong types, huge', async () => {
    // Not JSON at all.
    fake.answerReleasesWith('<html>definitely not json</html>', 'text/html');
    let res = await search(client, { title: 'Hostile 1', artist: 'X' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(RELEASE_MESSAGES.unavailable);

    // JSON of the wrong shape.
    fake.answerReleasesWith(JSON.stringify({ releases: 'many' }));
    res = await search(client, { title: 'Hostile 2', artist: 'X' });
    expect(res.statusCode).toBe(200);
    expect(pressings(res.json())).toEqual([]);

    // Wrong types field by field: the odd fields drop, the release stays; unreadable releases go.
    const id = fakeReleaseId('hostile-ok');
    fake.answerReleasesWith(
      JSON.stringify({
        releases: [
          {
            id,
            title: 'Fine',
            score: 'high',
            date: 1999,
            country: { code: 'US' },
            barcode: 42,
            'artist-credit': 'Someone',
            'label-info': [{ label: 'Blue Note' }, null, { 'catalog-number': 7, label: { name: 'Impulse!' } }],
            media: [{ format: ['LP'] }, { format: '12" Vinyl' }],
            tags: [{ name: 'jazz', count: 'lots' }, 5],
          },
          { id, title: 'The same release again' },
          { id: '../../etc/passwd', title: 'Bad id' },
          { id: fakeReleaseId('no-title'), title: 12 },
          {
            id: fakeReleaseId('long'),
            title: 'T'.repeat(100_000),
            'artist-credit': [{ name: 'A'.repeat(100_000) }],
            'cover-art-archive': { front: 'yes' },
          },
          'a string',
          null,
        ],
      }),
    );
    res = await search(client, { title: 'Hostile 3', artist: 'X' });
    expect(res.statusCode).toBe(200);
    const list = pressings(res.json());
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      releaseId: id,
      title: 'Fine',
      artist: '',
      year: null,
      country: null,
      barcode: null,
      label: 'Impulse!',
      catalogNumber: null,
      format: '12" Vinyl',
      genre: 'Jazz',
    });
    expect(list[1]?.title).toHaveLength(200);
    expect(list[1]?.artist).toHaveLength(200);

    // Huge: far more than any real answer; read no further than the limit.
    fake.answerReleasesWith(JSON.stringify({ releases: [], padding: 'x'.repeat(3 * 1024 * 1024) }));
    res = await search(client, { title: 'Hostile 4', artist: 'X' });
    expect(res.statusCode).toBe(502);

    // A lookup that answers another release than asked.
    fake.answerReleasesWith(JSON.stringify({ id: fakeReleaseId('someone-else'), title: 'Other' }));
    res = await lookup(client, fakeReleaseId('hostile-lookup'));
    expect(res.statusCode).toBe(502);
  });

  it('answers 401 signed out and 402 to a user whose subscription is inactive', async () => {
    expect((await search(new Client(t.app), { title: 'Kind of Blue', artist: 'Miles Davis' })).statusCode).toBe(401);
    expect((await lookup(new Client(t.app), fakeReleaseId('kind-of-blue-1'))).statusCode).toBe(401);
    const gated = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ subscription_status: 'inactive' }).where('id', '=', gated.user.id).execute();
    const res = await search(gated.client, { barcode: FAKE_BARCODES.randomAccessMemories });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ redirectTo: '/subscription' });
    expect((await lookup(gated.client, fakeReleaseId('kind-of-blue-1'))).statusCode).toBe(402);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('GET /api/releases/{releaseId} (one pressing, with its genre)', () => {
  it("answers the pressing with the genre from the release's and its group's genres and tags", async () => {
    const res = await lookup(client, fakeReleaseId('ram-1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      releaseId: fakeReleaseId('ram-1'),
      title: 'Random Access Memories',
      artist: 'Daft Punk',
      year: 2013,
      country: 'Europe',
      countryCode: 'XE',
      label: 'Columbia',
      catalogNumber: '88883716861',
      barcode: FAKE_BARCODES.randomAccessMemories,
      format: '2×12" Vinyl',
      albumFormat: '2LP',
      tracklist: [
        { position: 'A1', title: 'Give Life Back to Music', duration: '4:34' },
        { position: 'B1', title: 'Instant Crush', duration: '5:37' },
        { position: 'C1', title: 'Get Lucky', duration: '6:09' },
        { position: 'C2', title: 'Contact', duration: '6:21' },
      ],
      musicbrainzReleaseId: fakeReleaseId('ram-1'),
      genre: 'Electronic/Dance',
      hasFrontCover: true,
      coverUrl: front500('ram-1'),
    });
    const [mb] = fake.lookupRequests();
    expect(mb?.query.inc?.split(/[+ ]/)).toEqual(
      expect.arrayContaining(['labels', 'recordings', 'media', 'tags', 'release-groups', 'genres']),
    );
    // The lookup says whether there is a front cover: no archive listing is needed.
    expect(fake.requests.filter((r) => r.path.startsWith('/release/'))).toHaveLength(0);
  });

  it("answers the collector's details: catalogue number, format from the media, tracklist with durations, release id", async () => {
    const res = await lookup(client, fakeReleaseId('kind-of-blue-1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      catalogNumber: 'CL 1355',
      barcode: null,
      albumFormat: 'LP',
      musicbrainzReleaseId: fakeReleaseId('kind-of-blue-1'),
      tracklist: [
        { position: 'A1', title: 'So What', duration: '9:22' },
        { position: 'A2', title: 'Freddie Freeloader', duration: '9:46' },
        { position: 'A3', title: 'Blue in Green', duration: '5:37' },
        // The track's own length is unknown: the recording's is used; neither known, no duration.
        { position: 'B1', title: 'All Blues', duration: '11:33' },
        { position: 'B2', title: 'Flamenco Sketches' },
      ],
    });
    // Tracks and labels come with the one lookup: a second lookup is served from the cache.
    await lookup(client, fakeReleaseId('kind-of-blue-1'));
    expect(fake.lookupRequests()).toHaveLength(1);
  });

  it('reads the format of 7" singles, CDs, cassettes and shellac, and has none when MusicBrainz lists no format', async () => {
    const cases = [
      { seed: 'single', formats: ['7" Vinyl'], expected: '7"' },
      { seed: 'cd', formats: ['CD', 'CD'], expected: 'CD' },
      { seed: 'tape', formats: ['Cassette'], expected: 'Cassette' },
      { seed: 'shellac', formats: ['10" Shellac'], expected: '78' },
      { seed: 'ep', formats: ['12" Vinyl'], primaryType: 'EP', expected: 'EP' },
      { seed: 'unknown', formats: [''], expected: null },
    ];
    fake.releases = cases.map(({ seed, formats, primaryType }) => ({
      id: fakeReleaseId(seed),
      title: seed,
      artist: 'Formats',
      art: 'none' as const,
      formats,
      ...(primaryType ? { primaryType } : {}),
    }));
    for (const { seed, expected } of cases) {
      const res = await lookup(client, fakeReleaseId(seed));
      expect({ seed, albumFormat: res.json().albumFormat, tracklist: res.json().tracklist }).toEqual({
        seed,
        albumFormat: expected,
        tracklist: [],
      });
    }
  });

  it('leaves the genre unset when no tag maps onto the list', async () => {
    fake.releases = [
      {
        id: fakeReleaseId('odd-tags'),
        title: 'Odd',
        artist: 'Tags',
        art: 'none',
        genres: [{ name: 'spoken word', count: 3 }],
        tags: [{ name: 'seen live', count: 9 }],
      },
    ];
    const res = await lookup(client, fakeReleaseId('odd-tags'));
    expect(res.json()).toMatchObject({ genre: null, hasFrontCover: false, coverUrl: null });
  });

  it('answers 404 for a release MusicBrainz does not know, and 400 for what is not a release id', async () => {
    const missing = await lookup(client, fakeReleaseId('no-such-release'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RELEASE_MESSAGES.notFound);
    for (const id of ['42', '..%2F..%2Fadmin', `${fakeReleaseId('x')}%3Finc%3Dsecret`]) {
      const res = await lookup(client, id);
      expect(res.statusCode).toBe(400);
    }
    expect(fake.lookupRequests()).toHaveLength(1);
  });
});
