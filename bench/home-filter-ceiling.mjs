// What the home's first letter could cost with no framework between the keystroke and the cards: not a
// target, a measurement for choosing a design (docs/decisions.md, "The first keystroke"). Opens the
// signed-in home at 5,000 albums (FILTER_ALBUMS), as bench/home-filter.bench.mjs does, and types one
// search in two kinds of pages, alternating:
// - "app": the home as it is; React draws the narrowed grid.
// - "direct": the same page, but the search box's input event stops at the box, so React never sees it,
//   and a listener writes the first matches straight into the cards already on screen (their links,
//   titles, artists and years) and the new count into every place's aria-setsize. It changes only
//   text and attributes React drew: no card is made or removed, no address or memory written.
// Both are timed as home-filter times them: from the input event to the first frame whose first place
// says the new count. Run with `node bench/home-filter-ceiling.mjs` after `npm run build`. The direct
// page matches titles and artists only, so FILTER_WORD must find no catalogue number or barcode (the
// app's search does): the seeded "thunder" finds the same 78 albums in both.
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { HOME_VIEW_COOKIE, STORAGE_KEYS } from '../dist/node/common/constants.js';
import { logIn, machineLine, median, seedCollector, startServer, timeSearch } from './support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALBUMS = Number(process.env.FILTER_ALBUMS ?? 5000);
const RUNS = Number(process.env.FILTER_RUNS ?? 11);
const WORD = process.env.FILTER_WORD ?? 'thunder';
const EMAIL = 'bench-ceiling@spindle.test';
const PASSWORD = 'bench-password-1';

/** In the page: reads the albums the home shows, and for "direct" takes the search box's input event over. */
async function preparePage({ mode, word }) {
  const first = document.querySelector('[role="listitem"]');
  const size = Number(first.getAttribute('aria-setsize'));
  const all = await (await fetch('/api/albums')).json();
  const byCollection = new Map();
  for (const album of all) byCollection.set(album.collection, [...(byCollection.get(album.collection) ?? []), album]);
  const shown = size === all.length ? all : [...byCollection.values()].find((list) => list.length === size);
  const keys = shown.map((album) => `${album.title}\u0000${album.artist}`.toLowerCase());
  const expected = keys.filter((key) => key.includes(word)).length;
  if (mode === 'direct') {
    document.querySelector('input[type="search"]').addEventListener('input', (event) => {
      event.stopPropagation();
      const needle = event.target.value.trim().toLowerCase();
      const matches = [];
      for (let i = 0; i < keys.length; i++) if (keys[i].includes(needle)) matches.push(shown[i]);
      const places = document.querySelectorAll('[role="list"] > [role="listitem"]');
      for (const place of places) {
        place.setAttribute('aria-setsize', String(matches.length));
        const album = matches[Number(place.getAttribute('aria-posinset')) - 1];
        const card = place.querySelector('a');
        if (!album || !card) continue;
        card.href = `/album/${album.id}`;
        const [title, artist] = card.querySelectorAll('h2, p');
        title.firstChild.nodeValue = album.title;
        title.title = album.title;
        artist.firstChild.nodeValue = album.artist;
        artist.title = album.artist;
        const details = card.querySelector('[data-testid="album-details"]');
        if (details?.lastChild) details.lastChild.nodeValue = String(album.releaseYear ?? '');
      }
    });
  }
  return expected;
}

const dataDir = seedCollector(ALBUMS, { email: EMAIL, password: PASSWORD, prefix: 'spindle-bench-ceiling-' });
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--disable-gpu', '--no-sandbox'] });
try {
  const cookies = await logIn(server.url, EMAIL, PASSWORD);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: server.url })));
  await context.addInitScript((key) => localStorage.removeItem(key), STORAGE_KEYS.homeView);
  const times = { app: [], direct: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const mode of ['app', 'direct']) {
      await context.clearCookies({ name: HOME_VIEW_COOKIE });
      const page = await context.newPage();
      await page.goto(`${server.url}/collection`);
      await page.waitForFunction(() => document.querySelector('[role="listitem"]')?.style.position === 'absolute');
      await page.waitForLoadState('networkidle');
      const expected = await page.evaluate(preparePage, { mode, word: WORD });
      times[mode].push(await timeSearch(page, WORD, expected));
      await page.close();
    }
  }
  const list = (values) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(`${ALBUMS} albums, search "${WORD}", ${RUNS} pages each`);
  console.log(`  app:    median ${median(times.app).toFixed(1)} ms  [${list(times.app)}]`);
  console.log(`  direct: median ${median(times.direct).toFixed(1)} ms  [${list(times.direct)}]`);
  console.log(machineLine());
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
