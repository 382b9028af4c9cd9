// The web performance budget, against the built server (run by `npm run bench` after the build):
// - the landing page (GET / without a session) loads at most 80 KB of JavaScript, gzipped;
// - Lighthouse, mobile preset: performance, accessibility, best practices and SEO each ≥ 95;
// - built files are sent precompressed (br), hashed assets cached immutably for a year, pages never stale;
// - the app is installable (docs/product/offline.md#install), checked as Lighthouse's PWA category did
//   before version 12.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { report, signUpAndLogin, startServer } from './support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const JS_BUDGET_BYTES = 80 * 1024;
const MIN_SCORE = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Every script the page loads (scrolled to the end, so lazy work happens), with its gzipped size. */
async function landingScripts(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(response.body().then((body) => ({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    return Promise.all(pending);
  } finally {
    await browser.close();
  }
}

async function checkHeaders(url) {
  let ok = true;
  const get = (path, headers = {}) => fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
  const landing = await get('/');
  const html = await landing.text();
  ok = report('landing page sent with brotli', landing.headers.get('content-encoding'), 'br', landing.headers.get('content-encoding') === 'br') && ok;
  ok = report('landing page cache-control', landing.headers.get('cache-control'), 'no-cache', landing.headers.get('cache-control') === 'no-cache') && ok;

  const cookie = await signUpAndLogin(url);
  const app = await get('/', { cookie });
  const appHtml = await app.text();
  ok = report('GET / signed in is the app (index.html)', /\/assets\/index-[\w-]+\.js/.test(appHtml) ? 'yes' : 'no', 'yes', /\/assets\/index-[\w-]+\.js/.test(appHtml)) && ok;
  // The signed-in home carries the user's albums, drawn by the server: revalidated, and never kept by a shared cache.
  const homeCache = app.headers.get('cache-control');
  ok = report('signed-in home cache-control', homeCache, 'private, no-cache', homeCache === 'private, no-cache') && ok;
  const profileCache = (await get('/profile', { cookie })).headers.get('cache-control');
  ok = report('index.html cache-control', profileCache, 'no-cache', profileCache === 'no-cache') && ok;

  const asset = html.match(/\/assets\/[\w-]+\.(?:css|js)/)?.[0];
  if (!asset) return report('a hashed asset linked from the landing page', 'none', 'one', false);
  const res = await get(asset);
  await res.arrayBuffer();
  const cache = res.headers.get('cache-control') ?? '';
  ok = report(`${asset} sent with brotli`, res.headers.get('content-encoding'), 'br', res.headers.get('content-encoding') === 'br') && ok;
  ok = report(`${asset} cache-control`, cache, 'immutable, max-age=31536000', /\bimmutable\b/.test(cache) && /max-age=31536000\b/.test(cache)) && ok;
  return ok;
}

/**
 * Chrome's own installability check (what Lighthouse's "installable manifest" audit read), over CDP,
 * in a browser with a profile of its own (an off-the-record one is never installable).
 */
async function installabilityErrors(url) {
  const profile = mkdtempSync(path.join(tmpdir(), 'spindle-install-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    return [...errors.map((error) => error.errorId), ...manifest.errors.map((error) => error.message)];
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    // Lighthouse's default config is the mobile preset (emulated phone, simulated slow 4G, 4× CPU slowdown).
    const run = () => lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    // The first run on a fresh machine can fail with NO_NAVSTART, so one warm-up run is discarded.
    await run().catch(() => undefined);
    let result = await run();
    if (result?.lhr.runtimeError) result = await run();
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const server = await startServer();
let ok = true;
try {
  const scripts = await landingScripts(`${server.url}/`);
  for (const s of scripts) console.log(`  ${s.path}: ${s.raw} B, ${s.gzip} B gzipped`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const appLoaded = scripts.some((s) => /^\/assets\/index-/.test(s.path));
  ok = report('landing page JavaScript, gzipped', `${(total / 1024).toFixed(1)} KB in ${scripts.length} files`, '≤ 80 KB', total <= JS_BUDGET_BYTES) && ok;
  ok = report('the signed-in app is split away from the landing page', appLoaded ? 'app bundle loaded' : 'not loaded', 'not loaded', !appLoaded) && ok;

  ok = (await checkHeaders(server.url)) && ok;
  const installErrors = await installabilityErrors(`${server.url}/`);
  ok = report('installable (Page.getInstallabilityErrors, manifest errors)', installErrors.length ? installErrors.join(', ') : 'none', 'none', installErrors.length === 0) && ok;

  const lhr = await runLighthouse(`${server.url}/`);
  if (lhr.runtimeError) {
    ok = report('Lighthouse run', lhr.runtimeError.code, 'no error', false);
  } else {
    const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
    console.log(`  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`);
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      const score = Math.round((category.score ?? 0) * 100);
      ok = report(`Lighthouse mobile ${category.title}`, score, `≥ ${MIN_SCORE}`, score >= MIN_SCORE) && ok;
      if (score < 100) {
        const lost = category.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id].score})`);
        if (lost.length) console.log(`    below full marks: ${lost.join(', ')}`);
      }
    }
  }
} finally {
  await server.stop();
}
process.exitCode = ok ? 0 : 1;
