// At 10,000 albums: time until the first 20 album cards are visible on the collection home,
// against a bare page that fetches the same GET /api/albums JSON and renders 20 plain cards.
// Target: the app at most 1.5× the bare page, for a returning collector (the browser holds the
// app's scripts, as after any earlier visit: hashed assets are cached immutably). The first visit
// with nothing cached is measured and printed too.
//
// Both pages are served from one origin by a small pass-through proxy in front of the app (the bare
// page is answered by the proxy itself), so both pay the same hop and both keep the browser's HTTP
// cache (request interception in the browser would switch that cache off). Median of RUNS, the
// two pages alternating.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, report, startServer } from './support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALBUMS = 10_000;
const CARDS = 20;
const RUNS = 11;
const TARGET = 1.5;
const EMAIL = 'bench-home@spindle.test';
const PASSWORD = 'bench-password-1';
// Tall enough for 20 cards of the app's grid on screen at once (4 rows of 6 beside the sidebar).
const VIEWPORT = { width: 1600, height: 1400 };
const BARE_PATH = '/__bench/bare-cards';
const APP_PATH = '/collection';

/** The baseline: one fetch of the same list, 20 cards, no framework. */
const BARE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<style>body{font-family:system-ui;margin:24px}main{display:grid;grid-template-columns:repeat(5,1fr);gap:16px}
.card{border:1px solid #ddd;border-radius:12px;padding:8px}.cover{aspect-ratio:1;background:#eee;border-radius:8px}</style></head>
<body><main id="grid"></main><script>
fetch('/api/albums', { credentials: 'include', headers: { accept: 'application/json' } })
  .then((r) => r.json())
  .then((albums) => {
    const grid = document.getElementById('grid');
    for (const album of albums.slice(0, ${CARDS})) {
      const card = document.createElement('a');
      card.className = 'card';
      card.dataset.testid = 'album-card';
      card.href = '/album/' + album.id;
      const cover = document.createElement('div');
      cover.className = 'cover';
      const title = document.createElement('h3');
      title.textContent = album.title;
      const artist = document.createElement('p');
      artist.textContent = album.artist;
      card.append(cover, title, artist);
      grid.append(card);
    }
  });
</script></body></html>`;

/** Serves the bare page and passes every other request through to the app, headers and all. */
async function startProxy(target) {
  const agent = new http.Agent({ keepAlive: true });
  const { hostname, port: targetPort } = new URL(target);
  const proxy = http.createServer((req, res) => {
    if (req.url === BARE_PATH) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(BARE_PAGE);
      return;
    }
    const upstream = http.request({ hostname, port: targetPort, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => proxy.close(resolve)) };
}

/**
 * Runs in every page before its own scripts: from the first frame on, counts the album cards laid
 * out inside the viewport and records performance.now() (ms since navigation start) at the first
 * frame showing CARDS of them. On the app it then records when the page is hydrated (the grid's
 * measured, virtualised layout has taken over the server's drawing): the moment it responds.
 */
function watchCards(cards) {
  const check = () => {
    let shown = 0;
    for (const card of document.querySelectorAll('[data-testid="album-card"]')) {
      const box = card.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0) shown++;
    }
    if (shown >= cards) {
      window.__cardsVisibleAt = performance.now();
      requestAnimationFrame(watchHydration);
    } else requestAnimationFrame(check);
  };
  const watchHydration = () => {
    if (document.querySelector('[role="listitem"]')?.style.position === 'absolute') window.__hydratedAt = performance.now();
    else requestAnimationFrame(watchHydration);
  };
  requestAnimationFrame(check);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const list = (values) => values.map((v) => v.toFixed(0)).join(', ');

const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-bench-home-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
const seeded = spawnSync(process.execPath, ['dist/node/server/seed.js', '--albums', String(ALBUMS), '--email', EMAIL, '--password', PASSWORD], { env, encoding: 'utf8' });
if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
console.log(seeded.stdout.trim().split('\n')[0]);

const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
const proxy = await startProxy(server.url);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** A signed-in browser context that records when the cards show. */
async function signedInContext() {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const login = await context.request.post(`${proxy.url}/api/login`, { data: { username: EMAIL, password: PASSWORD } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  await context.addInitScript(watchCards, CARDS);
  return context;
}

/**
 * Loads `pathname` in a new tab of `context`; resolves with ms from navigation start to CARDS visible
 * cards (and, with `hydration`, also pushes the ms to a hydrated page onto it).
 */
async function measure(context, pathname, hydration) {
  const page = await context.newPage();
  try {
    await page.goto(`${proxy.url}${pathname}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__cardsVisibleAt !== undefined, null, { timeout: 60_000, polling: 50 });
    if (hydration) {
      await page.waitForFunction(() => window.__hydratedAt !== undefined, null, { timeout: 60_000, polling: 50 });
      hydration.push(await page.evaluate(() => window.__hydratedAt));
    }
    return await page.evaluate(() => window.__cardsVisibleAt);
  } finally {
    await page.close();
  }
}

/** A first visit: a fresh context each time, nothing cached. */
async function measureCold(pathname) {
  const context = await signedInContext();
  try {
    return await measure(context, pathname);
  } finally {
    await context.close();
  }
}

let exitCode = 1;
try {
  const cold = { bare: [], app: [] };
  await measureCold(BARE_PATH);
  await measureCold(APP_PATH);
  for (let run = 0; run < RUNS; run++) {
    cold.bare.push(await measureCold(BARE_PATH));
    cold.app.push(await measureCold(APP_PATH));
  }

  const warm = { bare: [], app: [] };
  const hydrated = [];
  const context = await signedInContext();
  try {
    // Earlier visits: the browser now holds what it may cache (scripts, and the list to revalidate).
    for (let visit = 0; visit < 2; visit++) {
      await measure(context, BARE_PATH);
      await measure(context, APP_PATH);
    }
    for (let run = 0; run < RUNS; run++) {
      warm.bare.push(await measure(context, BARE_PATH));
      warm.app.push(await measure(context, APP_PATH, hydrated));
    }
  } finally {
    await context.close();
  }

  const coldRatio = median(cold.app) / median(cold.bare);
  const warmRatio = median(warm.app) / median(warm.bare);
  console.log(`first visit, nothing cached (median of ${RUNS}):`);
  console.log(`  bare page (fetch /api/albums, ${CARDS} plain cards): ${median(cold.bare).toFixed(0)} ms  [${list(cold.bare)}]`);
  console.log(`  collection home (first ${CARDS} cards visible):      ${median(cold.app).toFixed(0)} ms  [${list(cold.app)}]`);
  console.log(`  ratio ${coldRatio.toFixed(2)} (printed, not gated)`);
  console.log(`returning collector, scripts cached (median of ${RUNS}):`);
  console.log(`  bare page:       ${median(warm.bare).toFixed(0)} ms  [${list(warm.bare)}]`);
  console.log(`  collection home: ${median(warm.app).toFixed(0)} ms  [${list(warm.app)}]`);
  console.log(`  collection home hydrated, responding: ${median(hydrated).toFixed(0)} ms  [${list(hydrated)}] (printed, not gated)`);
  exitCode = report('collection home ÷ bare page (returning collector)', warmRatio.toFixed(2), `≤ ${TARGET}`, warmRatio <= TARGET) ? 0 : 1;
} finally {
  await browser.close();
  await proxy.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
