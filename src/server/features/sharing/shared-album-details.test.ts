import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { share } from './sharing.test-support.js';

// docs/product/sharing.md: a shared collection shows each album's format and release year beside
// its cover, title and artist, and nothing private. Tried as an attacker would: every private field
// filled with a value that cannot appear by chance, then every public answer searched for each.

const INDEX = '<!doctype html><html><head><title>Spindle</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const secrets = {
  notes: 'SECRET-NOTE-7f3a\nsecond line',
  location: 'SECRET-SHELF-91c2',
  barcode: '0602577289118',
  catalogNumber: 'SECRET-CATNO-55e1',
  pressing: 'SECRET-PRESSING-3d8b',
  tracklist: [{ position: 'A1', title: 'SECRET-TRACK-0a9e', duration: '7:41' }],
  discogsReleaseId: 987_654_321,
  musicbrainzReleaseId: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  purchaseLocation: 'SECRET-STORE-c4d2',
  purchaseDate: '2021-11-13',
  price: 1234.56,
  isLent: true,
  lentTo: 'SECRET-BORROWER-e8f1',
  lentDate: '2023-02-01',
};
/** The names of the private fields: none may appear as a key in a public answer. */
const privateKeys = ['notes', 'location', 'rating', 'barcode', 'catalogNumber', 'pressing', 'tracklist', 'discogsReleaseId', 'musicbrainzReleaseId', 'price', 'purchaseLocation', 'purchaseDate', 'isLent', 'lentTo', 'lentDate', 'addedAt'];
/** Each private value as it could be written in JSON or HTML. */
const privateTexts = [
  'SECRET-NOTE-7f3a',
  'SECRET-SHELF-91c2',
  '0602577289118',
  '602577289118',
  'SECRET-CATNO-55e1',
  'SECRET-PRESSING-3d8b',
  'SECRET-TRACK-0a9e',
  '7:41',
  '987654321',
  '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  'SECRET-STORE-c4d2',
  '2021-11-13',
  '1234.56',
  '123456',
  'SECRET-BORROWER-e8f1',
  '2023-02-01',
];

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

describe('a shared collection and the collector’s private details', () => {
  it('shows format and release year, and no private field by name or by value in any public answer or the page', async () => {
    const { client } = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const created = await client.post('/api/collections', { name: 'Blue Note' });
    expect(created.statusCode).toBe(201);
    const collectionId = created.json<{ id: number }>().id;
    const album = await client.post('/api/albums', {
      collection: 'Blue Note',
      title: 'Blue Train',
      artist: 'John Coltrane',
      releaseYear: 1957,
      format: '12"',
      rating: 4,
      ...secrets,
    });
    expect(album.statusCode).toBe(201);
    expect((await client.post('/api/albums', { collection: 'Blue Note', title: 'Plain', artist: 'Nobody' })).statusCode).toBe(201);
    const token = await share(client, collectionId);

    const visitor = new Client(t.app);
    const albums = await visitor.get(`/api/shared/${token}/albums`);
    expect(albums.statusCode).toBe(200);
    expect(albums.json()).toEqual({
      albums: [
        { id: album.json().id, title: 'Blue Train', artist: 'John Coltrane', coverUrl: null, format: '12"', releaseYear: 1957 },
        { id: expect.any(Number), title: 'Plain', artist: 'Nobody', coverUrl: null, format: null, releaseYear: null },
      ],
    });

    const answers = [
      albums,
      await visitor.get(`/api/shared/${token}`),
      await visitor.get(`/api/shared/${token}/artists`),
      await visitor.get(`/api/shared/${token}/albums?sortBy=artist&sortOrder=desc`),
      await visitor.get(`/api/shared/${token}/albums?artist=John%20Coltrane`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      const keys = keysOf(answer.json());
      for (const key of privateKeys) expect(keys.has(key), `${answer.body} names ${key}`).toBe(false);
      for (const text of privateTexts) expect(answer.body, text).not.toContain(text);
    }

    const page = await visitor.get(`/shared/${token}`);
    expect(page.statusCode).toBe(200);
    for (const text of privateTexts) expect(page.body, text).not.toContain(text);
    // Also the visitor who is signed in as someone else: the same public answers.
    const other = await signUp(t.app);
    const seenByOther = await other.client.get(`/api/shared/${token}/albums`);
    expect(seenByOther.body).toBe(albums.body);
  });
});
