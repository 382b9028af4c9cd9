// The record check on the server (docs/product/record-check.md#api) against the built server with
// `npm start` defaults: a collector with 20,000 albums, every detail filled (format, catalogue number,
// barcode, pressing, notes, rating, location, tracklist, release ids), and 500 wishes. GET /api/check by
// a barcode on file, a barcode nobody has, and two or three typed words; the median of each must be
// under 50 ms. With TEST_DATABASE_URL set, the same on a fresh PostgreSQL database.
import os from 'node:os';
import pg from 'pg';
import { ALBUMS, ean13, seedCollector } from './record-check-seed.mjs';
import { report, signUpAndLogin, startServer } from './support.mjs';

const RUNS = 40;
const TARGET_MS = 50;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

async function measure(label, env) {
  const server = await startServer(env);
  const { openDatabase } = await import('../dist/node/server/db/database.js');
  const handle = openDatabase({ dataDir: server.dataDir, databaseUrl: env.DATABASE_URL || undefined });
  try {
    const username = `bench-check-${Date.now()}@spindle.test`;
    const cookie = await signUpAndLogin(server.url, username);
    const user = await handle.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    await seedCollector(handle.db, Number(user.id));

    const cases = [
      ['an owned barcode', { barcode: ean13(12_345) }, (body) => body.albums.length === 1 && body.albums[0].location !== null],
      ['a wished barcode', { barcode: ean13(ALBUMS + 7) }, (body) => body.albums.length === 0 && body.wishes.length === 1],
      ['a barcode nobody has', { barcode: ean13(900_000) }, (body) => body.albums.length === 0 && body.wishes.length === 0],
      // Words match anywhere: "number 12345" also finds the album catalogued BLP 12345 (every title holds
      // "Number"), and "blp 19999" the album titled Number 19999 (every catalogue number holds "BLP").
      ['two typed words', { q: 'number 12345' }, (body) => body.albums.some((album) => album.title === 'Album Title Number 12345')],
      ['a catalogue number', { q: 'blp 19999' }, (body) => body.albums.some((album) => album.catalogNumber === 'BLP 19999')],
    ];
    let ok = true;
    for (const [name, query, right] of cases) {
      const url = `${server.url}/api/check?${new URLSearchParams(query)}`;
      const times = [];
      let answered = true;
      for (let run = 0; run < RUNS + 3; run++) {
        const started = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const body = await res.json();
        const ms = performance.now() - started;
        if (run >= 3) times.push(ms);
        answered &&= res.status === 200 && right(body);
      }
      ok =
        report(
          `${label} check by ${name} at ${ALBUMS.toLocaleString('en-US')} albums`,
          `median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms`,
          `median < ${TARGET_MS} ms, the right answer`,
          answered && median(times) < TARGET_MS,
        ) && ok;
    }
    return ok;
  } finally {
    await handle.close();
    await server.stop();
  }
}

console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
let ok = await measure('SQLite', { DATABASE_URL: '' });

if (process.env.TEST_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `spindle_bench_check_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    ok = (await measure('PostgreSQL', { DATABASE_URL: url.toString() })) && ok;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
console.log(`load average after ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
process.exit(ok ? 0 : 1);
