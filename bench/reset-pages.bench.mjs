// /forgot-password and /reset-password score 100 in Lighthouse's mobile accessibility and
// best practices (the reset page as a visitor with a stale link sees it: 'Invalid or Expired Link').
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { report, startServer } from './support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['accessibility', 'best-practices'];
// BENCH_PAGES (comma-separated paths) measures other pages the same way, e.g. /auth for comparison.
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/forgot-password', '/reset-password?token=no-longer-valid'];

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
let ok = true;
try {
  const run = (url) => lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  // The first run on a fresh machine can fail with NO_NAVSTART, so one warm-up run is discarded.
  await run(`${server.url}${PAGES[0]}`).catch(() => undefined);
  for (const page of PAGES) {
    let result = await run(`${server.url}${page}`);
    if (result?.lhr.runtimeError) result = await run(`${server.url}${page}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      ok = report(`Lighthouse run on ${page}`, lhr.runtimeError.code, 'no error', false);
      continue;
    }
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      const score = Math.round((category.score ?? 0) * 100);
      ok = report(`${page} Lighthouse mobile ${category.title}`, score, '100', score === 100) && ok;
      if (score < 100) {
        const lost = category.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1).map((ref) => ref.id);
        console.log(`    below full marks: ${lost.join(', ')}`);
        if (process.env.BENCH_DETAILS) for (const id of lost) console.log(JSON.stringify(lhr.audits[id].details?.items ?? [], null, 1).slice(0, 1500));
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
process.exitCode = ok ? 0 : 1;
