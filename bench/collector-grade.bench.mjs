// The collector-grade catalogue at 20,000 albums (docs/product/limits.md#speed), against the built server
// with `npm start` defaults: a 20,000-row Discogs collection export with catalogue numbers, formats,
// ratings, release ids, dates added and notes (no tracklists, as Discogs exports have none) imported in
// under 10 s; then one bulk update setting the format of 10,000 of those albums in under 2 s; and the
// album list of all 20,000 with every field filled (the import's notes, and a 10-track tracklist and the
// rest written straight into the database): its size printed, and its requests/s against a plain node:http server
// sending the same bytes from memory in the same run, target ≥ 0.9× (the list carries no notes or
// tracklists, docs/product/albums.md#album-list). With TEST_DATABASE_URL set, the same on a fresh
// PostgreSQL database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { cannon, freePort, onScratchPostgres, report, signUpAndLogin, startServer } from './support.mjs';

const ROWS = 20_000;
const BULK = 10_000;
const IMPORT_TARGET_MS = 10_000;
const BULK_TARGET_MS = 2_000;
const LIST_TARGET_RATIO = 0.9;
const LIST_ROUNDS = 4;

/** Every field the import leaves empty, filled: a 10-track tracklist among them (the import's notes stay). */
const TRACKLIST = JSON.stringify(
  Array.from({ length: 10 }, (_, i) => ({ position: `${i < 5 ? 'A' : 'B'}${(i % 5) + 1}`, title: `Track number ${i + 1}`, duration: `${3 + (i % 5)}:${String(10 + i).padStart(2, '0')}` })),
);
const FILL_SQL = `UPDATE albums SET purchase_location = 'Rough Trade East, London', purchase_date = '2021-04-05', price_cents = 2450,
  cover_url = 'https://coverartarchive.org/release/5da1a8e3-ab2c-4d89-9f0b-2c3d4e5f6a7b/front-500.jpg', genre = 'Jazz',
  country = 'United Kingdom', pressing = '2016 Blue Note 80 reissue, 180 g, matrix BN-LA-1/2', barcode = '0602577289118',
  musicbrainz_release_id = '5da1a8e3-ab2c-4d89-9f0b-2c3d4e5f6a7b', tracklist = '${TRACKLIST}'`;
// Writes behind the server's back: the user's data version moves on so no list kept before counts.
const BUMP_SQL = 'UPDATE users SET data_version = data_version + 1';

async function fillEveryField(dataDir, databaseUrl) {
  if (!databaseUrl) {
    const db = new Database(path.join(dataDir, 'spindle.sqlite'));
    db.pragma('busy_timeout = 10000');
    db.exec(FILL_SQL);
    db.exec(BUMP_SQL);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(FILL_SQL);
  await client.query(BUMP_SQL);
  await client.end();
}

/** The plain baseline: one body from memory, with the list's content type. */
const PLAIN_SERVER = `
const body = require('node:fs').readFileSync(process.argv[1]);
require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
`;

/** GET /api/albums (no gzip, as the 10,000-album bench) in requests/s against the same bytes from a plain server. */
async function listAgainstPlain(serverUrl, cookie, body) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spindle-bench-list-'));
  const file = path.join(dir, 'albums.json');
  writeFileSync(file, body);
  const port = await freePort();
  const plain = spawn(process.execPath, ['-e', PLAIN_SERVER, file, String(port)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    await new Promise((resolve) => plain.once('message', resolve));
    const plainUrl = `http://127.0.0.1:${port}/`;
    const appOptions = { url: `${serverUrl}/api/albums`, headers: { cookie } };
    await cannon({ url: plainUrl, duration: 2 });
    await cannon({ ...appOptions, duration: 2 });
    // Alternated in short rounds, so both see the same share of a machine others are loading too.
    let plainRequests = 0;
    let appRequests = 0;
    for (let round = 0; round < LIST_ROUNDS; round++) {
      plainRequests += (await cannon({ url: plainUrl, duration: 3 })).requests.total;
      const app = await cannon({ ...appOptions, duration: 3 });
      if (app.non2xx > 0) throw new Error(`GET /api/albums answered ${app.non2xx} non-2xx responses`);
      appRequests += app.requests.total;
    }
    const seconds = LIST_ROUNDS * 3;
    return { plain: plainRequests / seconds, app: appRequests / seconds };
  } finally {
    plain.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

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

/** startServer waits 10 s for the server; on a machine loaded by others its start can take longer. */
async function waitForHealth(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} did not start`);
}

async function measure(label, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spindle-bench-collector-'));
  const server = await startServer({ ...env, DATA_DIR: dataDir });
  await waitForHealth(server.url);
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

    await fillEveryField(dataDir, env.DATABASE_URL);
    const full = await timed(fetch(`${server.url}/api/albums`, { headers: { cookie } }));
    const fullCount = JSON.parse(full.body).length;
    const again = await timed(fetch(`${server.url}/api/albums`, { headers: { cookie } }));
    const zipped = await fetch(`${server.url}/api/albums`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    const zippedBytes = Number(zipped.headers.get('content-length')) || (await zipped.arrayBuffer()).byteLength;
    const rates = await listAgainstPlain(server.url, cookie, full.body);
    const ratio = rates.app / rates.plain;

    console.log(
      `${label}: ${(csv.length / 1024 / 1024).toFixed(1)} MB imported in ${run.ms.toFixed(0)} ms (${last.result.added} added); ` +
        `list of ${albums.length} albums, ${(list.body.length / 1024 / 1024).toFixed(1)} MB, in ${list.ms.toFixed(0)} ms; ` +
        `bulk update of ${BULK} in ${bulk.ms.toFixed(0)} ms (${boxed} now Box Set)`,
    );
    console.log(
      `${label}: every field filled, GET /api/albums of ${fullCount} albums: ${(Buffer.byteLength(full.body) / 1024 / 1024).toFixed(2)} MB ` +
        `(${(zippedBytes / 1024 / 1024).toFixed(2)} MB gzip), first read ${full.ms.toFixed(0)} ms, kept list ${again.ms.toFixed(0)} ms; ` +
        `${rates.app.toFixed(1)} req/s against ${rates.plain.toFixed(1)} req/s for the same bytes from a plain server`,
    );
    const listed = report(
      `${label} album list of ${ROWS.toLocaleString('en-US')}, every field filled ÷ plain server`,
      ratio.toFixed(2),
      `≥ ${LIST_TARGET_RATIO.toFixed(2)}`,
      fullCount === ROWS && ratio >= LIST_TARGET_RATIO,
    );
    const imported = report(
      `${label} import of ${ROWS.toLocaleString('en-US')} Discogs rows with notes`,
      `${run.ms.toFixed(0)} ms`,
      `≤ ${IMPORT_TARGET_MS} ms, every row added`,
      last.result.added === ROWS && albums.length === ROWS && run.ms <= IMPORT_TARGET_MS,
    );
    const bulked = report(`${label} bulk update of ${BULK.toLocaleString('en-US')} albums`, `${bulk.ms.toFixed(0)} ms`, `≤ ${BULK_TARGET_MS} ms, all changed`, boxed === BULK && bulk.ms <= BULK_TARGET_MS);
    return imported && bulked && listed;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
let ok = await measure('SQLite', { DATABASE_URL: '' });

if (process.env.TEST_DATABASE_URL) {
  ok = (await onScratchPostgres('collector', (url) => measure('PostgreSQL', { DATABASE_URL: url }))) && ok;
}
console.log(`load average after ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
process.exit(ok ? 0 : 1);
