#!/usr/bin/env node
// npm run security:sqlmap — sqlmap against every query, body and path parameter of the API.
//
// Starts the built server (dist/node) on a throwaway database (a temp SQLite file, or a new PostgreSQL
// database when SQLMAP_DATABASE_URL is set to a server URL such as postgres://postgres@127.0.0.1:5432/test),
// signs in a user with data (and the administrator), builds the targets from the server's own route
// table and zod schemas, and runs Debian's sqlmap (installed with apt-get when missing) in batch mode
// with bounded level, risk and time. Findings go to reports/sqlmap/report.md (and each target's log);
// the exit code is 1 on any finding or any target sqlmap could not test.
//
// Knobs: SQLMAP_LEVEL (1), SQLMAP_RISK (1), SQLMAP_TECHNIQUE (BEUST), SQLMAP_TIME_SEC (1),
// SQLMAP_PARALLEL (2 sqlmap processes), SQLMAP_ONLY (a substring of "METHOD /path" to run a subset).

import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { z } from 'zod';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reportDir = path.join(root, 'reports/sqlmap');
const env = process.env;
const LEVEL = env.SQLMAP_LEVEL ?? '1';
const RISK = env.SQLMAP_RISK ?? '1';
const TECHNIQUE = env.SQLMAP_TECHNIQUE ?? 'BEUST';
const TIME_SEC = env.SQLMAP_TIME_SEC ?? '1';
const PARALLEL = Number(env.SQLMAP_PARALLEL ?? 2);
const ONLY = env.SQLMAP_ONLY;

function ensureSqlmap() {
  try {
    return execFileSync('sqlmap', ['--version'], { encoding: 'utf8' }).trim().split('\n')[0];
  } catch {
    console.log('sqlmap is missing: apt-get install -y sqlmap');
    execFileSync('apt-get', ['install', '-y', '-qq', 'sqlmap'], { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
    return execFileSync('sqlmap', ['--version'], { encoding: 'utf8' }).trim().split('\n')[0];
  }
}

/** A stand-in for MusicBrainz, the Cover Art Archive and the geocoder: empty answers, at once. */
async function startEmptyUpstream() {
  const server = http.createServer((req, res) => {
    const body = req.url?.startsWith('/ws/2/') ? { releases: [] } : req.url?.startsWith('/release/') ? { images: [] } : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function throwawayDatabase() {
  const base = env.SQLMAP_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `spindle_sqlmap_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A value the schema accepts, from its JSON Schema (input side): enough for a request the route takes. */
function sampleFromJsonSchema(schema) {
  if (!schema || typeof schema !== 'object') return 'a';
  if (schema.anyOf) return sampleFromJsonSchema(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== '' && v !== null) ?? schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sampleFromJsonSchema(value);
      return out;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    default:
      if (schema.format === 'email') return 'sqlmap@example.com';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

function sampleOf(zodSchema) {
  try {
    return sampleFromJsonSchema(z.toJSONSchema(zodSchema, { io: 'input', unrepresentable: 'any' }));
  } catch {
    return {};
  }
}

const CONTROL_ROUTE = '/api/sqlmap-control';
const CONTROL_KEY = `GET ${CONTROL_ROUTE}`;

const log = (...args) => console.log(`[sqlmap ${new Date().toISOString().slice(11, 19)}]`, ...args);

async function main() {
  const version = ensureSqlmap();
  log(version);
  const { buildApp } = await import(path.join(root, 'dist/node/server/app.js'));
  const { loadConfig } = await import(path.join(root, 'dist/node/server/config.js'));
  const upstream = await startEmptyUpstream();
  const database = await throwawayDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-sqlmap-'));
  const routes = [];
  const adminEmail = 'admin@sqlmap.test';
  const adminPassword = `admin-${randomBytes(8).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    MUSICBRAINZ_URL: upstream.url,
    COVER_ART_ARCHIVE_URL: upstream.url,
    GEOCODER_URL: upstream.url,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const app = await buildApp({
    config,
    logger: false,
    // A throwaway account: a cheap hash keeps sqlmap's thousands of logins quick.
    passwordCost: { N: 1024, r: 8, p: 1 },
    webRoot: path.join(dataDir, 'no-web'),
    testGeocoderIntervalMs: 0,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: route.url, schema: route.schema ?? {}, config: route.config ?? {} });
      }
    },
  });
  // The positive control: one deliberately injectable route, in this throwaway app only. sqlmap must
  // find it, or the scan proves nothing (a broken cookie, a refused Origin, sqlmap not reaching the app).
  const { sql } = await import('kysely');
  app.get(CONTROL_ROUTE, async (request) => {
    const q = String(request.query.q ?? '');
    const result = await sql.raw(`select title from albums where title = '${q}'`).execute(app.ctx.db);
    return { count: result.rows.length };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = address.replace('localhost', '127.0.0.1');
  // sqlmap sends thousands of requests from one address: the sign-in, registration, reset and album
  // creation limits (rows of login_attempts and creation_budget_entries) would answer 429 to all but
  // the first few, hiding the routes from the scan. This throwaway database forgets them continually.
  const forget = setInterval(() => {
    void app.ctx.db.deleteFrom('login_attempts').execute().catch(() => {});
    void app.ctx.db.deleteFrom('creation_budget_entries').execute().catch(() => {});
  }, 250);
  let requests = 0;
  app.server.on('request', () => requests++);

  const call = async (method, url, body, cookie, headers = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: { origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return { json: text ? JSON.parse(text) : undefined, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.includes('spindle_session')) };
  };

  // A user with data: a collection, an album, a store, share links.
  const email = `sqlmap-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'sqlmap user password';
  const registered = await call('POST', '/api/register', { username: email, password, firstName: 'Sql', lastName: 'Map' });
  const cookie = registered.cookie;
  const collection = (await call('POST', '/api/collections', { name: 'Crates' }, cookie)).json;
  const album = (await call('POST', '/api/albums', { collection: 'Crates', title: 'Blue Train', artist: 'John Coltrane', label: 'Blue Note', isLent: false }, cookie)).json;
  const store = (await call('POST', '/api/record-stores', { name: 'Groove', streetAddress: '1 Main St', city: 'Springfield', state: 'IL' }, cookie)).json;
  const share = (await call('POST', `/api/collections/${collection.id}/share`, undefined, cookie)).json;
  const storeShare = (await call('POST', '/api/record-stores/share', undefined, cookie)).json;
  const adminCookie = (await call('POST', '/api/login', { username: adminEmail, password: adminPassword })).cookie;
  // The administrator's routes act on this account (pause, delete, make admin…), never on the scan's own.
  const bystander = (await call('POST', '/api/register', { username: `bystander-${randomBytes(3).toString('hex')}@example.com`, password, firstName: 'By', lastName: 'Stander' })).json;

  // Known-good bodies and path values; other routes get a sample generated from their zod schema.
  const BODIES = {
    'POST /api/register': { username: 'new-sqlmap@example.com', password: 'long enough password', firstName: 'A', lastName: 'B' },
    'POST /api/login': { username: email, password },
    'PUT /api/user/update': { email, firstName: 'Sql', lastName: 'Map' },
    'POST /api/collections': { name: 'New crate' },
    'PUT /api/collections/:id': { name: 'Crates' },
    'POST /api/albums': { collection: 'Crates', title: 'A Love Supreme', artist: 'John Coltrane', label: 'Impulse!', country: 'US', purchaseLocation: 'Shop', isLent: false },
    'PUT /api/albums/:id': { collection: 'Crates', title: 'Blue Train', artist: 'John Coltrane', label: 'Blue Note', isLent: false },
    'POST /api/record-stores': { name: 'Groove', streetAddress: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', notes: 'n' },
    'PUT /api/record-stores/:id': { name: 'Groove', streetAddress: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', notes: 'n' },
    'POST /api/record-stores/update-coordinates': { storeId: store.id },
    'POST /api/auth/forgot-password': { email },
    'POST /api/auth/reset-password': { token: 'A'.repeat(43), password: 'long enough password' },
    'POST /api/auth/force-logout': { redirectUrl: '/auth' },
    'POST /api/subscription/checkout': { tier: 'premium' },
    'POST /api/subscription/direct-update': { sessionId: 'cs_sqlmap' },
    'POST /api/cover-art/import': { url: 'https://covers.example/a.png' },
  };
  const QUERIES = {
    'GET /api/cover-art': 'title=Blue%20Train&artist=Coltrane',
    'GET /api/export/albums': 'collection=Crates',
    'GET /api/cover-art-image': 'url=https%3A%2F%2Fcovers.example%2Fa.png',
    'GET /api/auth/verify-reset-token': `token=${'A'.repeat(43)}`,
    'GET /api/shared/:token/albums': 'artist=Coltrane&search=Blue',
    'GET /api/cover-art/:filename': 'size=thumb',
    [CONTROL_KEY]: 'q=Blue%20Train',
  };
  const PATHS = { provider: () => 'stripe', userId: () => String(bystander.id), id: (url) => String(url.startsWith('/api/admin') ? bystander.id : url.startsWith('/api/albums') ? album.id : url.startsWith('/api/record-stores') ? store.id : collection.id), token: (url) => (url.startsWith('/api/record-stores') ? storeShare.shareToken : share.shareToken), filename: () => 'a.png', name: () => 'a.png', sessionId: () => 'demo_sqlmap', secret: () => 'secret' };
  const SKIP = {
    'POST /api/subscription/webhook': 'verifies a Stripe signature over the raw body before reading it: every altered body is refused unread',
    'POST /api/cover-art/upload': 'multipart file upload (its only text field, albumId, is a number checked by zod)',
    'POST /api/logout': 'no parameters; would end the scan’s session',
    'GET /*': 'the web app: static files by path from memory, no database',
    'POST /api/admin/run-tests': 'starts the test suites as child processes; its one field names a suite from a fixed list (zod enum)',
  };

  const targets = [];
  const skipped = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (SKIP[key]) {
      skipped.push([key, SKIP[key]]);
      continue;
    }
    if (ONLY && !key.includes(ONLY) && key !== CONTROL_KEY) continue;
    const admin = route.url.startsWith('/api/admin');
    const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
    let url = route.url;
    for (const param of params) {
      const value = param === '*' ? 'x' : (PATHS[param]?.(route.url) ?? '1');
      // A custom injection point (*) in every path parameter.
      url = param === '*' ? url.replace('*', `${value}*`) : url.replace(`:${param}`, `${value}*`);
    }
    const querySchema = route.schema.querystring instanceof z.ZodType ? route.schema.querystring : undefined;
    const query = QUERIES[key] ?? (querySchema ? new URLSearchParams(Object.entries(sampleOf(querySchema)).map(([k, v]) => [k, String(v)])).toString() : '');
    const bodySchema = route.schema.body instanceof z.ZodType ? route.schema.body : undefined;
    const body = BODIES[key] ?? (bodySchema ? sampleOf(bodySchema) : undefined);
    const form = route.url.startsWith('/demo-checkout/') && route.method === 'POST' ? 'secret=secret' : undefined;
    if (params.length === 0 && !query && body === undefined && !form) {
      skipped.push([key, 'no query, body or path parameter']);
      continue;
    }
    // Routes that end the session they are called with get none (the scan's session must live on).
    const endsSession = key === 'POST /api/auth/force-logout';
    targets.push({ key, method: route.method, url: `${base}${url}${query ? `?${query}` : ''}`, body: form ?? (body === undefined ? undefined : JSON.stringify(body)), form: Boolean(form), cookie: endsSession ? undefined : admin ? adminCookie : cookie });
  }
  // Deletions last, so the seeded objects are there for everything else.
  targets.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  log(`${targets.length} targets, ${skipped.length} skipped; level ${LEVEL}, risk ${RISK}, techniques ${TECHNIQUE}, ${PARALLEL} at a time`);

  const runOne = (target, index) =>
    new Promise((resolve) => {
      const out = path.join(reportDir, 'out', String(index));
      const headerLines = [`Origin: ${base}`, ...(target.form ? ['Content-Type: application/x-www-form-urlencoded', 'Sec-Fetch-Site: same-origin'] : target.body ? ['Content-Type: application/json'] : [])];
      const args = [
        '-u', target.url,
        '--method', target.method,
        ...(target.body ? ['--data', target.body] : []),
        ...(target.cookie ? ['--cookie', target.cookie] : []),
        '--headers', headerLines.join('\n'),
        '--batch', '--level', LEVEL, '--risk', RISK, '--technique', TECHNIQUE, '--time-sec', TIME_SEC,
        '--timeout', '10', '--retries', '0', '--threads', '1',
        '--flush-session', '--disable-coloring', '--output-dir', out,
        // 4xx answers are the app refusing a value, not errors to stop at.
        '--ignore-code', '400,401,402,403,404,409,410,413,415,429',
        // Every parameter is tested, also those whose value does not change the answer (sqlmap calls
        // them static and would skip them with --skip-static).
      ];
      const started = Date.now();
      const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        writeFileSync(path.join(reportDir, `${String(index).padStart(2, '0')}-${target.key.replace(/[^A-Za-z0-9]+/g, '_')}.log`), `sqlmap ${args.map((a) => JSON.stringify(a)).join(' ')}\n\n${output}`);
        const vulnerable = /identified the following injection point|is vulnerable|appears to be injectable|might be injectable/i.test(output) && !/all tested parameters do not appear to be injectable/i.test(output);
        const tested = /all tested parameters do not appear to be injectable|does not seem to be injectable|testing for SQL injection/i.test(output);
        const status = vulnerable ? 'FINDING' : code === 0 && tested ? 'clean' : 'NOT TESTED';
        log(`${status.padEnd(10)} ${target.key} (${seconds} s)`);
        resolve({ ...target, status, seconds, tail: output.split('\n').filter((l) => /CRITICAL|ERROR|injectable|vulnerab/i.test(l)).slice(-5) });
      });
    });

  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, PARALLEL) }, async () => {
      while (next < targets.length) {
        const index = next++;
        results[index] = await runOne(targets[index], index);
      }
    }),
  );

  clearInterval(forget);
  const health = await fetch(`${base}/api/health`).then((r) => r.status).catch(() => 0);
  await app.close();
  await upstream.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });

  const control = results.find((r) => r.key === CONTROL_KEY);
  const controlFound = control?.status === 'FINDING';
  const findings = results.filter((r) => r.status === 'FINDING' && r.key !== CONTROL_KEY);
  const untested = results.filter((r) => r.status === 'NOT TESTED' && r.key !== CONTROL_KEY);
  const lines = [
    '# sqlmap report',
    '',
    `${new Date().toISOString()} — ${version}; ${database.url ? 'PostgreSQL' : 'SQLite'}; level ${LEVEL}, risk ${RISK}, techniques ${TECHNIQUE}, time-sec ${TIME_SEC}.`,
    `${results.length} targets, ${requests} requests answered by the app; /api/health after the scan: ${health}.`,
    '',
    `**${findings.length} findings, ${untested.length} targets not tested.** The planted control (\`${CONTROL_KEY}\`, injectable on purpose, in the scan's app only) was ${controlFound ? 'found, so the scan reaches the app as a signed-in user' : 'NOT found: the scan proves nothing'}.`,
    '',
    '| target | result | seconds |',
    '|---|---|---|',
    ...results.map((r) => `| \`${r.key}\` | ${r.key === CONTROL_KEY ? `${r.status} (the planted control)` : r.status} | ${r.seconds} |`),
    '',
    '## Not sent to sqlmap',
    '',
    ...skipped.map(([key, reason]) => `- \`${key}\`: ${reason}`),
    '',
    ...(findings.length || untested.length ? ['## Details', '', ...[...findings, ...untested].flatMap((r) => [`### ${r.key}`, '', '```', ...r.tail, '```', ''])] : []),
  ];
  writeFileSync(path.join(reportDir, 'report.md'), lines.join('\n'));
  log(`report: ${path.relative(root, path.join(reportDir, 'report.md'))} — ${findings.length} findings, ${untested.length} not tested, ${requests} requests; control ${controlFound ? 'found' : 'NOT FOUND'}`);
  if (health !== 200) log('the app was not healthy after the scan');
  process.exitCode = findings.length || untested.length || health !== 200 || !controlFound ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
