// Signed-in GET /api/user as an outside tester measures it: the load generator is a process of its own
// (autocannon's command line, 20 connections), the app runs as `npm start` runs it with its log on a
// pipe that another process reads (as a terminal, systemd or Docker does), and a bare node:http server
// answers the same bytes. Target: the app's req/s ≥ 0.5× the bare server's. bench/user.bench.mjs
// measures the same call with autocannon inside the bench's own process and the log on /dev/null; the
// two are printed side by side in docs/product/limits.md#speed. Also printed: the CPU time per request
// of each server, of the load generator and of the log's reader, which depend far less on the
// machine's other work than req/s.
import { execFile, fork, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cpuMs, freePort, machineLine, median, report, START_NODE_FLAGS } from './support.mjs';

// The collector the outside tester signs in as: seeded with this many albums (npm run seed).
const ALBUMS = Number(process.env.USER_BENCH_ALBUMS ?? 20_000);
const EMAIL = 'bench-user-outside@spindle.test';
const PASSWORD = 'bench-password-1';
const ROUNDS = 3;
const CONNECTIONS = 20;
const SECONDS = 4;
const here = path.dirname(new URL(import.meta.url).pathname);
const run = promisify(execFile);

/** The app as `npm start` starts it (its defaults: LOG_LEVEL info), its log read by `cat` into a file. */
async function startApp() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-bench-user-outside-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL']) delete env[name];
  const seeded = spawnSync(process.execPath, ['dist/node/server/seed.js', '--albums', String(ALBUMS), '--email', EMAIL, '--password', PASSWORD], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  console.log(seeded.stdout.trim().split('\n')[0]);
  const app = spawn(process.execPath, [...START_NODE_FLAGS, 'dist/node/server/main.js'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const log = openSync(path.join(dataDir, 'server.log'), 'w');
  const reader = spawn('cat', [], { stdio: [app.stdout, log, 'inherit'] });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: app.pid,
    readerPid: reader.pid,
    async stop() {
      app.kill('SIGTERM');
      await new Promise((r) => reader.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as a browser would and keeps every cookie the answer set (the session and its shelf marker). */
async function signIn(url) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** One autocannon command-line run: req/s, the request count, and the CPU the server and the log's reader had used before it. */
async function loadFor(target, seconds) {
  const generator = execFile(path.join('node_modules', '.bin', 'autocannon'), ['-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...(target.cookie ? ['-H', `cookie=${target.cookie}`] : []), target.url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const out = [];
  generator.stdout.on('data', (d) => out.push(d));
  await new Promise((r) => setTimeout(r, 300)); // the generator's own start-up is not measured
  const before = { server: cpuMs(target.pid), reader: target.readerPid ? cpuMs(target.readerPid) : 0 };
  const code = await new Promise((r) => generator.once('exit', r));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const result = JSON.parse(out.join(''));
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.url} answered ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { rate: result.requests.average, total: result.requests.total, before };
}

const app = await startApp();
const bares = [];
try {
  const cookie = await signIn(app.url);
  const sample = await fetch(`${app.url}/api/user`, { headers: { cookie } });
  const headers = {};
  for (const [name, value] of sample.headers) if (!['date', 'content-length', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
  const body = await sample.text();
  /** A bare server answering `body` with `headers` (the app's, or only a content type). */
  const startBare = async (answerHeaders) => {
    const port = await freePort();
    const child = fork(path.join(here, 'bare-server.mjs'), {
      env: { ...process.env, PORT: String(port), BARE_RESPONSE: JSON.stringify({ status: sample.status, headers: answerHeaders, body }) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    bares.push(child);
    await new Promise((resolve) => child.once('message', resolve));
    return { url: `http://127.0.0.1:${port}/api/user`, cookie, pid: child.pid };
  };
  const headerBytes = Object.entries(headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
  console.log(`answer: ${sample.status}, ${body.length} bytes of body, ${headerBytes} bytes of headers, sets a cookie: ${headers['set-cookie'] ? 'yes' : 'no'}`);
  const { stdout: version } = await run(process.execPath, [path.join('node_modules', 'autocannon', 'autocannon.js'), '--version']).catch(() => ({ stdout: '?' }));
  console.log(`load generator: ${version.trim().split('\n')[0]} in its own process, ${CONNECTIONS} connections`);

  // Two baselines: the bare server with the app's very headers (as bench/user.bench.mjs compares), and
  // the plain one a tester writes in a few lines, which sends the body with a content type only.
  const targets = {
    same: await startBare(headers),
    plain: await startBare({ 'content-type': headers['content-type'] }),
    user: { url: `${app.url}/api/user`, cookie, pid: app.pid, readerPid: app.readerPid },
  };
  for (const t of Object.values(targets)) await loadFor(t, 2);
  const rates = { same: [], plain: [], user: [] };
  const cpu = { same: [], plain: [], user: [], reader: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, t] of Object.entries(targets)) {
      const { rate, total, before } = await loadFor(t, SECONDS);
      rates[name].push(rate);
      cpu[name].push(((cpuMs(t.pid) - before.server) * 1000) / total);
      if (t.readerPid) cpu.reader.push(((cpuMs(t.readerPid) - before.reader) * 1000) / total);
    }
  }
  const line = (name) => `${median(rates[name]).toFixed(0)} req/s, CPU ${median(cpu[name]).toFixed(1)} µs per request`;
  console.log(machineLine());
  console.log(`bare node:http, the app's headers: ${line('same')}`);
  console.log(`bare node:http, content type only: ${line('plain')}`);
  console.log(`app signed-in GET /api/user:       ${line('user')} (+ ${median(cpu.reader).toFixed(1)} µs in the log's reader)`);
  const ratio = (name) => median(rates.user) / median(rates[name]);
  const cpuRatio = (name) => median(cpu[name]) / median(cpu.user);
  console.log(`ratios (req/s; CPU per request): to the same bytes ${ratio('same').toFixed(2)}; ${cpuRatio('same').toFixed(2)} (printed) — to the plain server ${ratio('plain').toFixed(2)}; ${cpuRatio('plain').toFixed(2)}`);
  process.exitCode = report('GET /api/user ÷ a plain bare node:http server, generator in its own process', ratio('plain').toFixed(2), '≥ 0.50', ratio('plain') >= 0.5) ? 0 : 1;
} finally {
  for (const child of bares) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await app.stop();
}
