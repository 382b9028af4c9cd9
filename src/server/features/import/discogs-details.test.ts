import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, ImportResult } from '../../../common/import.schemas.js';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness.js';
import { mapDiscogsFormat } from './import-formats.js';

// docs/product/import.md, Discogs: a collection export loses nothing Spindle can hold, and another
// pressing of an album already there is added as another copy.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';
const discogs = (header: string, ...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';

function upload(client: Client, url: string, content: string) {
  const boundary = `----spindlediscogs${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="discogs.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
const dryRun = async (client: Client, csv: string) => {
  const res = await upload(client, '/api/import/albums/dry-run', csv);
  expect(res.statusCode).toBe(200);
  return res.json<ImportReport>();
};
const runImport = async (client: Client, csv: string) => {
  const res = await upload(client, '/api/import/albums', csv);
  expect(res.statusCode).toBe(200);
  return res.json<ImportResult>();
};
/** Every album whole: the list has no notes or tracklist (docs/product/albums.md#album-list), each album's own read has them. */
const albumsOf = async (client: Client) => {
  const listed = (await client.get('/api/albums')).json<{ id: number }[]>();
  return Promise.all(listed.map(async ({ id }) => (await client.get(`/api/albums/${id}`)).json<Record<string, unknown>>()));
};

describe('a Discogs collection export loses nothing', () => {
  it('maps Catalog#, Format, Rating, release_id, Date Added, notes and Collection fields', async () => {
    const { client } = await signUp(t.app);
    const header = `${HEADER},Collection Matrix,Collection Signed`;
    const csv = discogs(
      header,
      'PCS 7027,The Beatles,Abbey Road,Apple Records,"LP, Album, RE, 180",5,1969-09-26,2344211,Rock,2019-03-04 18:22:05,Near Mint (NM or M-),Generic,"First UK press\nSmall seam split",YEX 749-1,',
      'none,Nirvana,Bleach,Sub Pop,"2xLP, Album, Deluxe",0,1989,456,Rock,2020-01-01,Mint (M),No Cover,,,by Kurt',
      'X1,Robert Johnson,Cross Road Blues,Vocalion,"Shellac, 10""",,1937,789,Rock,,Good (G),Not Graded,,,',
    );
    const report = await dryRun(client, csv);
    expect(report).toMatchObject({ format: 'discogs', rows: 3, toAdd: { count: 3 }, refused: { count: 0 }, duplicates: { count: 0 } });
    // Nothing is said to be dropped.
    expect(report.warnings).toEqual([]);
    expect(report.notices.items).toEqual([]);
    expect(JSON.stringify(report)).not.toMatch(/not imported|dropped/i);

    expect(await runImport(client, csv)).toMatchObject({ added: 3 });
    const [abbey, bleach, crossRoad] = await albumsOf(client);
    expect(abbey).toMatchObject({
      catalogNumber: 'PCS 7027',
      format: 'LP',
      pressing: 'LP, Album, RE, 180; Sleeve: Generic',
      rating: 5,
      discogsReleaseId: 2344211,
      addedAt: '2019-03-04T18:22:05.000Z',
      notes: 'First UK press\nSmall seam split\nMatrix: YEX 749-1',
      mediaCondition: 'Near Mint (NM)',
      sleeveCondition: null,
    });
    expect(bleach).toMatchObject({
      catalogNumber: null,
      format: '2LP',
      pressing: '2xLP, Album, Deluxe; Sleeve: No Cover',
      rating: null,
      discogsReleaseId: 456,
      addedAt: '2020-01-01T00:00:00.000Z',
      notes: 'Signed: by Kurt',
    });
    expect(crossRoad).toMatchObject({ format: '78', pressing: 'Shellac, 10"; Sleeve: Not Graded', rating: null, notes: null, releaseYear: 1937 });
    // Without a date in the file, the copy was added by this import.
    expect(Date.now() - Date.parse(crossRoad!.addedAt as string)).toBeLessThan(60_000);
  });

  it('reads the best format on the list from Discogs format texts', () => {
    expect(mapDiscogsFormat('')).toBeNull();
    expect(mapDiscogsFormat('LP, Album')).toBe('LP');
    expect(mapDiscogsFormat('Vinyl, LP, Album, Stereo')).toBe('LP');
    expect(mapDiscogsFormat('2xLP, Album, RE')).toBe('2LP');
    expect(mapDiscogsFormat('3xLP, Comp')).toBe('3LP+');
    expect(mapDiscogsFormat('5xLP, Box Set')).toBe('Box Set');
    expect(mapDiscogsFormat('Box Set, Comp')).toBe('Box Set');
    expect(mapDiscogsFormat('7", Single, 45 RPM')).toBe('7"');
    expect(mapDiscogsFormat('10", EP')).toBe('EP');
    expect(mapDiscogsFormat('10", Album')).toBe('10"');
    expect(mapDiscogsFormat('12", 33 ⅓ RPM, Maxi')).toBe('12"');
    expect(mapDiscogsFormat('Shellac, 10"')).toBe('78');
    expect(mapDiscogsFormat('CD, Album')).toBe('CD');
    expect(mapDiscogsFormat('2xCD, Comp')).toBe('CD');
    expect(mapDiscogsFormat('Cass, Album')).toBe('Cassette');
    expect(mapDiscogsFormat('File, MP3')).toBe('Other');
  });

  it('says what it could not keep: a rating outside 0–5, a release_id or Date Added that is not one', async () => {
    const { client } = await signUp(t.app);
    const csv = discogs(HEADER, 'A1,Artist,Title,Label,LP,7,1990,abc,Shelf,yesterday,,,');
    const report = await dryRun(client, csv);
    expect(report.notices.items.map((n) => n.message)).toEqual([
      'Rating "7" is not 0–5: left empty',
      'release_id "abc" is not a Discogs release id: left empty',
      'Date Added "yesterday" is not a date: the import\'s time is used',
    ]);
    expect(report.toAdd.count).toBe(1);
  });

  it('adds another pressing as another copy, and the dry run lists it as such', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Rock' })).statusCode).toBe(201);
    // Already in Spindle: the 1977 stereo LP, with its catalogue number, and a copy with no details.
    const stereo = await client.post('/api/albums', { collection: 'Rock', title: 'Rumours', artist: 'Fleetwood Mac', format: 'LP', catalogNumber: 'K 56344', discogsReleaseId: 1000 });
    expect(stereo.statusCode).toBe(201);
    expect((await client.post('/api/albums', { collection: 'Rock', title: 'Tusk', artist: 'Fleetwood Mac' })).statusCode).toBe(201);
    const csv = discogs(
      HEADER,
      // The same release again: a duplicate.
      'K 56344,Fleetwood Mac,Rumours,Warner Bros.,"LP, Album",,1977,1000,Rock,,,,',
      // The 2023 180 g reissue: another release id, another catalogue number: another copy.
      '081227818786,Fleetwood Mac,Rumours,Rhino,"LP, Album, RE, 180",,2023,2000,Rock,,,,',
      // The same reissue twice in the file: the second is a duplicate of row 3.
      '081227818786,Fleetwood Mac,Rumours,Rhino,"LP, Album, RE, 180",,2023,2000,Rock,,,,',
      // Tusk again, with no details: nothing tells it apart from the stored Tusk.
      ',Fleetwood Mac,Tusk,Warner Bros.,,,1979,,Rock,,,,',
      // A cassette of Tusk: the stored Tusk has no format, so nothing differs either: a duplicate.
      ',Fleetwood Mac,Tusk,Warner Bros.,"Cass, Album",,1979,,Rock,,,,',
      // A CD of Rumours with no release id or catalogue number: its format differs from the LP's.
      ',Fleetwood Mac,Rumours,Warner Bros.,"CD, Album",,1977,,Rock,,,,',
    );
    const report = await dryRun(client, csv);
    expect(report.toAdd.items.map((item) => item.row)).toEqual([3, 7]);
    expect(report.duplicates.items.map((item) => [item.row, item.reason])).toEqual([
      [2, 'Already in "Rock"'],
      [4, 'Same album as row 3'],
      [5, 'Already in "Rock"'],
      [6, 'Already in "Rock"'],
    ]);
    expect(report.otherCopies).toEqual({
      count: 2,
      items: [
        { row: 3, title: 'Rumours', artist: 'Fleetwood Mac', collection: 'Rock', reason: 'Another copy: the album in "Rock" has a different release' },
        { row: 7, title: 'Rumours', artist: 'Fleetwood Mac', collection: 'Rock', reason: 'Another copy: the album in "Rock" has a different format' },
      ],
    });
    expect(await runImport(client, csv)).toMatchObject({ added: 2, duplicates: 4 });
    const rumours = (await albumsOf(client)).filter((album) => album.title === 'Rumours');
    expect(rumours.map((album) => [album.format, album.catalogNumber, album.discogsReleaseId])).toEqual([
      ['LP', 'K 56344', 1000],
      ['LP', '081227818786', 2000],
      ['CD', null, null],
    ]);
    // The same file again adds nothing.
    expect(await runImport(client, csv)).toMatchObject({ added: 0, duplicates: 6 });
  });
});
