// `npm run load`: 200 simulated users for 60 s against the built app, on SQLite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there too.
// Each user signs up, makes a collection of 10 albums and shares it, then loops: browse (the drawn
// home, /api/user, /api/collections, /api/albums), filter (the home drawn for one collection), add,
// edit, export (CSV) and views of another user's shared page, with 0–1 s of thinking between actions.
// Prints p50/p99/max per route (a Markdown table for docs/operations.md); fails on any error or any
// answer but the expected one, or when a read's p99 is over 200 ms.
//   node bench/load.mjs [--users 200] [--seconds 60] [--engine sqlite|postgres|both]
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from './support.mjs';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    engine: { type: 'string', default: 'both' },
  },
});
const USERS = Number(args.users);
const SECONDS = Number(args.seconds);
const READ_P99_TARGET_MS = 200;
// Users are set up this many at a time: each registration hashes with the production scrypt cost
// (128 MiB, on libuv's 4 threads), so more at once only queue and, on a busy machine, time out.
const SETUP_BATCH = 8;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const agent = new Agent({ keepAlive: true, maxSockets: USERS * 2 });

/** One HTTP request; resolves with status, body and milliseconds taken (never rejects: errors count). */
function call(base, method, path, { cookie, body, ip } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(cookie ? { cookie } : {}),
          // Each simulated user comes from an address of its own (the server trusts the proxy header
          // here, as behind a reverse proxy), so per-address limits see 200 people, not one.
          ...(ip ? { 'x-forwarded-for': ip } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
        );
        res.on('error', (error) => resolve({ status: 0, error, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, error, ms: performance.now() - started }));
    req.end(payload);
  });
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function setUpUser(base, i) {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const username = `load-${i}-${Date.now()}@example.com`;
  const reg = await call(base, 'POST', '/api/register', {
    ip,
    body: { username, password: 'load-password-1', firstName: 'Load', lastName: `User ${i}` },
  });
  const cookie = reg.headers?.['set-cookie']?.[0]?.split(';')[0];
  if (reg.status !== 201 || !cookie) throw new Error(`register ${i}: ${reg.status} ${reg.error?.message ?? reg.body}`);
  const made = await call(base, 'POST', '/api/collections', { cookie, ip, body: { name: 'Shelf' } });
  if (made.status !== 201) throw new Error(`collection ${i}: ${made.status} ${made.body}`);
  const collectionId = JSON.parse(made.body).id;
  const albumIds = [];
  for (let a = 0; a < 10; a++) {
    const res = await call(base, 'POST', '/api/albums', {
      cookie,
      ip,
      body: { collection: 'Shelf', title: `Album ${a}`, artist: `Artist ${a % 4}`, price: 10 + a, genre: 'Jazz' },
    });
    if (res.status !== 201) throw new Error(`album ${i}/${a}: ${res.status} ${res.body}`);
    albumIds.push(JSON.parse(res.body).id);
  }
  const share = await call(base, 'POST', `/api/collections/${collectionId}/share`, { cookie, ip });
  if (share.status !== 200) throw new Error(`share ${i}: ${share.status} ${share.body}`);
  return { cookie, ip, albumIds, shareToken: JSON.parse(share.body).shareToken, added: 0 };
}

/** The actions a user takes, with their weights; each names the route it is counted under. */
function actions(base, user, users) {
  const { ip } = user;
  const get = (route, path, cookie = user.cookie, expect = 200) => async () => ({ route, expect, ...(await call(base, 'GET', path, { cookie, ip })) });
  return [
    [3, get('GET / (drawn home)', '/')],
    [2, get('GET /api/user', '/api/user')],
    [2, get('GET /api/collections', '/api/collections')],
    [3, get('GET /api/albums', '/api/albums')],
    [2, get('GET /collection?collection= (filter)', '/collection?collection=Shelf')],
    [
      1,
      async () => {
        // A free-tier collection holds 50 albums; stay under it.
        if (user.added >= 35) return { skip: true };
        user.added++;
        const res = await call(base, 'POST', '/api/albums', {
          cookie: user.cookie,
          ip,
          body: { collection: 'Shelf', title: `Added ${user.added}`, artist: 'Load Band', price: 12.5 },
        });
        if (res.status === 201) user.albumIds.push(JSON.parse(res.body).id);
        return { route: 'POST /api/albums', expect: 201, ...res };
      },
    ],
    [
      1,
      async () => {
        const id = pick(user.albumIds);
        const res = await call(base, 'PUT', `/api/albums/${id}`, {
          cookie: user.cookie,
          ip,
          body: { collection: 'Shelf', title: `Edited ${Math.random().toString(36).slice(2, 8)}`, artist: 'Load Band', price: 9.99 },
        });
        return { route: 'PUT /api/albums/:id', expect: 200, ...res };
      },
    ],
    [1, get('GET /api/export/albums (CSV)', '/api/export/albums')],
    [
      2,
      async () => {
        const owner = pick(users);
        const res = await call(base, 'GET', `/api/shared/${owner.shareToken}/albums`, { ip });
        return { route: 'GET /api/shared/:token/albums', expect: 200, ...res };
      },
    ],
    [1, get('GET /api/shared/:token', `/api/shared/${pick(users).shareToken}`, undefined)],
  ];
}

async function runOn(label, env) {
  const server = await startServer({ LOG_LEVEL: 'info', TRUST_PROXY: 'true', ...env });
  try {
    console.log(`\n## ${label}: setting up ${USERS} users…`);
    const users = [];
    for (let i = 0; i < USERS; i += SETUP_BATCH) {
      users.push(...(await Promise.all(Array.from({ length: Math.min(SETUP_BATCH, USERS - i) }, (_, k) => setUpUser(server.url, i + k)))));
    }
    const stats = new Map();
    const failures = [];
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const loadBefore = loadavg()[0];
    await Promise.all(
      users.map(async (user) => {
        const table = actions(server.url, user, users);
        const total = table.reduce((n, [w]) => n + w, 0);
        await new Promise((r) => setTimeout(r, Math.random() * 1000));
        while (performance.now() < deadline) {
          let roll = Math.random() * total;
          const [, act] = table.find(([w]) => (roll -= w) < 0);
          const result = await act();
          if (!result.skip) {
            let s = stats.get(result.route);
            if (!s) stats.set(result.route, (s = { times: [], errors: 0, shed: 0 }));
            s.times.push(result.ms);
            if (result.status !== result.expect) {
              if (result.status === 503) s.shed++;
              else s.errors++;
              if (failures.length < 10) failures.push(`${result.route}: ${result.status} ${result.error?.message ?? result.body?.slice(0, 120)}`);
            }
          }
          await new Promise((r) => setTimeout(r, Math.random() * 1000));
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const rows = [];
    let requests = 0;
    let bad = 0;
    let slowReads = [];
    for (const [route, s] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = s.times.sort((a, b) => a - b);
      requests += sorted.length;
      bad += s.errors + s.shed;
      const p99 = percentile(sorted, 99);
      if (route.startsWith('GET') && !route.includes('export') && p99 > READ_P99_TARGET_MS) slowReads.push(route);
      rows.push(
        `| ${route} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${p99.toFixed(1)} | ${sorted[sorted.length - 1].toFixed(1)} | ${s.errors} | ${s.shed} |`,
      );
    }
    console.log(`${label}: ${USERS} users, ${elapsed.toFixed(0)} s, ${requests} requests (${(requests / elapsed).toFixed(0)} req/s), load average ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`);
    console.log('| route | requests | p50 ms | p99 ms | max ms | errors | 503 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
    for (const f of failures) console.log(`  failure: ${f}`);
    const ok = bad === 0 && slowReads.length === 0;
    console.log(`${ok ? 'PASS' : 'MISS'}  ${label}: ${bad} errors or sheds (target 0); reads over p99 ${READ_P99_TARGET_MS} ms: ${slowReads.join(', ') || 'none'}`);
    return ok;
  } finally {
    await server.stop();
  }
}

let ok = true;
if (args.engine !== 'postgres') ok = (await runOn('SQLite', {})) && ok;
if (args.engine !== 'sqlite') {
  if (!pgUrl) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  } else {
    const name = `spindle_load_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      ok = (await runOn('PostgreSQL', { DATABASE_URL: url.toString() })) && ok;
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
agent.destroy();
process.exit(ok ? 0 : 1);
