// Captures the landing page's three screenshots from the real app with seeded demo data: the
// collection view, the album form and the wish list page, at 1280 × 800, written as WebP
// (1280 and 640 wide) over src/web/features/landing/screenshots/*.webp, which the build hashes.
// Usage, after `npm run build`: node scripts/screenshots.mjs [name…]   (then `npm run build` again)
// Names (collection-view, album-entry, wish-list) capture only those; none captures all three.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_COLLECTIONS, sleeveSvg } from './demo-sleeves.mjs';

const OUT = path.resolve('src/web/features/landing/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 800 };
const DEMO = { username: 'june.marsh@example.com', password: 'demo-collector-2025', firstName: 'June', lastName: 'Marsh' };
const CONDITIONS = ['Near Mint (NM)', 'Very Good Plus (VG+)', 'Very Good (VG)'];
const WISH_LIST = 'Wish List';
/** What the demo wishes want, in turn: a format, a pressing, how much and for how much at most. */
const WISH_DETAILS = [
  { format: 'LP', pressing: 'First pressing', priority: 1, maxPrice: 45 },
  { format: '2LP', pressing: '180 g reissue', priority: 2, maxPrice: 32 },
  { format: '7"', pressing: null, priority: 3, maxPrice: 12 },
  { format: 'LP', pressing: 'Original sleeve', priority: 1, maxPrice: 60 },
  { format: 'Box Set', pressing: 'Numbered edition', priority: 2, maxPrice: 120 },
];
const ONLY = new Set(process.argv.slice(2));
const wanted = (name) => ONLY.size === 0 || ONLY.has(name);

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-screenshots-'));
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Offline on purpose: the demo covers are uploaded, never searched for.
      MUSICBRAINZ_URL: 'http://127.0.0.1:9',
      COVER_ART_ARCHIVE_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo collector's shelves, through the public API like any client. */
async function seed(url) {
  let cookie = '';
  const call = async (method, pathname, body) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0];
    if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  await call('POST', '/api/register', DEMO);
  const ids = {};
  let sleeve = 0;
  const uploadCover = async (title, artist) => {
    const png = await sharp(Buffer.from(sleeveSvg(sleeve++, title))).png().toBuffer();
    const form = new FormData();
    form.append('title', title);
    form.append('artist', artist);
    form.append('file', new Blob([png], { type: 'image/png' }), 'cover.png');
    return (await call('POST', '/api/cover-art/upload', form)).url;
  };
  for (const [collection, albums] of Object.entries(DEMO_COLLECTIONS)) {
    // The records still hunted for are the wish list's, not a collection's.
    if (collection === WISH_LIST) {
      for (const [index, [title, artist]] of albums.entries()) {
        const coverUrl = await uploadCover(title, artist);
        await call('POST', '/api/wishlist', { title, artist, coverUrl, allowOwned: true, ...WISH_DETAILS[index % WISH_DETAILS.length] });
      }
      continue;
    }
    await call('POST', '/api/collections', { name: collection });
    for (const [title, artist, genre, releaseYear] of albums) {
      const coverUrl = await uploadCover(title, artist);
      const album = await call('POST', '/api/albums', {
        title,
        artist,
        collection,
        genre,
        releaseYear,
        label: 'Spindle Demo Records',
        price: 18 + (sleeve % 7) * 3.5,
        mediaCondition: CONDITIONS[sleeve % CONDITIONS.length],
        sleeveCondition: CONDITIONS[(sleeve + 1) % CONDITIONS.length],
        coverUrl,
      });
      ids[title] = album.id;
    }
  }
  return ids;
}

/** Waits until the page has settled: no requests, every visible image loaded, the route spinner gone. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.width > 0;
      })
      .every((img) => img.complete),
  );
  await page.waitForTimeout(600);
}

/** Stops before overwriting anything when a page is not what it should show (say, not built yet). */
async function expectShowing(page, what, check, arg) {
  try {
    await page.waitForFunction(check, arg, { timeout: 10_000 });
  } catch {
    throw new Error(`${page.url()} does not show ${what}: is that screen built? Nothing was written for it.`);
  }
}
const showsCollection = (name) =>
  !document.getElementById('spindle-software-application') &&
  [...document.querySelectorAll('h1, h2, [aria-current], [aria-selected="true"]')].some((el) => el.textContent?.includes(name));
const showsAlbum = (title) => [...document.querySelectorAll('input')].some((input) => input.value === title);

async function capture(page, name) {
  const png = await page.screenshot({ type: 'png' });
  for (const width of [1280, 640]) {
    const file = path.join(OUT, `${name}-${width}.webp`);
    const info = await sharp(png).resize({ width }).webp({ quality: 82, effort: 6 }).toFile(file);
    console.log(`${path.relative(process.cwd(), file)}: ${info.width}×${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
  }
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const ids = await seed(server.url);
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: server.url, colorScheme: 'light' });
  await context.addInitScript(() => localStorage.setItem('spindle-theme', 'light'));
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { data: { username: DEMO.username, password: DEMO.password } });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);

  if (wanted('collection-view')) {
    await page.goto(`/collection?collection=${encodeURIComponent('Main Shelf')}`);
    await expectShowing(page, 'the Main Shelf collection', showsCollection, 'Main Shelf');
    await settle(page);
    await capture(page, 'collection-view');
  }

  if (wanted('album-entry')) {
    await page.goto(`/album/${ids['Blue Hour']}`);
    await expectShowing(page, 'the album form', showsAlbum, 'Blue Hour');
    // The lending and cover-art sections, with the chosen cover: what sets the form apart.
    await page.getByRole('heading', { name: 'Lending' }).evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -24);
    });
    await settle(page);
    await capture(page, 'album-entry');
  }

  if (wanted('wish-list')) {
    await page.goto('/wishlist');
    await expectShowing(page, 'the wish list page', () => document.querySelectorAll('[data-testid="wish-card"]').length > 0);
    await settle(page);
    await capture(page, 'wish-list');
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log('Rebuild (npm run build) so the landing page picks up the new screenshots.');
