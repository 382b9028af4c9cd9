import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIsoDate } from '../../../common/albums.schemas.js';
import type { AlbumRequest } from '../../../common/albums.schemas.js';
import { buildAlbum, buildAlbums, signedInCollector, updateUser } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { csvCell } from './csv.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://spindle.example/' });
});
afterAll(() => t.close());

const HEADER = [
  'ID',
  'Title',
  'Artist',
  'Collection',
  'Purchase Location',
  'Purchase Date',
  'Price (USD)',
  'Cover URL',
  'Genre',
  'Label',
  'Release Year',
  'Country',
  'Media Condition',
  'Sleeve Condition',
  'Lent',
  'Lent To',
  'Lent Date',
  'Format',
  'Catalog Number',
  'Barcode',
  'Pressing',
  'Notes',
  'Rating',
  'Location',
  'Tracklist',
  'Discogs Release ID',
  'MusicBrainz Release ID',
  'Date Added',
];
/** The collector's columns of an album that has none of its details, only the date it was added. */
const noDetails = (album: { addedAt: string }) => [...Array<string>(10).fill(''), album.addedAt];

/** A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '\n' || text[i] === '"') throw new Error(`bare ${JSON.stringify(text[i])} in an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.slice(i, i + 2) !== '\r\n') throw new Error(`expected CRLF at ${i}`);
    i += 2;
    rows.push(row);
    row = [];
  }
  return rows;
}

async function exportCsv(client: Client, query = '') {
  const res = await client.get(`/api/export/albums${query}`);
  expect(res.statusCode).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return { res, rows: parseCsv(res.body.slice(1)) };
}

const collector = (collections: string[]) => signedInCollector(t.app, { collections });

const add = (account: { user: { id: number } }, fields: Partial<AlbumRequest>) => buildAlbum(t.app, account.user.id, { allowDuplicate: true, ...fields });

describe('csvCell (RFC 4180)', () => {
  it('quotes fields with a comma, a quote, CR or LF and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Crosby, Stills & Nash')).toBe('"Crosby, Stills & Nash"');
    expect(csvCell('12" single')).toBe('"12"" single"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(1959)).toBe('1959');
  });

  it('neutralises a cell that would start with =, +, -, @, tab or CR', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('\rCR')).toBe(`"'\rCR"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('GET /api/export/albums', () => {
  it('streams every album as UTF-8 CSV with a BOM, a header row and CRLF records, as a download', async () => {
    const account = await collector(['Jazz', 'Rock']);
    const { client } = account;
    const a = await add(account, {
      collection: 'Jazz',
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      purchaseLocation: 'Rough Trade, London',
      purchaseDate: '2024-03-09',
      price: 24.5,
      coverUrl: 'https://example.com/kob.jpg',
      genre: 'Jazz',
      label: 'Columbia',
      releaseYear: 1959,
      country: 'US',
      mediaCondition: 'Near Mint (NM)',
      sleeveCondition: 'Very Good Plus (VG+)',
      isLent: true,
      lentTo: 'Sam "the man"',
      lentDate: '2024-05-01',
    });
    const b = await add(account, { collection: 'Rock', title: 'Déjà Vu', artist: 'Crosby, Stills, Nash & Young' });
    const { res, rows } = await exportCsv(client);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="spindle-all-${todayIsoDate()}.csv"`);
    expect(rows).toEqual([
      HEADER,
      [String(a.id), 'Kind of Blue', 'Miles Davis', 'Jazz', 'Rough Trade, London', '2024-03-09', '24.50', 'https://example.com/kob.jpg', 'Jazz', 'Columbia', '1959', 'US', 'Near Mint (NM)', 'Very Good Plus (VG+)', 'Yes', 'Sam "the man"', '2024-05-01', ...noDetails(a)],
      [String(b.id), 'Déjà Vu', 'Crosby, Stills, Nash & Young', 'Rock', '', '', '', '', '', '', '', '', '', '', 'No', '', '', ...noDetails(b)],
    ]);
    expect(res.body).toContain('"Crosby, Stills, Nash & Young"');
    expect(res.body).toContain('"Sam ""the man"""');
    expect(res.body.split('\r\n')).toHaveLength(4);
  });

  it('writes a stored cover as an absolute address on PUBLIC_URL and keeps a remote one as it is', async () => {
    const account = await collector(['Covers']);
    const { client } = account;
    await add(account, { collection: 'Covers', title: 'Stored', artist: 'A', coverUrl: '/api/cover-art/abc123.png' });
    await add(account, { collection: 'Covers', title: 'Remote', artist: 'B', coverUrl: 'http://images.example.org/x.jpg?size=500' });
    await add(account, { collection: 'Covers', title: 'None', artist: 'C' });
    const { rows } = await exportCsv(client);
    const cover = HEADER.indexOf('Cover URL');
    expect(rows.slice(1).map((r) => [r[1], r[cover]])).toEqual([
      ['Stored', 'https://spindle.example/api/cover-art/abc123.png'],
      ['Remote', 'http://images.example.org/x.jpg?size=500'],
      ['None', ''],
    ]);
  });

  it('neutralises formula-looking text in every column', async () => {
    const account = await collector(['=Evil()']);
    const { client } = account;
    await add(account, {
      collection: '=Evil()',
      title: '=HYPERLINK("http://evil.example","click")',
      artist: '+Plus',
      label: '-Minus',
      country: '@At',
      purchaseLocation: '\tTabbed',
      lentTo: '\rCarriage',
      isLent: true,
    });
    const { rows } = await exportCsv(client);
    const row = rows[1]!;
    const cell = (header: string) => row[HEADER.indexOf(header)];
    expect(cell('Title')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(cell('Artist')).toBe("'+Plus");
    expect(cell('Label')).toBe("'-Minus");
    expect(cell('Country')).toBe("'@At");
    expect(cell('Collection')).toBe("'=Evil()");
    // Text is trimmed on save, so tab and CR cannot lead a stored value; csvCell covers them above.
    expect(cell('Purchase Location')).toBe('Tabbed');
    expect(cell('Lent To')).toBe('Carriage');
    for (const value of row) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports one collection, named case-insensitively, under a file name made from it', async () => {
    const account = await collector(['My Jäzz!', 'Rock']);
    const { client } = account;
    const jazz = await add(account, { collection: 'My Jäzz!', title: 'Blue Train', artist: 'John Coltrane' });
    await add(account, { collection: 'Rock', title: 'Revolver', artist: 'The Beatles' });
    const { res, rows } = await exportCsv(client, `?collection=${encodeURIComponent('  my JÄZZ! ')}`);
    expect(rows.slice(1).map((r) => r[0])).toEqual([String(jazz.id)]);
    const date = todayIsoDate();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="spindle-my-jazz-${date}.csv"; filename*=UTF-8''spindle-my-j%C3%A4zz-${date}.csv`,
    );
    const all = await exportCsv(client, '?collection=');
    expect(all.rows).toHaveLength(3);
  });

  it('answers 404 JSON for an unknown or another user’s collection', async () => {
    await collector(['Theirs']);
    const { client } = await collector(['Mine']);
    for (const name of ['Nope', 'Theirs']) {
      const res = await client.get(`/api/export/albums?collection=${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toBe('Collection not found');
    }
  });

  it('exports only the caller’s albums', async () => {
    const other = await collector(['Jazz']);
    await add(other, { collection: 'Jazz', title: 'Secret', artist: 'Someone' });
    const account = await collector(['Jazz']);
    const { client } = account;
    await add(account, { collection: 'Jazz', title: 'Mine', artist: 'Me' });
    const { rows } = await exportCsv(client);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Mine']);
  });

  it('pages through a large collection without losing or repeating a row', async () => {
    const { client, user } = await collector(['Big', 'Other']);
    const rows = Array.from({ length: 2600 }, (_, i) => ({ collection: i % 3 === 0 ? 'Other' : 'Big', title: `Album ${i}`, artist: `Artist ${i % 50}` }));
    await buildAlbums(t.app, user.id, rows.length, (i) => rows[i]!);
    const all = (await exportCsv(client)).rows.slice(1);
    expect(all).toHaveLength(2600);
    expect(all.map((r) => r[1])).toEqual(rows.map((r) => r.title));
    const onlyBig = (await exportCsv(client, '?collection=Big')).rows.slice(1);
    expect(onlyBig.map((r) => r[1])).toEqual(rows.filter((r) => r.collection === 'Big').map((r) => r.title));
  });

  it('a repeat export reflects every write since the last one (the kept file is never stale)', async () => {
    const account = await collector(['Repeat']);
    const { client } = account;
    const collectionId = account.collections.Repeat!.id;
    const first = await add(account, { collection: 'Repeat', title: 'First Press', artist: 'Band' });
    const titles = async (query = '') => (await exportCsv(client, query)).rows.slice(1).map((r) => `${r[1]}|${r[3]}`);
    expect(await titles()).toEqual(['First Press|Repeat']);
    expect(await titles()).toEqual(['First Press|Repeat']);
    await add(account, { collection: 'Repeat', title: 'Second Press', artist: 'Band' });
    expect(await titles()).toEqual(['First Press|Repeat', 'Second Press|Repeat']);
    expect((await client.put(`/api/collections/${collectionId}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect(await titles('?collection=Renamed')).toEqual(['First Press|Renamed', 'Second Press|Renamed']);
    expect((await client.delete(`/api/albums/${first.id}`)).statusCode).toBe(200);
    expect(await titles()).toEqual(['Second Press|Renamed']);
    expect(await titles('?collection=Renamed')).toEqual(['Second Press|Renamed']);
  });

  it('answers 401 signed out, and 200 to a gated user whose data stays theirs', async () => {
    expect((await new Client(t.app).get('/api/export/albums')).statusCode).toBe(401);
    const account = await collector(['Jazz']);
    const { client, user } = account;
    await add(account, { collection: 'Jazz', title: 'Kept', artist: 'Me' });
    await updateUser(t.app, user.id, { subscription_status: 'inactive' });
    expect((await client.get('/api/albums')).statusCode).toBe(402);
    const { rows } = await exportCsv(client, '?collection=Jazz');
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Kept']);
  });
});
