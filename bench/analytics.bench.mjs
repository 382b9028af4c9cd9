// At 10,000 albums (seeded: six collections, genres and prices missing on some, ~6% lent):
// - repeat GET /api/analytics (answer kept until the user's next write): requests/s, target ≥ 0.5× a
//   plain node:http server sending the same bytes from memory (its own process, like the app), in the same run;
// - the first GET /api/analytics after a write: time to the last byte, target no slower than the first
//   GET /api/albums after a write (medians, the two alternated so both see the same machine load);
// - Lighthouse (mobile preset) on /analytics signed in: accessibility and best practices 100.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { cannon, cookieHeader, freePort, report, setCookies, startServer } from './support.mjs';

const ALBUMS = 10_000;
const EMAIL = 'bench-analytics@spindle.test';
const PASSWORD = 'bench-password-1';
const WRITE_RUNS = 15;
const ROUNDS = 3;

const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-bench-analytics-'));
// SQLite in the temp dir, whatever the caller's environment says.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };

const PLAIN_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request on a kept-alive connection; resolves with status, body and milliseconds to the last byte. */
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

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LIGHTHOUSE_CATEGORIES = ['accessibility', 'best-practices'];

/**
 * Lighthouse's mobile preset on a signed-in page; what fell short of 100 is printed. The sign-in's
 * cookies go into the browser's own cookie jar, as a signed-in browser holds them: a header added to the
 * page's requests (Lighthouse's extraHeaders) does not reach the service worker's, so from the second
 * visit on the app's session read went out without the session and the page moved to /login.
 */
async function lighthouseScores(url, cookies) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await cdp.contexts()[0].addCookies(cookies.map(({ name, value }) => ({ name, value, url })));
    await cdp.close();
    const run = () =>
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: LIGHTHOUSE_CATEGORIES,
        // Lighthouse's storage reset would take the sign-in's cookies with it.
        disableStorageReset: true,
      });
    // The first run on a fresh machine can fail with NO_NAVSTART, so one warm-up run is discarded.
    await run().catch(() => undefined);
    let result = await run();
    if (result?.lhr.runtimeError) result = await run();
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const seeded = spawnSync(
  process.execPath,
  ['dist/node/server/seed.js', '--albums', String(ALBUMS), '--email', EMAIL, '--password', PASSWORD],
  { env, encoding: 'utf8' },
);
if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
console.log(seeded.stdout.trim().split('\n')[0]);

const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
let plain;
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
  });
  const cookies = setCookies(login);
  const cookie = cookieHeader(cookies);
  if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status}`);

  const first = await timed(`${server.url}/api/analytics`, { headers: { cookie } });
  const figures = JSON.parse(first.body.toString());
  if (first.status !== 200 || figures.totalAlbums !== ALBUMS)
    throw new Error(`GET /api/analytics answered ${first.status} with ${figures.totalAlbums} albums`);
  console.log(
    `GET /api/analytics body: ${(first.body.length / 1024).toFixed(1)} KB (${figures.albumsByCollection.length} collections, ` +
      `${Object.keys(figures.albumsByGenre).length} genres, ${figures.lentAlbums.length} lent albums); first call ${first.ms.toFixed(1)} ms`,
  );

  const file = path.join(dataDir, 'analytics.json');
  writeFileSync(file, first.body);
  const plainPort = await freePort();
  plain = spawn(process.execPath, ['-e', PLAIN_SERVER, file, String(plainPort)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => plain.once('message', resolve));
  const plainUrl = `http://127.0.0.1:${plainPort}/`;

  // Warm both, then alternate rounds so both see the same background load; medians are compared.
  await cannon({ url: plainUrl, duration: 2 });
  await cannon({ url: `${server.url}/api/analytics`, headers: { cookie }, duration: 3 });
  const baseRates = [];
  const appRates = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseRates.push((await cannon({ url: plainUrl, duration: 4 })).requests.average);
    const app = await cannon({ url: `${server.url}/api/analytics`, headers: { cookie }, duration: 4 });
    if (app.non2xx > 0) throw new Error(`GET /api/analytics answered ${app.non2xx} non-2xx responses`);
    appRates.push(app.requests.average);
  }
  const ratio = median(appRates) / median(baseRates);
  console.log(`plain server, same bytes:      ${median(baseRates).toFixed(0)} req/s (median of ${ROUNDS})`);
  console.log(`repeat GET /api/analytics:     ${median(appRates).toFixed(0)} req/s (median of ${ROUNDS})`);
  const repeatOk = report('repeat GET /api/analytics ÷ plain server', ratio.toFixed(2), '≥ 0.50', ratio >= 0.5);

  // A write moves the user's data version: the next read of either answer is built afresh.
  const albumId = JSON.parse((await timed(`${server.url}/api/albums`, { headers: { cookie } })).body.toString())[0].id;
  const album = JSON.parse((await timed(`${server.url}/api/albums/${albumId}`, { headers: { cookie } })).body.toString());
  let price = 1;
  async function write() {
    const { id: _id, ...fields } = album;
    const res = await timed(`${server.url}/api/albums/${albumId}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, price: (price++ % 90) + 0.99 }),
    });
    if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${res.body}`);
  }
  const analyticsTimes = [];
  const albumsTimes = [];
  for (let i = 0; i < 3 + WRITE_RUNS; i++) {
    await write();
    const a = await timed(`${server.url}/api/analytics`, { headers: { cookie } });
    await write();
    const b = await timed(`${server.url}/api/albums`, { headers: { cookie } });
    if (a.status !== 200 || b.status !== 200) throw new Error(`reads after a write answered ${a.status} and ${b.status}`);
    // The first three warm both up.
    if (i >= 3) {
      analyticsTimes.push(a.ms);
      albumsTimes.push(b.ms);
    }
  }
  const analyticsMs = median(analyticsTimes);
  const albumsMs = median(albumsTimes);
  console.log(`GET /api/albums after a write:    ${albumsMs.toFixed(1)} ms (median of ${WRITE_RUNS})`);
  console.log(`GET /api/analytics after a write: ${analyticsMs.toFixed(1)} ms (median of ${WRITE_RUNS})`);
  const afterWriteOk = report(
    'GET /api/analytics after a write ÷ GET /api/albums after a write',
    (analyticsMs / albumsMs).toFixed(2),
    '≤ 1.00',
    analyticsMs <= albumsMs,
  );

  let lighthouseOk = true;
  const lhr = await lighthouseScores(`${server.url}/analytics`, cookies);
  if (lhr.runtimeError) lighthouseOk = report('Lighthouse run on /analytics', lhr.runtimeError.code, 'no error', false);
  else if (lhr.finalDisplayedUrl !== `${server.url}/analytics`)
    lighthouseOk = report('Lighthouse stayed on /analytics', lhr.finalDisplayedUrl, '/analytics', false);
  for (const id of lhr.runtimeError ? [] : LIGHTHOUSE_CATEGORIES) {
    const category = lhr.categories[id];
    const score = Math.round((category.score ?? 0) * 100);
    lighthouseOk = report(`Lighthouse mobile ${category.title}, /analytics`, score, '100', score === 100) && lighthouseOk;
    const lost = category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].score})`);
    if (lost.length) console.log(`    below full marks: ${lost.join(', ')}`);
  }

  process.exitCode = repeatOk && afterWriteOk && lighthouseOk ? 0 : 1;
} finally {
  agent.destroy();
  plain?.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
