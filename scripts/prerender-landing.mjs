// Prerenders the landing page (docs/product/landing.md#landing: it loads fast) into
// dist/web/landing.html after `vite build`: the built index.html is the template (same CSS), the app's
// entry script is swapped for the landing page's tiny one, and the structured metadata goes in <head>.
// The server sends it for GET / to visitors without a session; SUPPORT_EMAIL is filled in by the
// server (src/common/web-placeholders.ts).
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const WEB = path.resolve('dist/web');
const SSR_OUT = path.resolve('dist/.prerender');
const LANDING_ENTRY = 'src/web/features/landing/landing-entry.ts';

function fail(message) {
  console.error(`prerender-landing: ${message}`);
  process.exit(1);
}

/** Replaces exactly one match, or stops the build: a silently unchanged template would ship the SPA. */
function replaceOnce(html, pattern, replacement, what) {
  const matches = html.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g'));
  if (matches?.length !== 1) fail(`expected one ${what} in index.html, found ${matches?.length ?? 0}`);
  return html.replace(pattern, replacement);
}

const manifestPath = path.join(WEB, '.vite/manifest.json');
if (!existsSync(manifestPath)) fail('dist/web/.vite/manifest.json is missing: run `vite build` first');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const landingChunk = manifest[LANDING_ENTRY];
if (!landingChunk?.isEntry) fail(`${LANDING_ENTRY} is not an entry of the build (vite.config.ts)`);
// The landing entry must stay dependency-free: anything it imports would load on the landing page too.
const scripts = [landingChunk.file, ...(landingChunk.imports ?? []).map((key) => manifest[key].file)];

await build({
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: 'src/web/features/landing/prerender.tsx',
    outDir: SSR_OUT,
    emptyOutDir: true,
    // The page's images (hashed by content, so the same names as a client build would give them).
    ssrEmitAssets: true,
    rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});
const { renderLanding } = await import(pathToFileURL(path.join(SSR_OUT, 'prerender.mjs')).href);
const { html, head } = renderLanding();

// Every asset the markup names must be served: the app's lazy landing chunk usually brought it into
// the client build already; if not, it comes from the prerender build.
for (const [, url] of html.matchAll(/(?:src|href|srcSet)="(\/assets\/[^" ]+)/gi)) {
  if (existsSync(path.join(WEB, url))) continue;
  if (!existsSync(path.join(SSR_OUT, url))) fail(`the page refers to ${url}, which neither build contains`);
  copyFileSync(path.join(SSR_OUT, url), path.join(WEB, url));
}
rmSync(SSR_OUT, { recursive: true, force: true });

let page = readFileSync(path.join(WEB, 'index.html'), 'utf8');
page = replaceOnce(page, /\s*<script type="module"[^>]*src="\/assets\/[^"]+"[^>]*><\/script>/, '', 'app entry script');
page = page.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
page = replaceOnce(
  page,
  /<\/head>/,
  `${scripts.map((file) => `  <script type="module" src="/${file}"></script>\n`).join('')}    ${head}\n  </head>`,
  '</head>',
);
page = replaceOnce(page, /<div id="root"><\/div>/, `<div id="root">${html}</div>`, 'root element');
if (/\/assets\/index-[^"]+\.js/.test(page)) fail('the app bundle is still referenced by landing.html');

writeFileSync(path.join(WEB, 'landing.html'), page);
rmSync(path.join(WEB, '.vite'), { recursive: true, force: true });
console.log(`prerendered dist/web/landing.html (${(page.length / 1024).toFixed(1)} KB, scripts: ${scripts.join(', ')})`);
