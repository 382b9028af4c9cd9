// A database of 1,000 users × 1,000 albums. One user's album list and collection home must
// be as fast (≥ 0.9×) as for the only user of an empty database, on SQLite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL.
// Three workloads per database, 10 connections: GET /api/albums and GET / (the drawn home) as a
// returning user sees them, and "after a write": PUT one album, then GET /api/albums and GET /, so the
// list and the drawing are read from the database each time (no kept answer helps).
// The seeded SQLite file is kept between runs under the temp dir, keyed by the schema (the migration
// files) and the size; PostgreSQL databases are made and dropped each run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cannon, report, startServer } from './support.mjs';

const USERS = Number(process.env.MANY_USERS ?? 1000);
const ALBUMS = Number(process.env.MANY_ALBUMS ?? 1000);
const ROUNDS = 3;
const TARGET = 0.9;
const EMAIL = 'many@spindle.test';
const PASSWORD = 'many-users-password-1';
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const migrations = path.resolve('dist/node/server/db/migrations');
const schemaKey = createHash('sha256')
  .update(readdirSync(migrations).filter((f) => f.endsWith('.js')).sort().join('\n'))
  .digest('hex')
  .slice(0, 12);

function seed(env, users) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['dist/node/server/seed.js', '--users', String(users), '--albums', String(ALBUMS), '--email', EMAIL, '--password', PASSWORD], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}`);
  return (Date.now() - started) / 1000;
}

/** The seeded many-users SQLite data dir, from the cache when the schema and size match. */
function manySqliteDir() {
  const cacheRoot = path.join(tmpdir(), 'spindle-bench-cache');
  const cached = path.join(cacheRoot, `many-users-${schemaKey}-${USERS}x${ALBUMS}`);
  if (!existsSync(cached)) {
    mkdirSync(cacheRoot, { recursive: true });
    const building = mkdtempSync(path.join(cacheRoot, 'building-'));
    const seconds = seed({ DATA_DIR: building }, USERS);
    console.log(`seeded ${USERS} users × ${ALBUMS} albums (SQLite) in ${seconds.toFixed(1)} s; kept in ${cached}`);
    renameSync(building, cached);
  } else {
    console.log(`using the seeded ${USERS} × ${ALBUMS} database kept in ${cached}`);
  }
  // Each run works on a copy: the bench writes (PUT), and the cache stays as seeded.
  const copy = mkdtempSync(path.join(tmpdir(), 'spindle-bench-many-'));
  cpSync(cached, copy, { recursive: true });
  return copy;
}

async function signIn(url, username) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`login of ${username} failed: ${res.status}`);
  const albums = await (await fetch(`${url}/api/albums`, { headers: { cookie } })).json();
  if (albums.length !== ALBUMS) throw new Error(`${username} has ${albums.length} albums, not ${ALBUMS}`);
  return { url, cookie, album: albums[Math.floor(albums.length / 2)] };
}

function workloads({ url, cookie, album }) {
  const headers = { cookie };
  const { id, collection, title, artist } = album;
  return {
    'GET /api/albums': { url: `${url}/api/albums`, headers },
    'GET / (drawn home)': { url: `${url}/`, headers },
    'after a write (PUT, GET /api/albums, GET /)': {
      url,
      headers,
      requests: [
        { method: 'PUT', path: `/api/albums/${id}`, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ collection, title, artist }) },
        { method: 'GET', path: '/api/albums', headers },
        { method: 'GET', path: '/', headers },
      ],
    },
  };
}

/** Alternating rounds on the two users; true when every workload met the target. */
async function compare(label, alone, many) {
  const a = workloads(alone);
  const m = workloads(many);
  const rates = Object.fromEntries(Object.keys(a).map((name) => [name, { alone: [], many: [] }]));
  for (const name of Object.keys(a)) {
    await cannon({ ...a[name], connections: 10, duration: 1 });
    await cannon({ ...m[name], connections: 10, duration: 1 });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(a)) {
      for (const [which, target] of [['alone', a[name]], ['many', m[name]]]) {
        const result = await cannon({ ...target, connections: 10, duration: 3 });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label} ${name} (${which}): ${result.non2xx} non-2xx, ${result.errors} errors`);
        rates[name][which].push(result.requests.average);
      }
    }
  }
  let ok = true;
  console.log(`${label} (load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}):`);
  for (const [name, r] of Object.entries(rates)) {
    const ratio = median(r.many) / median(r.alone);
    console.log(`  ${name}: only user ${median(r.alone).toFixed(0)} req/s, one of ${USERS} users ${median(r.many).toFixed(0)} req/s`);
    ok = report(`${label} ${name}: one of ${USERS} ÷ only user`, ratio.toFixed(2), `≥ ${TARGET}`, ratio >= TARGET) && ok;
  }
  return ok;
}

async function onSqlite() {
  const aloneDir = mkdtempSync(path.join(tmpdir(), 'spindle-bench-alone-'));
  seed({ DATA_DIR: aloneDir }, 1);
  const manyDir = manySqliteDir();
  const alone = await startServer({ DATA_DIR: aloneDir });
  const many = await startServer({ DATA_DIR: manyDir });
  try {
    return await compare('SQLite', await signIn(alone.url, EMAIL), await signIn(many.url, `many+${Math.floor(USERS / 2)}@spindle.test`));
  } finally {
    await alone.stop();
    await many.stop();
    rmSync(aloneDir, { recursive: true, force: true });
    rmSync(manyDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const stamp = Date.now();
  const names = { alone: `spindle_bench_alone_${stamp}`, many: `spindle_bench_many_${stamp}` };
  const urlOf = (name) => {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dirs = [];
  const servers = [];
  try {
    for (const name of Object.values(names)) await admin.query(`CREATE DATABASE ${name}`);
    seed({ DATABASE_URL: urlOf(names.alone) }, 1);
    const seconds = seed({ DATABASE_URL: urlOf(names.many) }, USERS);
    console.log(`seeded ${USERS} users × ${ALBUMS} albums (PostgreSQL) in ${seconds.toFixed(1)} s`);
    const analyse = new pg.Client({ connectionString: urlOf(names.many) });
    await analyse.connect();
    await analyse.query('ANALYZE');
    await analyse.end();
    for (const name of Object.values(names)) {
      const dir = mkdtempSync(path.join(tmpdir(), 'spindle-bench-pg-'));
      dirs.push(dir);
      servers.push(await startServer({ DATA_DIR: dir, DATABASE_URL: urlOf(name) }));
    }
    return await compare('PostgreSQL', await signIn(servers[0].url, EMAIL), await signIn(servers[1].url, `many+${Math.floor(USERS / 2)}@spindle.test`));
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

let ok = await onSqlite();
if (pgUrl) ok = (await onPostgres()) && ok;
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
process.exitCode = ok ? 0 : 1;
