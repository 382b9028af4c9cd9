import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlbumRequest } from '../../../common/albums.schemas.js';
import { DEFAULT_IMPORT_COLLECTION, IMPORT_LIMITS, IMPORT_MESSAGES, type ImportReport, type ImportResult } from '../../../common/import.schemas.js';
import { buildAlbum, buildCollection } from '../../test/factories.js';
import { Client, createTestApp, insertStoredImage, signUp, type TestApp } from '../../test/harness.js';
import { usersRepository } from '../users/users.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://spindle.example' });
});
afterAll(() => t.close());

const DISCOGS_HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';

/** A multipart body with one `file` part, as the browser's FormData sends it. */
function multipartFile(content: string | Buffer, filename = 'collection.csv') {
  const boundary = '----spindleimport' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(client: Client, url: string, content: string | Buffer, headers: Record<string, string> = {}) {
  const { payload, contentType } = multipartFile(content);
  return client.request({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...headers } });
}
const dryRun = (client: Client, content: string | Buffer) => upload(client, '/api/import/albums/dry-run', content);
const runImport = (client: Client, content: string | Buffer, headers: Record<string, string> = {}) =>
  upload(client, '/api/import/albums', content, headers);

const discogs = (...rows: string[]) => [DISCOGS_HEADER, ...rows].join('\r\n') + '\r\n';

/** Every album whole: the list has no notes or tracklist (docs/product/albums.md#album-list), each album's own read has them. */
async function albumsOf(client: Client) {
  const res = await client.get('/api/albums');
  expect(res.statusCode).toBe(200);
  const listed = res.json<{ id: number }[]>();
  return Promise.all(
    listed.map(async ({ id }) => (await client.get(`/api/albums/${id}`)).json<{ title: string; artist: string; collection: string; [key: string]: unknown }>()),
  );
}

describe('Discogs mapping', () => {
  it('maps folders, conditions, artist suffixes, the first label and the release year', async () => {
    const { client } = await signUp(t.app);
    const csv = discogs(
      'PCS 7027,The Beatles,Abbey Road,"Apple Records, Parlophone",LP,5,1969-09-26,123,Rock Shelf,2020-01-01 10:00:00,Near Mint (NM or M-),Very Good Plus (VG+),first press',
      'ST-1,Nirvana (2),Bleach,Sub Pop (3),LP,,1989,456,Uncategorized,2020-01-01 10:00:00,Mint (M),Generic,',
      'X1,Unknown Artist,Oldie,Label,Shellac,,1899,789,All,2020-01-01,Good (G),No Cover,',
    );
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.format).toBe('discogs');
    expect(report.toAdd.count).toBe(3);
    expect(report.newCollections.sort()).toEqual([DEFAULT_IMPORT_COLLECTION, 'Rock Shelf'].sort());
    // "Generic" and "No Cover" are kept in the pressing (discogs-details.test.ts), so only the year is noticed.
    expect(report.notices.items).toEqual([expect.objectContaining({ row: 4, message: expect.stringContaining('Release year 1899') })]);
    // Every column of this export has a place now: nothing is said to be dropped.
    expect(report.warnings).toEqual([]);
    // The dry run writes nothing.
    expect(await albumsOf(client)).toEqual([]);

    const res = await runImport(client, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toMatchObject({ added: 3, duplicates: 0, refused: 0 });
    const albums = await albumsOf(client);
    expect(albums[0]).toMatchObject({
      title: 'Abbey Road',
      artist: 'The Beatles',
      collection: 'Rock Shelf',
      label: 'Apple Records',
      releaseYear: 1969,
      mediaCondition: 'Near Mint (NM)',
      sleeveCondition: 'Very Good Plus (VG+)',
      genre: null,
    });
    expect(albums[1]).toMatchObject({ artist: 'Nirvana', label: 'Sub Pop', collection: DEFAULT_IMPORT_COLLECTION, mediaCondition: 'Mint (M)', sleeveCondition: null });
    expect(albums[2]).toMatchObject({ releaseYear: null, collection: DEFAULT_IMPORT_COLLECTION, mediaCondition: 'Good (G)' });
    const collections = (await client.get('/api/collections')).json<{ name: string }[]>().map((c) => c.name);
    expect(collections.sort()).toEqual([DEFAULT_IMPORT_COLLECTION, 'Rock Shelf'].sort());
  });

  it('reads a genre, a price and a purchase date from Collection fields, and keeps an unknown genre and other fields in the notes', async () => {
    const { client } = await signUp(t.app);
    const header = `${DISCOGS_HEADER},Collection Genre,Collection Price,Collection Purchase Date,Collection Signed`;
    const csv = [header, 'C1,Miles Davis,Kind Of Blue,Columbia,LP,,1959,1,Jazz,,,,,jazz,"12,50",2021-05-01,yes', 'C2,Björk,Post,One Little Indian,LP,,1995,2,Jazz,,,,,Trip Hop,,,'].join('\n');
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.notices.items).toContainEqual({ row: 3, message: 'Genre "Trip Hop" is not on the genre list: kept in the notes' });
    expect(report.warnings).toEqual([]);
    expect((await runImport(client, csv)).statusCode).toBe(200);
    const [kind, post] = await albumsOf(client);
    expect(kind).toMatchObject({ genre: 'Jazz', price: 12.5, purchaseDate: '2021-05-01', notes: 'Signed: yes' });
    expect(post).toMatchObject({ artist: 'Björk', genre: null, notes: 'Genre: Trip Hop' });
  });

  it('refuses rows that break the album limits, with the row number and the reason, and imports the rest', async () => {
    const { client } = await signUp(t.app);
    const csv = discogs(
      `A,Artist,${'x'.repeat(201)},L,LP,,1990,1,Shelf,,,,`,
      'B,,No Artist,L,LP,,1990,2,Shelf,,,,',
      `C,Good Artist,Good Title,L,LP,,1990,3,${'f'.repeat(101)},,,,`,
      'D,Fine,Album,L,LP,,1990,4,Shelf,,,,',
      'E,Too,Few,Cells',
    );
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.refused.items).toEqual([
      // The title and artist as the file gives them (cut to 120 characters), to find the row by.
      { row: 2, reason: 'Title must be at most 200 characters', title: 'x'.repeat(120), artist: 'Artist' },
      { row: 3, reason: 'Artist is required', title: 'No Artist' },
      { row: 4, reason: 'Collection name must be at most 100 characters', title: 'Good Title', artist: 'Good Artist' },
      { row: 6, reason: 'The row has 4 cells where the header has 13' },
    ]);
    expect(report.toAdd.count).toBe(1);
    const result = (await runImport(client, csv)).json<ImportResult>();
    expect(result).toMatchObject({ added: 1, refused: 4 });
    expect((await albumsOf(client)).map((a) => a.title)).toEqual(['Album']);
  });

  it('keeps formula-like cells as text', async () => {
    const { client } = await signUp(t.app);
    const csv = discogs('A,"=HYPERLINK(""http://evil.example"")",@SUM(A1),+Label,LP,,1990,1,-Shelf,,,,');
    expect((await runImport(client, csv)).statusCode).toBe(200);
    const [album] = await albumsOf(client);
    expect(album).toMatchObject({ artist: '=HYPERLINK("http://evil.example")', title: '@SUM(A1)', label: '+Label', collection: '-Shelf' });
    // And the export neutralises them again (docs/product/export.md#formulas).
    const exported = (await client.get('/api/export/albums')).body;
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(exported).toContain("'@SUM(A1)");
  });
});

describe('Dry run and duplicates', () => {
  it('skips albums already in the collection and repeats within the file, trimmed and case-insensitively', async () => {
    const { client, user } = await signUp(t.app);
    await buildAlbum(t.app, user.id, { title: 'Blue', artist: 'Joni Mitchell', collection: 'Shelf' });
    const csv = discogs(
      'A,joni mitchell , BLUE,L,LP,,1971,1,shelf,,,,',
      'B,Joni Mitchell,Court and Spark,L,LP,,1974,2,Shelf,,,,',
      'B,JONI MITCHELL,court and spark,L,LP,,1974,2,Shelf,,,,',
      'D,Joni Mitchell,Blue,L,LP,,1971,4,Other,,,,',
    );
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.toAdd.items.map((a) => a.row)).toEqual([3, 5]);
    expect(report.duplicates.items).toEqual([
      { row: 2, title: 'BLUE', artist: 'joni mitchell', collection: 'Shelf', reason: 'Already in "Shelf"' },
      { row: 4, title: 'court and spark', artist: 'JONI MITCHELL', collection: 'Shelf', reason: 'Same album as row 3' },
    ]);
    expect(report.newCollections).toEqual(['Other']);
    const result = (await runImport(client, csv)).json<ImportResult>();
    expect(result).toEqual({ added: 2, duplicates: 2, refused: 0, newCollections: ['Other'] });
    // Importing the same file again adds nothing.
    expect((await runImport(client, csv)).json<ImportResult>()).toMatchObject({ added: 0, duplicates: 4 });
    expect(await albumsOf(client)).toHaveLength(3);
  });

  it('two imports of the same file at once do not double the albums', async () => {
    const { client } = await signUp(t.app);
    const rows = Array.from({ length: 300 }, (_, i) => `C${i},Artist ${i},Title ${i},L,LP,,1990,${i},Shelf,,,,`);
    const csv = discogs(...rows);
    const [a, b] = await Promise.all([runImport(client, csv), runImport(client, csv)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const added = [a.json<ImportResult>().added, b.json<ImportResult>().added].sort((x, y) => x - y);
    expect(added).toEqual([0, 300]);
    expect(await albumsOf(client)).toHaveLength(300);
    expect((await client.get('/api/collections')).json<{ name: string }[]>()).toHaveLength(1);
  });

  it('streams progress lines, then the result, when asked for application/x-ndjson', async () => {
    const { client } = await signUp(t.app);
    const csv = discogs(...Array.from({ length: 1200 }, (_, i) => `C${i},Artist ${i},Title ${i},L,LP,,1990,${i},Shelf,,,,`));
    const res = await runImport(client, csv, { accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trim().split('\n').map((line) => JSON.parse(line) as { type: string; done?: number; total?: number; result?: ImportResult });
    expect(lines.filter((l) => l.type === 'progress').map((l) => l.done)).toEqual([0, 500, 1000, 1200]);
    expect(lines.at(-1)).toMatchObject({ type: 'done', result: { added: 1200 } });
    expect(await albumsOf(client)).toHaveLength(1200);
  });

  it('refreshes the album list and collection counts after an import', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Shelf' })).statusCode).toBe(201);
    const before = await client.get('/api/albums');
    expect(before.json()).toEqual([]);
    await runImport(client, discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,'));
    const after = await client.request({ method: 'GET', url: '/api/albums', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toHaveLength(1);
    expect((await client.get('/api/collections')).json()).toEqual([expect.objectContaining({ name: 'Shelf', albumCount: 1 })]);
  });
});

describe('Spindle CSV round trip', () => {
  it('exports, imports into a fresh user and exports again: the same albums', async () => {
    const { client, user } = await signUp(t.app);
    await insertStoredImage(t.app, user.id, 'roundtripcover.png');
    for (const name of ['Jazz, Mostly', 'Rock "Classics"']) await buildCollection(t.app, user.id, name);
    const albums = [
      { title: 'Kind of Blue', artist: 'Miles Davis', collection: 'Jazz, Mostly', price: 12.5, genre: 'Jazz', label: 'Columbia', releaseYear: 1959, country: 'US', mediaCondition: 'Near Mint (NM)', sleeveCondition: 'Very Good (VG)', purchaseLocation: 'Shop\nDowntown', purchaseDate: '2020-02-03', coverUrl: '/api/cover-art/roundtripcover.png' },
      { title: '=cmd|calc', artist: "'=already quoted", collection: 'Rock "Classics"', isLent: true, lentTo: 'Ann, "the" friend', lentDate: '2024-01-02', coverUrl: 'https://covers.example/a.jpg' },
      { title: "'plain quote", artist: '-minus', collection: 'Rock "Classics"', price: 0 },
      { title: 'Ünïcødé ✓', artist: '@at', collection: 'Jazz, Mostly' },
    ] satisfies AlbumRequest[];
    for (const album of albums) await buildAlbum(t.app, user.id, album);
    const first = (await client.get('/api/export/albums')).body;

    const fresh = await signUp(t.app);
    const report = (await dryRun(fresh.client, first)).json<ImportReport>();
    expect(report).toMatchObject({ format: 'spindle', rows: 4, refused: { count: 0 }, toAdd: { count: 4 } });
    expect((await runImport(fresh.client, first)).json<ImportResult>()).toMatchObject({ added: 4 });
    const second = (await fresh.client.get('/api/export/albums')).body;
    const withoutIds = (csv: string) => csv.split('\r\n').map((line) => line.replace(/^\d+,/, ''));
    expect(withoutIds(second)).toEqual(withoutIds(first));
    // Another user's stored cover is not linked as the importer's own: it stays the absolute address.
    const imported = await albumsOf(fresh.client);
    expect(imported[0]!.coverUrl).toBe('https://spindle.example/api/cover-art/roundtripcover.png');

    // Into the same user again (their own cover comes back as their stored image): all duplicates.
    expect((await runImport(client, first)).json<ImportResult>()).toMatchObject({ added: 0, duplicates: 4 });
  });

  it('a user importing their own export into an emptied account gets their stored cover back', async () => {
    const { client, user } = await signUp(t.app);
    await insertStoredImage(t.app, user.id, 'owncover.png');
    await buildAlbum(t.app, user.id, { title: 'T', artist: 'A', collection: 'Shelf', coverUrl: '/api/cover-art/owncover.png' });
    const csv = (await client.get('/api/export/albums')).body.replace('\r\n1,', '\r\n1,').replace(',Shelf,', ',Shelf 2,');
    expect((await runImport(client, csv)).json<ImportResult>()).toMatchObject({ added: 1, newCollections: ['Shelf 2'] });
    const albums = await albumsOf(client);
    expect(albums[1]).toMatchObject({ collection: 'Shelf 2', coverUrl: '/api/cover-art/owncover.png' });
  });

  it('refuses Spindle rows whose values break the album rules', async () => {
    const { client } = await signUp(t.app);
    const header = 'ID,Title,Artist,Collection,Purchase Location,Purchase Date,Price (USD),Cover URL,Genre,Label,Release Year,Country,Media Condition,Sleeve Condition,Lent,Lent To,Lent Date';
    const csv = [
      header,
      '1,T,A,C,,,-5,,,,,,,,No,,',
      '2,T2,A,C,,,,javascript:alert(1),,,,,,,No,,',
      '3,T3,A,C,,,,,Polka,,,,,,No,,',
      '4,T4,A,C,,,,,,,1850,,,,No,,',
      '5,T5,A,C,,,,,,,,,,,Maybe,,',
      '6,T6,A,,,,,,,,,,,,No,,',
      '7,T7,A,C,,,"12,50",,,,,,,,No,,',
    ].join('\r\n');
    const report = (await dryRun(client, csv)).json<ImportReport>();
    expect(report.refused.items).toEqual([
      { row: 2, reason: 'Price cannot be negative', title: 'T', artist: 'A' },
      { row: 3, reason: 'Cover art must be an http(s) address or an uploaded image', title: 'T2', artist: 'A' },
      { row: 4, reason: 'Please choose a genre from the list', title: 'T3', artist: 'A' },
      { row: 5, reason: 'Release year must be 1900 or later', title: 'T4', artist: 'A' },
      { row: 6, reason: 'Lent must be Yes or No, not "Maybe"', title: 'T5', artist: 'A' },
      { row: 7, reason: 'Please select a collection', title: 'T6', artist: 'A' },
    ]);
    expect(report.toAdd.items).toEqual([{ row: 8, title: 'T7', artist: 'A', collection: 'C' }]);
  });
});

describe('Refused files: a clear message and nothing written', () => {
  const cases: [string, string | Buffer, number, string][] = [
    ['an empty file', '', 400, IMPORT_MESSAGES.empty],
    ['only blank lines', '\r\n\r\n', 400, IMPORT_MESSAGES.empty],
    ['a header without albums', DISCOGS_HEADER + '\r\n', 400, IMPORT_MESSAGES.noAlbums],
    ['an HTML page', '<!doctype html><html><body>Discogs</body></html>', 400, IMPORT_MESSAGES.unknownHeader],
    ['an unknown header', 'Name,Band\r\nBlue,Joni', 400, IMPORT_MESSAGES.unknownHeader],
    ['a binary file (PNG)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 400, IMPORT_MESSAGES.nul],
    ['a file with a NUL in a cell', discogs('A,Art\u0000ist,Title,L,LP,,1990,1,Shelf,,,,'), 400, IMPORT_MESSAGES.nul],
    ['Latin-1 text', Buffer.concat([Buffer.from(DISCOGS_HEADER + '\r\nA,Bj'), Buffer.from([0xf6]), Buffer.from('rk,Post,L,LP,,1995,1,S,,,,\r\n')]), 400, IMPORT_MESSAGES.notText],
    ['control characters', discogs('A,Art\u0007ist,Title,L,LP,,1990,1,Shelf,,,,'), 400, IMPORT_MESSAGES.notText],
    ['an unclosed quote', discogs('A,"Artist,Title,L,LP,,1990,1,Shelf,,,,'), 400, IMPORT_MESSAGES.unterminatedQuote],
  ];
  for (const [name, content, status, message] of cases) {
    it(`refuses ${name}`, async () => {
      const { client } = await signUp(t.app);
      for (const send of [dryRun, runImport]) {
        const res = await send(client, content);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ message });
      }
      expect(await albumsOf(client)).toEqual([]);
      expect((await client.get('/api/collections')).json()).toEqual([]);
    });
  }

  it('refuses a file over the size limit with 413', async () => {
    const { client } = await signUp(t.app);
    const big = discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,' + ' '.repeat(IMPORT_LIMITS.maxBytes));
    const res = await runImport(client, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: IMPORT_MESSAGES.tooLarge });
    expect(await albumsOf(client)).toEqual([]);
  });

  it('refuses a file with more rows than the limit with 413', async () => {
    const { client } = await signUp(t.app);
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `,A,T${i},,,,,${i},S,,,,`);
    const res = await dryRun(client, discogs(...rows));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: IMPORT_MESSAGES.tooManyRows });
  });

  it('refuses a request without a file, and a JSON body', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post('/api/import/albums', { csv: 'x' })).json()).toMatchObject({ message: IMPORT_MESSAGES.noFile });
    const empty = `--b\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--b--\r\n`;
    const res = await client.request({ method: 'POST', url: '/api/import/albums', payload: empty, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: IMPORT_MESSAGES.noFile });
  });
});

describe('Access', () => {
  it('answers 401 signed out', async () => {
    const res = await dryRun(new Client(t.app), discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,'));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a cross-site request (request origin, CSRF)', async () => {
    const { client } = await signUp(t.app);
    const res = await runImport(client, discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,'), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const site = await runImport(client, discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,'), { 'sec-fetch-site': 'cross-site' });
    expect(site.statusCode).toBe(403);
    expect(await albumsOf(client)).toEqual([]);
    const same = await runImport(client, discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,'), { origin: 'https://spindle.example' });
    expect(same.statusCode).toBe(200);
  });

  it("never touches another user's collections of the same name", async () => {
    const owner = await signUp(t.app);
    await buildAlbum(t.app, owner.user.id, { title: 'Title', artist: 'Artist', collection: 'Shelf' });
    const other = await signUp(t.app);
    const res = await runImport(other.client, discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,', 'B,Artist,Two,L,LP,,1990,2,Shelf,,,,'));
    expect(res.json<ImportResult>()).toEqual({ added: 2, duplicates: 0, refused: 0, newCollections: ['Shelf'] });
    expect(await albumsOf(owner.client)).toHaveLength(1);
    expect((await owner.client.get('/api/collections')).json()).toEqual([expect.objectContaining({ name: 'Shelf', albumCount: 1 })]);
    expect((await albumsOf(other.client)).map((a) => a.collection)).toEqual(['Shelf', 'Shelf']);
  });

  it('answers 402 with the payment-required body to a gated user, nothing written', async () => {
    const { client, user } = await signUp(t.app);
    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'trialing', trial_end_date: '2020-01-01T00:00:00.000Z' });
    for (const send of [dryRun, runImport]) {
      const res = await send(client, discogs('A,Artist,Title,L,LP,,1990,1,Shelf,,,,'));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ redirectTo: '/subscription', userId: user.id });
    }
    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'active' });
    expect(await albumsOf(client)).toEqual([]);
  });

  it('applies the free tier: at most 3 collections and 50 albums per collection (402, nothing written)', async () => {
    const { client, user } = await signUp(t.app);
    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'canceled', has_had_paid_subscription: 1 });
    const fourFolders = discogs(...['A', 'B', 'C', 'D'].map((f, i) => `X,Artist,T${i},L,LP,,1990,${i},${f},,,,`));
    const tooManyCollections = await runImport(client, fourFolders);
    expect(tooManyCollections.statusCode).toBe(402);
    expect(tooManyCollections.json<{ message: string }>().message).toContain('up to 3 collections');
    const progress = await runImport(client, fourFolders, { accept: 'application/x-ndjson' });
    expect(progress.statusCode).toBe(402);

    const fiftyOne = discogs(...Array.from({ length: 51 }, (_, i) => `X,Artist,T${i},L,LP,,1990,${i},Shelf,,,,`));
    const dry = await dryRun(client, fiftyOne);
    expect(dry.statusCode).toBe(402);
    expect(dry.json<{ message: string }>().message).toContain('up to 50 albums per collection');
    expect(await albumsOf(client)).toEqual([]);
    expect((await client.get('/api/collections')).json()).toEqual([]);

    const fifty = discogs(...Array.from({ length: 50 }, (_, i) => `X,Artist,T${i},L,LP,,1990,${i},Shelf,,,,`));
    expect((await runImport(client, fifty)).json<ImportResult>()).toMatchObject({ added: 50 });
  });
});
