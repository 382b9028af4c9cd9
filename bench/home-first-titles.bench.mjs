// The signed-in home's first 20 titles at 5,000 and 20,000 albums, on a first visit (a fresh browser
// context: nothing cached), against a plain page that fetches the same JSON (the app's GET /api/albums
// answer, served from memory by another local server) and draws every album as a plain list item.
// Measured in each page from navigation start to the first frame showing 20 titles inside the viewport.
// Target: the app ≤ 0.5× the plain page (median of RUNS, the two pages alternating). The home draws
// its first screen on the server (docs/decisions.md, "The server-drawn collection home"); the plain page
// has to read the whole list before it can show a title.
import { rmSync } from 'node:fs';
import http from 'node:http';
import { chromium } from 'playwright-core';
import { cookieHeader, freePort, logIn, machineLine, median, report, seedCollector, startServer } from './support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZES = (process.env.TITLES_ALBUMS ?? '5000,20000').split(',').map(Number);
const RUNS = Number(process.env.TITLES_RUNS ?? 7);
const TITLES = 20;
const TARGET = 0.5;
const EMAIL = 'bench-titles@spindle.test';
const PASSWORD = 'bench-password-1';
// Wide and tall enough for 20 of the home's titles on screen at once (four rows of six cards).
const VIEWPORT = { width: 1600, height: 1800 };
const APP_TITLES = '[data-testid="album-card"] h2';
const PLAIN_TITLES = '#list li';

/** The plain page: the same JSON, every album a list item. */
const PLAIN_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>plain</title></head>
<body><ul id="list"></ul><script>
fetch('/albums.json').then((r) => r.json()).then((albums) => {
  const items = [];
  for (const album of albums) {
    const li = document.createElement('li');
    li.textContent = album.title + ' — ' + album.artist;
    items.push(li);
  }
  document.getElementById('list').append(...items);
});
</script></body></html>`;

/** Runs before the page's own scripts: records performance.now() at the first frame with `count` titles on screen. */
function watchTitles({ selector, count }) {
  const check = () => {
    let shown = 0;
    for (const element of document.querySelectorAll(selector)) {
      if (!element.textContent) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0 && ++shown >= count) break;
    }
    if (shown >= count) window.__titlesAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** A first visit to `url` in a fresh context: ms from navigation start to TITLES titles on screen. */
async function firstVisit(browser, url, selector, cookies) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (cookies) await context.addCookies(cookies);
    await context.addInitScript(watchTitles, { selector, count: TITLES });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__titlesAt !== undefined, null, { timeout: 60_000, polling: 50 });
    return await page.evaluate(() => window.__titlesAt);
  } finally {
    await context.close();
  }
}

let ok = true;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const albums of SIZES) {
    const dataDir = seedCollector(albums, { email: EMAIL, password: PASSWORD, prefix: 'spindle-bench-titles-' });
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    let plain;
    try {
      const cookies = await logIn(server.url, EMAIL, PASSWORD);
      const list = await fetch(`${server.url}/api/albums`, { headers: { cookie: cookieHeader(cookies) } });
      const json = Buffer.from(await list.arrayBuffer());
      if (list.status !== 200) throw new Error(`GET /api/albums answered ${list.status}`);
      console.log(`GET /api/albums: ${(json.length / 1024 / 1024).toFixed(2)} MB`);
      const plainPort = await freePort();
      plain = http.createServer((req, res) => {
        if (req.url === '/albums.json') res.writeHead(200, { 'content-type': 'application/json' }).end(json);
        else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PLAIN_PAGE);
      });
      await new Promise((resolve) => plain.listen(plainPort, '127.0.0.1', resolve));
      const appUrl = `${server.url}/collection`;
      const plainUrl = `http://127.0.0.1:${plainPort}/`;
      const appCookies = cookies.map((cookie) => ({ ...cookie, url: server.url }));
      // One visit each first: the server's first drawing and the browser's first start are not what is measured.
      await firstVisit(browser, appUrl, APP_TITLES, appCookies);
      await firstVisit(browser, plainUrl, PLAIN_TITLES);
      const times = { app: [], plain: [] };
      for (let run = 0; run < RUNS; run++) {
        times.app.push(await firstVisit(browser, appUrl, APP_TITLES, appCookies));
        times.plain.push(await firstVisit(browser, plainUrl, PLAIN_TITLES));
      }
      const shown = (values) => values.map((v) => v.toFixed(0)).join(', ');
      console.log(
        `  app (the home's first ${TITLES} titles):        median ${median(times.app).toFixed(0)} ms  [${shown(times.app)}]`,
      );
      console.log(`  plain page (every album a list item): median ${median(times.plain).toFixed(0)} ms  [${shown(times.plain)}]`);
      console.log(machineLine());
      const ratio = median(times.app) / median(times.plain);
      ok =
        report(
          `first ${TITLES} titles of the home at ${albums} albums ÷ a plain page`,
          `${ratio.toFixed(2)}×`,
          `≤ ${TARGET}×`,
          ratio <= TARGET,
        ) && ok;
    } finally {
      plain?.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
process.exitCode = ok ? 0 : 1;
