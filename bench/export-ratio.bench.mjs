// A repeat CSV export of 20,000 albums (the file kept from the first export: unchanged data) against a
// bare node:http server, in a process of its own, sending the same bytes from memory. Target: the
// export's median time to the last byte ≤ 1.2× the bare server's. Rounds alternate between the two
// servers so both see the same background load; one download at a time, a new connection each (as a
// browser's download). Also printed: the first export (built from the database), and the CPU time each
// server process spent per download, which depends far less than wall time on the machine's other work.
import { fork, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuMs, freePort, machineLine, median, report, startServer } from './support.mjs';

const ALBUMS = Number(process.env.EXPORT_ALBUMS ?? 20_000);
const ROUNDS = 7;
const PER_ROUND = 10;
const WARM_UP = Number(process.env.EXPORT_WARM_UP ?? 200);
const TARGET = 1.2;
const EMAIL = 'bench-export-ratio@spindle.test';
const PASSWORD = 'bench-password-1';

/** GET to the last byte: status, bytes and milliseconds. */
function download(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-bench-export-ratio-'));
const seeded = spawnSync(process.execPath, ['dist/node/server/seed.js', '--albums', String(ALBUMS), '--email', EMAIL, '--password', PASSWORD], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
console.log(seeded.stdout.trim().split('\n')[0]);

// `npm start`'s defaults: LOG_LEVEL info, one request-log line per download.
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
let bare;
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const exportUrl = `${server.url}/api/export/albums`;
  const first = await download(exportUrl, { cookie });
  if (first.status !== 200) throw new Error(`the export answered ${first.status}`);
  console.log(`first export (built from the database): ${first.ms.toFixed(0)} ms, ${(first.body.length / 1024 / 1024).toFixed(2)} MB`);

  const file = path.join(dataDir, 'same-bytes.csv');
  writeFileSync(file, first.body);
  const port = await freePort();
  const child = fork(path.join(path.dirname(new URL(import.meta.url).pathname), 'bare-bytes-server.mjs'), {
    env: { ...process.env, PORT: String(port), BARE_FILE: file, BARE_TYPE: 'text/csv; charset=utf-8' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  bare = { child, url: `http://127.0.0.1:${port}/` };
  await new Promise((resolve) => child.once('message', resolve));

  const targets = { export: { url: exportUrl, headers: { cookie }, pid: server.pid }, bare: { url: bare.url, headers: {}, pid: child.pid } };
  const times = { export: [], bare: [] };
  const cpu = { export: [], bare: [] };
  // Both servers run their request code hot (optimised by V8) before anything is measured.
  for (const t of Object.values(targets)) for (let i = 0; i < WARM_UP; i++) await download(t.url, t.headers);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, t] of Object.entries(targets)) {
      const before = cpuMs(t.pid);
      for (let i = 0; i < PER_ROUND; i++) {
        const res = await download(t.url, t.headers);
        if (res.status !== 200 || res.body.length !== first.body.length) throw new Error(`${name} answered ${res.status} with ${res.body.length} bytes`);
        times[name].push(res.ms);
      }
      cpu[name].push((cpuMs(t.pid) - before) / PER_ROUND);
    }
  }
  console.log(machineLine());
  console.log(`bare node:http, same bytes from memory: median ${median(times.bare).toFixed(2)} ms, CPU ${median(cpu.bare).toFixed(2)} ms per download`);
  console.log(`repeat export:                          median ${median(times.export).toFixed(2)} ms, CPU ${median(cpu.export).toFixed(2)} ms per download`);
  const ratio = median(times.export) / median(times.bare);
  process.exitCode = report(`repeat CSV export of ${ALBUMS} albums ÷ the same bytes from memory`, `${ratio.toFixed(2)}×`, `≤ ${TARGET}×`, ratio <= TARGET) ? 0 : 1;
} finally {
  if (bare) {
    bare.child.kill('SIGTERM');
    await new Promise((r) => bare.child.once('exit', r));
  }
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
