import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EnrichmentStatus, EnrichmentUnmatched } from '../../../common/enrichment.schemas.js';
import { buildApp } from '../../app.js';
import { startFakeMusicBrainz, type FakeMusicBrainz, type FakeRelease } from '../../test/fake-musicbrainz.js';
import { Client, createTestApp, signUp, TEST_SCRYPT, type TestApp } from '../../test/harness.js';

/*
 * The lookups after an import (docs/product/import.md#covers-and-details-found-after-an-import), against
 * the fake MusicBrainz and Cover Art Archive. MusicBrainz is paced at one request per 1.1 s across
 * instances, so each run here takes a few seconds.
 */

const HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';

/** Found through the Discogs release id; another found through its catalogue number and label. */
const RELEASES: FakeRelease[] = [
  {
    id: '11111111-1111-4111-a111-111111111111',
    title: 'Blue Train',
    artist: 'John Coltrane',
    score: 100,
    country: 'US',
    date: '1958-01-01',
    art: 'front',
    label: 'Blue Note',
    catalogNumber: 'BLP 1577',
    barcode: '888837168618',
    groupGenres: [{ name: 'hard bop', count: 5 }],
    discogsReleaseId: 4242,
    tracks: [[{ number: 'A1', title: 'Blue Train', length: 643_000 }, { number: 'A2', title: 'Moment\'s Notice', length: null }]],
  },
  {
    id: '22222222-2222-4222-a222-222222222222',
    title: 'Pet Sounds',
    artist: 'The Beach Boys',
    score: 100,
    country: 'GB',
    date: '1966-06-27',
    art: 'front',
    label: 'Capitol Records',
    catalogNumber: 'T 2458',
    groupGenres: [{ name: 'pop rock', count: 5 }],
    tracks: [[{ number: 'A1', title: "Wouldn't It Be Nice", length: 153_000 }]],
  },
];

let fake: FakeMusicBrainz;
let t: TestApp;
const extraApps: FastifyInstance[] = [];

const env = () => ({ MUSICBRAINZ_URL: fake.url, COVER_ART_ARCHIVE_URL: fake.url });

beforeAll(async () => {
  fake = await startFakeMusicBrainz({ releases: RELEASES });
  t = await createTestApp(env(), { testAllowedPrivateHosts: ['127.0.0.1'], enrichmentPollMs: 200 });
});
afterEach(async () => {
  for (const app of extraApps.splice(0)) await app.close();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Another instance on the same database (as another process would be). */
async function anotherInstance(enrichmentWorker: boolean, on: TestApp = t): Promise<FastifyInstance> {
  const app = await buildApp({
    config: on.config,
    passwordCost: TEST_SCRYPT,
    logger: false,
    webRoot: path.join(t.config.dataDir, 'no-web'),
    operationalMonitor: false,
    mailWorker: false,
    testAllowedPrivateHosts: ['127.0.0.1'],
    enrichmentWorker,
    enrichmentPollMs: 200,
  });
  extraApps.push(app);
  return app;
}

function importCsv(client: Client, rows: string[], query = '') {
  const boundary = '----spindleenrich' + Math.random().toString(16).slice(2);
  const csv = [HEADER, ...rows].join('\r\n') + '\r\n';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return client.request({
    method: 'POST',
    url: `/api/import/albums${query}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const BLUE_TRAIN = 'X,John Coltrane,Blue Train,My Own Label,LP,,,4242,Jazz,2020-01-01,,,';
const PET_SOUNDS = 'T 2458,The Beach Boys,Pet Sounds,Capitol Records,LP,,,,Pop,2020-01-01,,,';
const UNKNOWN = ',Nobody Known,Never Pressed,,LP,,,,Pop,2020-01-01,,,';

/** A client of another instance, signed in with the same session (sessions are rows: any instance knows them). */
function sameSessionOn(app: FastifyInstance, client: Client): Client {
  const other = new Client(app);
  other.cookie = client.cookie;
  return other;
}

const status = async (client: Client) => (await client.get('/api/enrichment')).json<EnrichmentStatus>();

async function waitUntilIdle(client: Client, timeoutMs = 40_000): Promise<EnrichmentStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await status(client);
    if (now.state === 'idle') return now;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function albumByTitle(client: Client, title: string) {
  const albums = (await client.get('/api/albums')).json<{ id: number; title: string; [key: string]: unknown }[]>();
  return albums.find((album) => album.title === title)!;
}

describe('covers and details after an import', () => {
  it('finds covers and fills empty fields, keeps typed ones, and reports what it could not match', async () => {
    const { client } = await signUp(t.app);
    expect(await status(client)).toEqual({ state: 'idle', done: 0, total: 0, matched: 0, unmatched: 0 });
    expect((await importCsv(client, [BLUE_TRAIN, PET_SOUNDS, UNKNOWN])).statusCode).toBe(200);
    const running = await status(client);
    expect(running).toMatchObject({ state: 'running', total: 3 });

    expect(await waitUntilIdle(client)).toEqual({ state: 'idle', done: 3, total: 3, matched: 2, unmatched: 1 });

    const blueTrain = await albumByTitle(client, 'Blue Train');
    // Found through the Discogs release's link on MusicBrainz; the label the collector had stays.
    expect(blueTrain).toMatchObject({
      label: 'My Own Label',
      releaseYear: 1958,
      country: 'United States',
      barcode: '888837168618',
    });
    expect(blueTrain.coverUrl).toMatch(/^\/api\/cover-art\/[0-9a-f]{32}\.jpg$/);
    // The tracklist was empty: the release's fills it (read with the album, the list carries none).
    expect((await client.get(`/api/albums/${blueTrain.id}`)).json()).toMatchObject({
      tracklist: [
        { position: 'A1', title: 'Blue Train', duration: '10:43' },
        { position: 'A2', title: "Moment's Notice" },
      ],
    });
    expect((await client.get(blueTrain.coverUrl as string)).headers['content-type']).toBe('image/jpeg');
    // Found by catalogue number and label.
    const petSounds = await albumByTitle(client, 'Pet Sounds');
    expect(petSounds).toMatchObject({
      releaseYear: 1966,
      country: 'United Kingdom',
      genre: 'Rock',
      musicbrainzReleaseId: RELEASES[1]!.id,
    });
    expect(petSounds.coverUrl).toMatch(/^\/api\/cover-art\//);

    const never = await albumByTitle(client, 'Never Pressed');
    expect(never).toMatchObject({ coverUrl: null, releaseYear: null, country: null });
    expect((await client.get('/api/enrichment/unmatched')).json<EnrichmentUnmatched>()).toEqual({
      items: [{ albumId: never.id, title: 'Never Pressed', artist: 'Nobody Known', collection: 'Pop' }],
    });
  }, 60_000);

  it('waits while paused, and never overwrites what the collector typed while it waited', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post('/api/enrichment/pause')).statusCode).toBe(200);
    expect((await importCsv(client, [PET_SOUNDS])).statusCode).toBe(200);
    expect(await status(client)).toEqual({ state: 'paused', done: 0, total: 1, matched: 0, unmatched: 0 });

    const album = await albumByTitle(client, 'Pet Sounds');
    const edited = await client.put(`/api/albums/${album.id}`, {
      title: 'Pet Sounds',
      artist: 'The Beach Boys',
      collection: 'Pop',
      label: 'Capitol Records',
      genre: 'Pop',
      releaseYear: 1999,
      tracklist: [{ position: '1', title: 'My own running order' }],
    });
    expect(edited.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await status(client)).state).toBe('paused');

    const resumed = await client.post('/api/enrichment/resume');
    expect(resumed.json<EnrichmentStatus>().state).toBe('running');
    expect(await waitUntilIdle(client)).toMatchObject({ done: 1, matched: 1 });
    const filled = await albumByTitle(client, 'Pet Sounds');
    expect(filled).toMatchObject({
      genre: 'Pop',
      releaseYear: 1999,
      country: 'United Kingdom',
    });
    expect((await client.get(`/api/albums/${filled.id}`)).json()).toMatchObject({ tracklist: [{ position: '1', title: 'My own running order' }] });
  }, 60_000);

  it('queues nothing when the import asks not to look anything up', async () => {
    const { client } = await signUp(t.app);
    expect((await importCsv(client, [UNKNOWN], '?findDetails=false')).statusCode).toBe(200);
    expect(await status(client)).toEqual({ state: 'idle', done: 0, total: 0, matched: 0, unmatched: 0 });
  });

  it('continues after a restart: a new instance on the same database finishes the run', async () => {
    const base = await createTestApp(env(), { testAllowedPrivateHosts: ['127.0.0.1'], enrichmentWorker: false });
    try {
      const first = await anotherInstance(true, base);
      const { client } = await signUp(first);
      expect((await importCsv(client, [BLUE_TRAIN, PET_SOUNDS, UNKNOWN])).statusCode).toBe(200);
      while ((await status(client)).done < 1) await new Promise((resolve) => setTimeout(resolve, 100));
      await first.close();
      extraApps.splice(0);
      const stoppedAt = await status(sameSessionOn(base.app, client));
      expect(stoppedAt.done).toBeLessThan(3);

      const second = await anotherInstance(true, base);
      expect(await waitUntilIdle(sameSessionOn(second, client))).toEqual({
        state: 'idle',
        done: 3,
        total: 3,
        matched: 2,
        unmatched: 1,
      });
    } finally {
      for (const app of extraApps.splice(0)) await app.close();
      await base.close();
    }
  }, 90_000);

  it('never looks an album up twice when two instances work on one database (the lease)', async () => {
    await anotherInstance(true);
    const { client } = await signUp(t.app);
    // Titles never asked before, so every lookup reaches MusicBrainz (answers are cached for a day).
    const run = Math.random().toString(36).slice(2, 8);
    const titles = [1, 2, 3, 4].map((n) => `Unheard ${run} ${n}`);
    fake.requests.length = 0;
    expect(
      (
        await importCsv(
          client,
          titles.map((title) => `,Nobody Known,${title},,LP,,,,Pop,2020-01-01,,,`),
        )
      ).statusCode,
    ).toBe(200);
    expect(await waitUntilIdle(client)).toEqual({ state: 'idle', done: 4, total: 4, matched: 0, unmatched: 4 });
    const searched = fake.searchRequests().map((r) => r.query.query);
    expect(searched).toHaveLength(4);
    expect(new Set(searched).size).toBe(4);
  }, 60_000);

  it('deleting an album removes its queued lookup', async () => {
    const { client } = await signUp(t.app);
    await client.post('/api/enrichment/pause');
    expect((await importCsv(client, [PET_SOUNDS, UNKNOWN])).statusCode).toBe(200);
    const album = await albumByTitle(client, 'Never Pressed');
    expect((await client.delete(`/api/albums/${album.id}`)).statusCode).toBeLessThan(300);
    expect(await status(client)).toEqual({ state: 'paused', done: 0, total: 1, matched: 0, unmatched: 0 });
  });

  it('answers 401 without a session', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/api/enrichment')).statusCode).toBe(401);
    expect((await anonymous.post('/api/enrichment/pause')).statusCode).toBe(401);
    expect((await anonymous.post('/api/enrichment/resume')).statusCode).toBe(401);
  });
});
