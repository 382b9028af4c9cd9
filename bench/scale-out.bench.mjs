// Scale-out: signed-in reads (GET /api/user, GET /api/albums with 100 albums) from one
// instance, then from two instances on the same PostgreSQL database with the same connections split
// between them. Target: no errors. The ratio is printed, not judged: on a 2-core machine the load
// generator, PostgreSQL and the instances share the cores, so a second instance cannot add throughput
// here (measured 0.78× for /api/user, 0.95× for /api/albums); it shows what an instance costs, and
// scaling needs cores (docs/operations.md).
// Needs TEST_DATABASE_URL (any database on the server; a temporary one is created beside it).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { cannon, report, signUpAndLogin, startServer } from './support.mjs';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  console.log('SKIP  scale-out: set TEST_DATABASE_URL to a PostgreSQL server');
  process.exit(0);
}
const name = `spindle_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const env = { DATABASE_URL: url.toString() };
const servers = [];
try {
  servers.push(await startServer(env));
  const cookie = await signUpAndLogin(servers[0].url);
  const post = (path, body) =>
    fetch(`${servers[0].url}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/collections', { name: 'Bench' });
  for (let i = 0; i < 100; i++) await post('/api/albums', { collection: 'Bench', title: `Bench ${i}`, artist: 'Scale' });

  const CONNECTIONS = 20;
  const DURATION = 6;
  const measure = async (path, targets) => {
    const results = await Promise.all(
      targets.map((server) => cannon({ url: `${server.url}${path}`, headers: { cookie }, connections: CONNECTIONS / targets.length, duration: DURATION })),
    );
    const errors = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
    return { rate: results.reduce((n, r) => n + r.requests.average, 0), errors, p99: Math.max(...results.map((r) => r.latency.p99)) };
  };
  let ok = true;
  for (const path of ['/api/user', '/api/albums']) {
    await measure(path, [servers[0]]); // warm-up
    const one = await measure(path, [servers[0]]);
    if (servers.length === 1) servers.push(await startServer(env));
    await measure(path, servers); // warm-up of the second
    const two = await measure(path, servers);
    console.log(`GET ${path}: one instance ${one.rate.toFixed(0)} req/s (p99 ${one.p99} ms), two instances ${two.rate.toFixed(0)} req/s (p99 ${two.p99} ms), ${CONNECTIONS} connections`);
    ok = report(`GET ${path} errors`, one.errors + two.errors, '0', one.errors + two.errors === 0) && ok;
    console.log(`INFO  GET ${path} two instances ÷ one: ${(two.rate / one.rate).toFixed(2)}`);
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const server of servers) await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
