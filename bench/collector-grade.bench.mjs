// The collector-grade catalogue at 20,000 albums (docs/product/limits.md#speed), against the built server
// with `npm start` defaults: a 20,000-row Discogs collection export with catalogue numbers, formats,
// ratings, release ids, dates added and notes (no tracklists, as Discogs exports have none) imported in
// under 10 s; then one bulk update setting the format of 10,000 of those albums in under 2 s; and the
// album list of all 20,000, with its size, reported beside the 10,000-album list's own bench. With
// TEST_DATABASE_URL set, the same on a fresh PostgreSQL database.
import os from 'node:os';
import { onScratchPostgres, report, signUpAndLogin, startServer } from './support.mjs';

const ROWS = 20_000;
const BULK = 10_000;
const IMPORT_TARGET_MS = 10_000;
const BULK_TARGET_MS = 2_000;

const GRADES = ['Mint (M)', 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', 'Very Good (VG)', 'Good Plus (G+)', 'Good (G)'];
const FORMATS = ['Vinyl, LP, Album', 'Vinyl, 2×LP, Album, Reissue, 180 Gram', 'Vinyl, 7", 45 RPM, Single', 'CD, Album', 'Vinyl, 12", 33 ⅓ RPM, EP'];
const quote = (value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function discogsCsv(rows) {
  const lines = [
    'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes,Collection Shelf',
  ];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `BLP ${4000 + i}`,
        `Artist ${i % 2000}`,
        `Album Title Number ${i}`,
        `Label ${i % 300}`,
        FORMATS[i % FORMATS.length],
        String(i % 6),
        `${1950 + (i % 70)}`,
        String(100000 + i),
        `Folder ${i % 20}`,
        '2021-04-05 10:11:12',
        GRADES[i % GRADES.length],
        i % 9 === 0 ? 'Generic' : GRADES[(i + 1) % GRADES.length],
        `Bought at the fair, "mint" sleeve; row ${i}\nsecond line of the note`,
        `Shelf ${String.fromCharCode(65 + (i % 8))}, row ${i % 12}`,
      ]
        .map(quote)
        .join(','),
    );
  }
  return lines.join('\n') + '\n';
}

async function timed(promise) {
  const started = performance.now();
  const res = await promise;
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

async function measure(label, env) {
  const server = await startServer(env);
  try {
    const cookie = await signUpAndLogin(server.url, `bench-collector-${Date.now()}@spindle.test`);
    const csv = discogsCsv(ROWS);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'discogs.csv');
    const run = await timed(fetch(`${server.url}/api/import/albums`, { method: 'POST', headers: { cookie, accept: 'application/x-ndjson' }, body: form }));
    const last = JSON.parse(run.body.trim().split('\n').at(-1));
    if (run.status !== 200 || last.type !== 'done') throw new Error(`import failed: ${run.status} ${run.body.slice(-300)}`);

    const list = await timed(fetch(`${server.url}/api/albums`, { headers: { cookie } }));
    const albums = JSON.parse(list.body);
    const ids = albums.slice(0, BULK).map((album) => album.id);
    const bulk = await timed(
      fetch(`${server.url}/api/albums/bulk`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ ids, action: 'update', changes: { format: 'Box Set' } }),
      }),
    );
    if (bulk.status !== 200 || JSON.parse(bulk.body).count !== BULK) throw new Error(`bulk update failed: ${bulk.status} ${bulk.body.slice(0, 300)}`);
    const after = JSON.parse((await timed(fetch(`${server.url}/api/albums`, { headers: { cookie } }))).body);
    const boxed = after.filter((album) => album.format === 'Box Set').length;

    console.log(
      `${label}: ${(csv.length / 1024 / 1024).toFixed(1)} MB imported in ${run.ms.toFixed(0)} ms (${last.result.added} added); ` +
        `list of ${albums.length} albums, ${(list.body.length / 1024 / 1024).toFixed(1)} MB, in ${list.ms.toFixed(0)} ms; ` +
        `bulk update of ${BULK} in ${bulk.ms.toFixed(0)} ms (${boxed} now Box Set)`,
    );
    const imported = report(
      `${label} import of ${ROWS.toLocaleString('en-US')} Discogs rows with notes`,
      `${run.ms.toFixed(0)} ms`,
      `≤ ${IMPORT_TARGET_MS} ms, every row added`,
      last.result.added === ROWS && albums.length === ROWS && run.ms <= IMPORT_TARGET_MS,
    );
    const bulked = report(`${label} bulk update of ${BULK.toLocaleString('en-US')} albums`, `${bulk.ms.toFixed(0)} ms`, `≤ ${BULK_TARGET_MS} ms, all changed`, boxed === BULK && bulk.ms <= BULK_TARGET_MS);
    return imported && bulked;
  } finally {
    await server.stop();
  }
}

console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
let ok = await measure('SQLite', { DATABASE_URL: '' });

if (process.env.TEST_DATABASE_URL) {
  ok = (await onScratchPostgres('collector', (url) => measure('PostgreSQL', { DATABASE_URL: url }))) && ok;
}
console.log(`load average after ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
process.exit(ok ? 0 : 1);
