// Builds the service worker (src/web/offline/service-worker.ts) into dist/web/sw.js
// (docs/product/offline.md#updates): one classic script, with the build's id and the shell files it
// fetches at install written in. The id is a hash of those files' names and of index.html, so every
// deployment that changes the app installs a new worker, whose shell replaces the old one whole (never
// old HTML with new chunks).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const WEB = path.resolve('dist/web');
const fail = (message) => {
  console.error(`build-service-worker: ${message}`);
  process.exit(1);
};

// Every code and style file (each page is a lazy chunk, and any may be opened offline), not images.
const code = readdirSync(path.join(WEB, 'assets'))
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => `/assets/${file}`)
  .sort();
const shellFiles = ['/app-shell.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', ...code];

const hash = createHash('sha256').update(readFileSync(path.join(WEB, 'index.html')));
for (const file of shellFiles) hash.update(file);
const buildId = hash.digest('base64url').slice(0, 16);

const out = path.join(WEB, 'sw.js');
await build({
  input: path.resolve('src/web/offline/service-worker.ts'),
  output: { file: out, format: 'iife', minify: true },
  logLevel: 'warn',
});
let source = readFileSync(out, 'utf8');
for (const [marker, value] of [
  // The minifier may write the markers' quotes as backticks.
  [/(["'`])__SPINDLE_BUILD__\1/, JSON.stringify(buildId)],
  [/\[(["'`])__SPINDLE_SHELL_FILES__\1\]/, JSON.stringify(shellFiles)],
]) {
  if (!marker.test(source)) fail(`marker ${marker} not found in the bundled worker`);
  source = source.replace(marker, () => value);
}
writeFileSync(out, source);
console.log(`service worker ${buildId}: ${shellFiles.length} shell files`);
