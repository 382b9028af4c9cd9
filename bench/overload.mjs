// The overload measurement (docs/operations.md#overload), from outside: one collector with 3,000
// albums (SQLite), autocannon with 200 connections for 15 s on the signed-in, server-drawn collection
// home, then on GET /api/collections. Prints req/s, p50/p99/max of the answers, timeouts and 503s.
// Runs the build in the current directory (dist/), so an older build can be measured the same way:
//   node bench/overload.mjs            (from the repository)
//   cd /tmp/old-checkout && node /path/to/bench/overload.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './support.mjs';

const ALBUMS = 3000;
const EMAIL = 'overload@spindle.test';
const PASSWORD = 'overload-password-1';
const seconds = Number(process.env.OVERLOAD_SECONDS ?? 15);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** autocannon, keeping the latency of the 2xx answers apart (a fast 503 would flatter the percentiles). */
function run(options) {
  const ok = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ result, ok: ok.sort((a, b) => a - b) })));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) ok.push(ms);
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-overload-'));
try {
  const seeded = spawnSync(process.execPath, ['dist/node/server/seed.js', '--albums', String(ALBUMS), '--email', EMAIL, '--password', PASSWORD], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status}`);
    for (const target of ['/', '/api/collections']) {
      const { result, ok } = await run({ url: `${server.url}${target}`, headers: { cookie }, connections: 200, duration: seconds });
      const { latency, requests } = result;
      console.log(
        `${target.padEnd(17)} ${requests.average.toFixed(0)} req/s, ${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.timeouts} timeouts, ${result.errors} errors; ` +
          `all answers p50 ${latency.p50} p99 ${latency.p99} max ${latency.max} ms; ` +
          `2xx p50 ${percentile(ok, 50).toFixed(0)} p99 ${percentile(ok, 99).toFixed(0)} max ${(ok.at(-1) ?? 0).toFixed(0)} ms (load average ${loadavg()[0].toFixed(2)})`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
