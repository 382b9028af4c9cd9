import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, WANTLIST_DESTINATION, type ImportReport, type ImportResult } from '../../../common/import.schemas.js';
import type { Wish } from '../../../common/wishlist.schemas.js';
import { buildAlbum, signedInCollector } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The header of a Discogs wantlist export: a collection export's columns without CollectionFolder.
const WANTLIST_HEADER = 'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,Notes';
const wantlist = (...rows: string[]) => [WANTLIST_HEADER, ...rows].join('\r\n') + '\r\n';

function upload(client: Client, url: string, content: string | Buffer, headers: Record<string, string> = {}) {
  const boundary = '----spindlewantlist' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="wantlist.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]);
  return client.request({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers } });
}
const dryRun = (client: Client, content: string | Buffer) => upload(client, '/api/import/albums/dry-run', content);
const runImport = (client: Client, content: string | Buffer, headers: Record<string, string> = {}) => upload(client, '/api/import/albums', content, headers);

async function wishesOf(client: Client): Promise<Wish[]> {
  const res = await client.get('/api/wishlist');
  expect(res.statusCode).toBe(200);
  return res.json<Wish[]>();
}
const albumsOf = async (client: Client) => (await client.get('/api/albums')).json<unknown[]>();

describe('A Discogs wantlist export goes into the wish list', () => {
  it('is told by its header: the dry run reports a wantlist, lists the rows for the wish list and writes nothing', async () => {
    const { client } = await signedInCollector(t.app);
    const csv = wantlist(
      'SHVL 804,Pink Floyd,The Dark Side Of The Moon,Harvest,"LP, Album, RE, 180",4,1973-03-01,1873013,First UK press only',
      'none,Nirvana (2),Bleach,"Sub Pop (3), Tupelo",2xLP,0,1989,456,',
    );
    const res = await dryRun(client, csv);
    expect(res.statusCode).toBe(200);
    const report = res.json<ImportReport>();
    expect(report).toMatchObject({
      format: 'discogs-wantlist',
      rows: 2,
      toAdd: {
        count: 2,
        items: [
          { row: 2, title: 'The Dark Side Of The Moon', artist: 'Pink Floyd', collection: WANTLIST_DESTINATION },
          { row: 3, title: 'Bleach', artist: 'Nirvana', collection: WANTLIST_DESTINATION },
        ],
      },
      duplicates: { count: 0 },
      refused: { count: 0 },
      newCollections: [],
      warnings: [],
    });
    expect(await wishesOf(client)).toEqual([]);
    expect(await albumsOf(client)).toEqual([]);
  });

  it('maps format, pressing, Catalog#, release_id and Notes, keeps label, year and rating in the notes, priority 2', async () => {
    const { client } = await signedInCollector(t.app);
    const csv = wantlist(
      'SHVL 804,Pink Floyd,The Dark Side Of The Moon,Harvest,"LP, Album, RE, 180",4,1973-03-01,1873013,First UK press only',
      'none,Nirvana (2),Bleach,"Sub Pop (3), Tupelo",2xLP,0,1989,456,',
      ',Various,Shellac Hits,,"Shellac, 10""",,,789,',
    );
    const res = await runImport(client, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toEqual({ added: 3, duplicates: 0, refused: 0, newCollections: [] });
    const wishes = await wishesOf(client);
    const byTitle = Object.fromEntries(wishes.map((wish) => [wish.title, wish]));
    expect(byTitle['The Dark Side Of The Moon']).toMatchObject({
      artist: 'Pink Floyd',
      format: 'LP',
      pressing: 'LP, Album, RE, 180',
      catalogNumber: 'SHVL 804',
      discogsReleaseId: 1873013,
      notes: 'First UK press only\nLabel: Harvest\nReleased: 1973-03-01\nRating: 4 of 5',
      priority: 2,
      maxPrice: null,
    });
    expect(byTitle['Bleach']).toMatchObject({
      artist: 'Nirvana',
      format: '2LP',
      pressing: '2xLP',
      catalogNumber: null,
      discogsReleaseId: 456,
      notes: 'Label: Sub Pop, Tupelo\nReleased: 1989',
    });
    expect(byTitle['Shellac Hits']).toMatchObject({ format: '78', pressing: 'Shellac, 10"', notes: null });
    // Nothing went into a collection.
    expect(await albumsOf(client)).toEqual([]);
    expect((await client.get('/api/collections')).json()).toEqual([]);
  });

  it('skips wishes already there (same title and artist, no different release) and adds another pressing as a flagged row', async () => {
    const { client } = await signedInCollector(t.app);
    expect((await client.post('/api/wishlist', { title: 'Blue Train', artist: 'John Coltrane', discogsReleaseId: 100 })).statusCode).toBe(201);
    expect((await client.post('/api/wishlist', { title: 'Giant Steps', artist: 'John Coltrane' })).statusCode).toBe(201);
    const csv = wantlist(
      'BLP 1577, JOHN COLTRANE , blue train ,Blue Note,LP,,1957,100,',
      'X,John Coltrane,Blue Train,Blue Note,LP,,1957,200,',
      'Y,John Coltrane,Giant Steps,Atlantic,LP,,1960,300,',
      'Z,Sonny Rollins,Saxophone Colossus,Prestige,LP,,1956,,',
      'Z,Sonny Rollins,Saxophone Colossus,Prestige,LP,,1956,,',
    );
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.duplicates).toEqual({
      count: 3,
      items: [
        { row: 2, title: 'blue train', artist: 'JOHN COLTRANE', collection: WANTLIST_DESTINATION, reason: 'Already on your wish list' },
        { row: 4, title: 'Giant Steps', artist: 'John Coltrane', collection: WANTLIST_DESTINATION, reason: 'Already on your wish list' },
        { row: 6, title: 'Saxophone Colossus', artist: 'Sonny Rollins', collection: WANTLIST_DESTINATION, reason: 'Same album as row 5' },
      ],
    });
    expect(report.toAdd.items.map((item) => item.row)).toEqual([3, 5]);
    expect(report.otherCopies.items).toEqual([
      expect.objectContaining({ row: 3, reason: 'Another pressing: the wish on your list has a different release' }),
    ]);
    expect((await runImport(client, csv)).json<ImportResult>()).toEqual({ added: 2, duplicates: 3, refused: 0, newCollections: [] });
    // Importing the same file again adds nothing.
    expect((await runImport(client, csv)).json<ImportResult>()).toMatchObject({ added: 0, duplicates: 5 });
    expect((await wishesOf(client)).map((wish) => [wish.title, wish.discogsReleaseId])).toEqual(
      expect.arrayContaining([
        ['Blue Train', 100],
        ['Blue Train', 200],
        ['Giant Steps', null],
        ['Saxophone Colossus', null],
      ]),
    );
    expect(await wishesOf(client)).toHaveLength(4);
  });

  it('adds a record the collector owns already, flagged in the report with the collection it is in', async () => {
    const { client, user } = await signedInCollector(t.app);
    await buildAlbum(t.app, user.id, { collection: 'Jazz Shelf', title: 'Kind of Blue', artist: 'Miles Davis' });
    const csv = wantlist('CS 8163,Miles Davis,Kind Of Blue,Columbia,"LP, Album, Stereo",,1959,1234,Six-eye stereo');
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.toAdd.count).toBe(1);
    expect(report.otherCopies.items).toEqual([expect.objectContaining({ row: 2, reason: 'You own this album: it is in "Jazz Shelf"' })]);
    expect((await runImport(client, csv)).json<ImportResult>()).toMatchObject({ added: 1 });
    expect(await wishesOf(client)).toEqual([expect.objectContaining({ title: 'Kind Of Blue', pressing: 'LP, Album, Stereo' })]);
  });

  it('streams progress lines and the result, like the collection import', async () => {
    const { client } = await signedInCollector(t.app);
    const rows = Array.from({ length: 620 }, (_, i) => `C${i},Band,Want ${i},Label,LP,,2001,${i + 1},`);
    const res = await runImport(client, wantlist(...rows), { accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { type: 'progress', done: 0, total: 620 },
      { type: 'progress', done: 500, total: 620 },
      { type: 'progress', done: 620, total: 620 },
      { type: 'done', result: { added: 620, duplicates: 0, refused: 0, newCollections: [] } },
    ]);
    expect(await wishesOf(client)).toHaveLength(620);
  });
});

describe('The wantlist import meets the wish list limits, all or nothing', () => {
  it('keeps the free tier at 50 wishes: 402 on the dry run and the import (also before a progress stream), nothing written', async () => {
    const { client, user } = await signedInCollector(t.app, { plan: 'free' });
    expect((await client.post('/api/wishlist', { title: 'Already', artist: 'There' })).statusCode).toBe(201);
    const fifty = wantlist(...Array.from({ length: 50 }, (_, i) => `C${i},Band,Want ${i},Label,LP,,2001,${i + 1},`));
    for (const res of [await dryRun(client, fifty), await runImport(client, fifty), await runImport(client, fifty, { accept: 'application/x-ndjson' })]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        message: 'The free plan allows up to 50 wish list items; this import would make 51. Please subscribe to import it.',
        redirectTo: '/subscription',
        userId: user.id,
      });
    }
    expect(await wishesOf(client)).toHaveLength(1);
    // 49 more fit, and duplicates do not count against the limit.
    const fortyNine = wantlist(...Array.from({ length: 49 }, (_, i) => `C${i},Band,Want ${i},Label,LP,,2001,${i + 1},`), 'D,There,Already,L,LP,,,,');
    expect((await runImport(client, fortyNine)).json<ImportResult>()).toEqual({ added: 49, duplicates: 1, refused: 0, newCollections: [] });
    expect(await wishesOf(client)).toHaveLength(50);
  });

  it('answers 401 signed out and 402 to a gated user, nothing written', async () => {
    const csv = wantlist('A,Band,Want,Label,LP,,2001,1,');
    expect((await dryRun(new Client(t.app), csv)).statusCode).toBe(401);
    const { client } = await signedInCollector(t.app, { plan: 'expired' });
    for (const send of [dryRun, runImport]) expect((await send(client, csv)).statusCode).toBe(402);
  });

  it('counts the wishes against the wish list budget: the dry run warns, the import answers 429 and writes nothing', async () => {
    const { client, user } = await signedInCollector(t.app);
    // 9,999 wishes added in the last half hour (a minute old, so the per-minute limit is clear).
    await t.app.ctx.db
      .insertInto('creation_budget_entries')
      .values({ user_id: user.id, kind: 'wishlist', amount: 9_999, created_at: new Date(Date.now() - 30 * 60_000).toISOString() })
      .execute();
    const csv = wantlist('A,Band,One,Label,LP,,2001,1,', 'B,Band,Two,Label,LP,,2001,2,');
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.warnings).toEqual([expect.stringContaining('You are adding wish list items too quickly (at most 10,000 an hour)')]);
    const refused = await runImport(client, csv);
    expect(refused.statusCode).toBe(429);
    expect(await wishesOf(client)).toEqual([]);
    expect((await runImport(client, wantlist('A,Band,One,Label,LP,,2001,1,'))).json<ImportResult>()).toMatchObject({ added: 1 });
  });

  it('treats hostile cells as text, refuses bad rows on their own and whole files with the import messages', async () => {
    const { client } = await signedInCollector(t.app);
    const longTitle = 'x'.repeat(600);
    const csv = wantlist(
      '"=HYPERLINK(""http://evil.example"")",<script>alert(1)</script>,"@SUM(A1)",Label,LP,,2001,1,"+cmd|\' /C calc\'!A0"',
      `B,Band,${longTitle},Label,LP,,2001,2,`,
      'C,,No Artist,Label,LP,,2001,3,',
      'D,Band,Bad Id,Label,LP,9,2001,abc,',
    );
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.refused.items.map((item) => item.row)).toEqual([3, 4]);
    expect(report.refused.items[1]).toMatchObject({ reason: 'Artist is required', title: 'No Artist' });
    expect(report.notices.items).toEqual([
      { row: 5, message: 'Rating "9" is not 0–5: left empty' },
      { row: 5, message: 'release_id "abc" is not a Discogs release id: left empty' },
    ]);
    expect((await runImport(client, csv)).json<ImportResult>()).toEqual({ added: 2, duplicates: 0, refused: 2, newCollections: [] });
    const hostile = (await wishesOf(client)).find((wish) => wish.artist === '<script>alert(1)</script>');
    expect(hostile).toMatchObject({ title: '@SUM(A1)', catalogNumber: '=HYPERLINK("http://evil.example")', notes: "+cmd|' /C calc'!A0\nLabel: Label\nReleased: 2001" });

    const nul = await dryRun(client, Buffer.from(wantlist('A,Band,Nul\u0000,L,LP,,,1,')));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: IMPORT_MESSAGES.nul });
    expect((await dryRun(client, WANTLIST_HEADER + '\r\n')).json()).toMatchObject({ message: IMPORT_MESSAGES.noAlbums });
    const broken = await runImport(client, wantlist('A,Band,"Never closed,L,LP,,,1,'));
    expect(broken.statusCode).toBe(400);
    expect(await wishesOf(client)).toHaveLength(2);
  });
});
