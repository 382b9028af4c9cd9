// GET /api/admin/users with 1,000 users of 100 albums each (two collections each):
// - repeat GET /api/admin/users: requests/s, target ≥ 0.3× a plain node:http server sending the same
//   bytes from memory (its own process, like the app), in the same run (medians of alternated rounds);
// - the first GET after a write (the answer built afresh by its one query): time to the last byte, shown
//   for information, with the same on a request that changes nothing in between for comparison.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cannon, freePort, report, startServer } from './support.mjs';

const USERS = 1_000;
const ALBUMS_PER_USER = 100;
const ADMIN_EMAIL = 'bench-admin@spindle.test';
const ADMIN_PASSWORD = 'bench-admin-password';
const ROUNDS = 3;
const WRITE_RUNS = 15;

const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-bench-admin-users-'));

const PLAIN_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
`;

/** 1,000 users with 2 collections and 100 albums each, written straight into a fresh SQLite database. */
async function seed() {
  const { openDatabase, migrateToLatest } = await import('../dist/node/server/db/database.js');
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  const trialEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await handle.db.transaction().execute(async (trx) => {
    for (let u = 0; u < USERS; u++) {
      const user = await trx
        .insertInto('users')
        .values({
          username: `collector${u}@example.com`,
          email: `collector${u}@example.com`,
          password_hash: 'x',
          first_name: `First${u}`,
          last_name: `Last${u}`,
          created_at: now,
          subscription_status: ['trialing', 'active', 'canceled', 'inactive', 'past_due'][u % 5],
          trial_end_date: trialEnd,
          plan_type: u % 5 === 1 ? 'premium' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const collections = await trx
        .insertInto('collections')
        .values(['Shelf', 'Wish List'].map((name) => ({ user_id: user.id, name, name_key: name.toLowerCase(), created_at: now })))
        .returning('id')
        .execute();
      const albums = [];
      for (let a = 0; a < ALBUMS_PER_USER; a++) {
        const title = `Album ${a}`;
        albums.push({
          user_id: user.id,
          collection_id: collections[a % 2].id,
          title,
          artist: `Artist ${a % 17}`,
          title_key: title.toLowerCase(),
          artist_key: `artist ${a % 17}`,
          created_at: now,
          updated_at: now,
        });
      }
      await trx.insertInto('albums').values(albums).execute();
    }
  });
  await handle.close();
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function timed(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: Number(process.hrtime.bigint() - started) / 1e6 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const seedStarted = Date.now();
await seed();
console.log(`seeded ${USERS} users × ${ALBUMS_PER_USER} albums in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL, ADMIN_PASSWORD });
let plain;
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`admin login failed: ${login.status}`);
  const url = `${server.url}/api/admin/users`;

  const first = await timed(url, { headers: { cookie } });
  const users = JSON.parse(first.body.toString());
  const albums = users.reduce((sum, user) => sum + user.albumsCount, 0);
  if (first.status !== 200 || users.length !== USERS + 1 || albums !== USERS * ALBUMS_PER_USER) {
    throw new Error(`GET /api/admin/users answered ${first.status} with ${users.length} users and ${albums} albums`);
  }
  console.log(
    `GET /api/admin/users body: ${(first.body.length / 1024).toFixed(1)} KB (${users.length} users); first call ${first.ms.toFixed(1)} ms`,
  );

  const file = path.join(dataDir, 'admin-users.json');
  writeFileSync(file, first.body);
  const plainPort = await freePort();
  plain = spawn(process.execPath, ['-e', PLAIN_SERVER, file, String(plainPort)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => plain.once('message', resolve));
  const plainUrl = `http://127.0.0.1:${plainPort}/`;

  // Warm both, then alternate rounds so both see the same background load; medians are compared.
  await cannon({ url: plainUrl, duration: 2 });
  await cannon({ url, headers: { cookie }, duration: 3 });
  const baseRates = [];
  const appRates = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseRates.push((await cannon({ url: plainUrl, duration: 4 })).requests.average);
    const app = await cannon({ url, headers: { cookie }, duration: 4 });
    if (app.non2xx > 0) throw new Error(`GET /api/admin/users answered ${app.non2xx} non-2xx responses`);
    appRates.push(app.requests.average);
  }
  const ratio = median(appRates) / median(baseRates);
  console.log(`plain server, same bytes:   ${median(baseRates).toFixed(0)} req/s (median of ${ROUNDS})`);
  console.log(`repeat GET /api/admin/users: ${median(appRates).toFixed(0)} req/s (median of ${ROUNDS})`);
  const repeatOk = report('repeat GET /api/admin/users ÷ plain server', ratio.toFixed(2), '≥ 0.30', ratio >= 0.3);

  // After a write the answer is built afresh: one query for the users and both counts.
  const someone = users.find((user) => !user.isAdmin);
  const builtMs = [];
  const keptMs = [];
  for (let i = 0; i < 3 + WRITE_RUNS; i++) {
    const write = await timed(`${server.url}/api/admin/users/${someone.id}/update-info`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: `Renamed ${i}` }),
    });
    if (write.status !== 200) throw new Error(`update-info answered ${write.status}: ${write.body}`);
    const built = await timed(url, { headers: { cookie } });
    const kept = await timed(url, { headers: { cookie } });
    if (built.status !== 200 || !built.body.includes(`Renamed ${i}`)) throw new Error('the list after a write did not show it');
    if (i >= 3) {
      builtMs.push(built.ms);
      keptMs.push(kept.ms);
    }
  }
  console.log(`GET /api/admin/users after a write (built afresh): ${median(builtMs).toFixed(1)} ms (median of ${WRITE_RUNS})`);
  console.log(`GET /api/admin/users repeated (kept answer):       ${median(keptMs).toFixed(1)} ms (median of ${WRITE_RUNS})`);

  process.exitCode = repeatOk ? 0 : 1;
} finally {
  agent.destroy();
  plain?.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
