import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, ImportResult } from '../../../common/import.schemas.js';
import { signedInCollector } from '../../test/factories.js';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness.js';

// docs/product/export.md: the collector's details are columns after the original ones, every cell
// safe to open in a spreadsheet, and an export imported into an empty account exports the same file.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://spindle.example' });
});
afterAll(() => t.close());

const DETAIL_COLUMNS = ['Format', 'Catalog Number', 'Barcode', 'Pressing', 'Notes', 'Rating', 'Location', 'Tracklist', 'Discogs Release ID', 'MusicBrainz Release ID', 'Date Added'];

/** RFC 4180 cells of a whole file (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

function upload(client: Client, url: string, content: string) {
  const boundary = `----spindleexport${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="albums.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

const collector = (collections: string[]) => signedInCollector(t.app, { collections });

const fullDetails = {
  format: '7"',
  catalogNumber: 'PCS 7027',
  barcode: '0602577289118',
  pressing: 'UK first press, matrix YEX 749-1',
  notes: 'Bought in Leeds.\nSmall seam split, "as is".',
  rating: 4,
  location: 'Shelf B, row 3',
  tracklist: [
    { position: 'A1', title: 'Come Together', duration: '4:20' },
    { position: 'A2', title: 'Something' },
    { position: 'B1', title: 'Here Comes the Sun', duration: '3:05' },
  ],
  discogsReleaseId: 2_344_211,
  musicbrainzReleaseId: '5da1a8e3-ab2c-4d89-9f0b-2c3d4e5f6a7b',
};

describe('the export’s collector columns', () => {
  it('come after the original columns, tracklist as one cell, and an empty detail is an empty cell', async () => {
    const { client } = await collector(['Rock']);
    const full = (await client.post('/api/albums', { collection: 'Rock', title: 'Abbey Road', artist: 'The Beatles', ...fullDetails })).json();
    const bare = (await client.post('/api/albums', { collection: 'Rock', title: 'Bare', artist: 'Nobody' })).json();
    const res = await client.get('/api/export/albums');
    expect(res.statusCode).toBe(200);
    const [header, first, second] = parseCsv(res.body);
    expect(header!.slice(0, 17)).toEqual(['ID', 'Title', 'Artist', 'Collection', 'Purchase Location', 'Purchase Date', 'Price (USD)', 'Cover URL', 'Genre', 'Label', 'Release Year', 'Country', 'Media Condition', 'Sleeve Condition', 'Lent', 'Lent To', 'Lent Date']);
    expect(header!.slice(17)).toEqual(DETAIL_COLUMNS);
    expect(first!.slice(17)).toEqual([
      '7"',
      'PCS 7027',
      '0602577289118',
      'UK first press, matrix YEX 749-1',
      'Bought in Leeds.\nSmall seam split, "as is".',
      '4',
      'Shelf B, row 3',
      'A1 Come Together (4:20); A2 Something; B1 Here Comes the Sun (3:05)',
      '2344211',
      '5da1a8e3-ab2c-4d89-9f0b-2c3d4e5f6a7b',
      full.addedAt,
    ]);
    expect(second!.slice(17)).toEqual(['', '', '', '', '', '', '', '', '', '', bare.addedAt]);
  });

  it('neutralises a formula in every new cell, and the import gives each value back as it was', async () => {
    const { client } = await collector(['Rock']);
    const formulas = {
      catalogNumber: '=1+1',
      pressing: '+SUM(A1:A9)',
      notes: '-2+3\n=HYPERLINK("http://evil.example")',
      location: '@shelf',
      tracklist: [{ position: '', title: '=cmd|calc' }],
    };
    expect((await client.post('/api/albums', { collection: 'Rock', title: 'Formulas', artist: 'Mallory', ...formulas })).statusCode).toBe(201);
    const csv = (await client.get('/api/export/albums')).body;
    const [header, row] = parseCsv(csv);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Catalog Number')).toBe("'=1+1");
    expect(cell('Pressing')).toBe("'+SUM(A1:A9)");
    expect(cell('Notes')).toBe("'-2+3\n=HYPERLINK(\"http://evil.example\")");
    expect(cell('Location')).toBe("'@shelf");
    expect(cell('Tracklist')).toBe("'=cmd|calc");
    for (const value of row!) expect(value).not.toMatch(/^[=+\-@\t\r]/);

    const fresh = await signUp(t.app);
    expect((await upload(fresh.client, '/api/import/albums', csv)).json<ImportResult>()).toMatchObject({ added: 1 });
    const [listed] = (await fresh.client.get('/api/albums')).json<{ id: number }[]>();
    // The album's own read: the list has no notes or tracklist (docs/product/albums.md#album-list).
    expect((await fresh.client.get(`/api/albums/${listed!.id}`)).json()).toMatchObject(formulas);
  });

  it('export → import into an empty account → export gives the same file (but the ids)', async () => {
    const { client } = await collector(['Rock', 'Jazz, "Mostly"']);
    const albums = [
      { collection: 'Rock', title: 'Abbey Road', artist: 'The Beatles', ...fullDetails },
      { collection: 'Rock', title: 'Abbey Road', artist: 'The Beatles', format: 'LP', catalogNumber: 'PCS 7088', rating: 2, allowDuplicate: true },
      { collection: 'Jazz, "Mostly"', title: 'Kind of Blue', artist: 'Miles Davis', price: 24.5, notes: 'line one\nline two', tracklist: [{ position: '', title: 'So What', duration: '9:22' }, { position: '2', title: 'Freddie Freeloader' }] },
      { collection: 'Jazz, "Mostly"', title: 'Plain', artist: 'Nobody' },
      { collection: 'Jazz, "Mostly"', title: 'Box', artist: 'Various', format: 'Box Set', barcode: '96385074', location: '-floor-' },
    ];
    for (const album of albums) expect((await client.post('/api/albums', album)).statusCode).toBe(201);
    const first = (await client.get('/api/export/albums')).body;

    const fresh = await signUp(t.app);
    const report = (await upload(fresh.client, '/api/import/albums/dry-run', first)).json<ImportReport>();
    expect(report).toMatchObject({ format: 'spindle', rows: 5, refused: { count: 0 }, duplicates: { count: 0 }, toAdd: { count: 5 } });
    // The second pressing of Abbey Road is another copy, and the dry run says so.
    expect(report.otherCopies.items).toEqual([expect.objectContaining({ row: 3, title: 'Abbey Road' })]);
    expect((await upload(fresh.client, '/api/import/albums', first)).json<ImportResult>()).toMatchObject({ added: 5 });
    const second = (await fresh.client.get('/api/export/albums')).body;
    const withoutIds = (csv: string) => parseCsv(csv).map((row) => row.slice(1));
    expect(withoutIds(second)).toEqual(withoutIds(first));
    expect(second.replace(/\r\n\d+,/g, '\r\n#,')).toBe(first.replace(/\r\n\d+,/g, '\r\n#,'));

    // The date each copy was added comes over from the file.
    const before = (await client.get('/api/albums')).json<{ addedAt: string }[]>();
    const after = (await fresh.client.get('/api/albums')).json<{ addedAt: string }[]>();
    expect(after.map((a) => a.addedAt)).toEqual(before.map((a) => a.addedAt));
  });

  it('an export made before the collector’s columns still imports', async () => {
    const { client } = await signUp(t.app);
    const csv =
      'ID,Title,Artist,Collection,Purchase Location,Purchase Date,Price (USD),Cover URL,Genre,Label,Release Year,Country,Media Condition,Sleeve Condition,Lent,Lent To,Lent Date\r\n' +
      '7,Blue,Joni Mitchell,Folk,,,,,Folk,Reprise,1971,US,,,No,,\r\n';
    expect((await upload(client, '/api/import/albums', csv)).json<ImportResult>()).toMatchObject({ added: 1 });
    const [listed] = (await client.get('/api/albums')).json<{ id: number }[]>();
    expect((await client.get(`/api/albums/${listed!.id}`)).json()).toMatchObject({ title: 'Blue', format: null, notes: null, addedAt: expect.any(String) });
  });
});
