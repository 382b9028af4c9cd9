// Runs before `npm start` and every operations command: builds the app when dist/ is missing or older
// than its sources, and otherwise does nothing, so a start takes seconds instead of a full build.
//   node scripts/ensure-build.mjs          build if needed (a no-op on a built tree)
//   node scripts/ensure-build.mjs --stamp  record that a full build just finished (`npm run build` ends so)
// A production install (`npm ci --omit=dev`, or the container image) has no compiler: there a present
// build is used as it is, and a missing one is one clear line and exit 1, never a build attempt.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', 'build-stamp.json');
/** What the build reads: a change to any of these makes the build stale. */
const inputs = [
  'src',
  'public',
  'index.html',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.server.json',
  'vite.config.ts',
  'vite.ssr.config.ts',
  'scripts/prerender-landing.mjs',
  'scripts/build-service-worker.mjs',
  'scripts/precompress.mjs',
];

/** The newest modification time (ms) under `entry`, 0 when it does not exist. Tests do not count. */
function newest(entry) {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

if (process.argv.includes('--stamp')) {
  writeFileSync(stampFile, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  process.exit(0);
}

const stampTime = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
const sourcesTime = Math.max(...inputs.map((entry) => newest(path.join(root, entry))));
if (stampTime > 0 && sourcesTime <= stampTime) process.exit(0);

const canBuild = existsSync(path.join(root, 'node_modules', 'typescript')) && existsSync(path.join(root, 'node_modules', 'vite'));
const built = existsSync(path.join(root, 'dist', 'node', 'server', 'main.js'));
if (!canBuild) {
  if (built) process.exit(0);
  console.error(
    'Cannot start: dist/ has no build and the build tools are not installed (run `npm install` with dev dependencies, then `npm run build`)',
  );
  process.exit(1);
}
console.error(
  stampTime === 0 ? 'Building Spindle (once; later starts reuse dist/)…' : 'Sources changed since the last build: rebuilding…',
);
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(build.status ?? 1);
