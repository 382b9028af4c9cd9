// Shared pieces of the benchmarks: a built server on a free port with a temp data dir, and autocannon.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

// BENCH_PORT_BASE: on a shared machine, hand out ports from an assigned range instead of any free one.
let nextAssignedPort = Number(process.env.BENCH_PORT_BASE) || 0;
export async function freePort() {
  if (nextAssignedPort) return nextAssignedPort++;
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The Node.js flags `npm start` runs the server with (package.json's start script is their one place),
 * so the benchmarks measure what a user gets.
 */
export const START_NODE_FLAGS = (() => {
  const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) dist\/node\/server\/main\.js/.exec(start);
  if (!flags) throw new Error(`cannot read the server's Node flags from the start script: ${start}`);
  return flags[1].trim().split(/\s+/).filter(Boolean);
})();

/** Starts the built server as `npm start` does and resolves once /api/health answers. */
export async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'spindle-bench-'));
  const child = spawn(process.execPath, [...START_NODE_FLAGS, 'dist/node/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A busy shared machine can take well over 10 s to start the server: wait up to a minute, then say so.
  let up = false;
  for (let i = 0; i < 600 && !up; i++) {
    try {
      up = (await fetch(`${url}/api/health`)).ok;
    } catch {
      /* not up yet */
    }
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`the built server did not answer ${url}/api/health within a minute`);
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 5, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function signUpAndLogin(url, username = `bench-${Date.now()}@example.com`, password = 'bench-password-1') {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, firstName: 'Bench', lastName: 'Mark' }),
  });
  // Every cookie the answer set, as a browser keeps them: the session and the offline shelf's marker.
  // A client that sent the session alone would be told the marker again on every GET /api/user.
  const cookie = cookieHeader(setCookies(res));
  if (res.status !== 201 || !cookie) throw new Error(`register failed: ${res.status}`);
  return cookie;
}

/**
 * A new data directory (SQLite, whatever DATABASE_URL says) holding one collector with `albums` albums
 * in six collections, made by the server's own seed script; prints the seed's line. Resolves with the
 * directory.
 */
export function seedCollector(albums, { email, password, prefix = 'spindle-bench-' }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const seeded = spawnSync(process.execPath, ['dist/node/server/seed.js', '--albums', String(albums), '--email', email, '--password', password], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  console.log(seeded.stdout.trim().split('\n')[0]);
  return dataDir;
}

/** Signs in at `url` by the API; resolves with the cookies the answer set (setCookies' shape). */
export async function logIn(url, email, password) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return setCookies(login);
}

/**
 * Types `word` into the page's Search box; resolves with the ms from the input event to the first frame
 * whose first list item says the list holds `count` (aria-setsize).
 */
export async function timeSearch(page, word, count) {
  await page.evaluate((expected) => {
    window.__filterMs = undefined;
    document.addEventListener(
      'input',
      () => {
        const started = performance.now();
        const check = () => {
          const first = document.querySelector('[role="listitem"]');
          if (first && first.getAttribute('aria-setsize') === String(expected)) window.__filterMs = performance.now() - started;
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      },
      { capture: true, once: true },
    );
  }, count);
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.waitForFunction(() => window.__filterMs !== undefined, null, { timeout: 120_000 });
  return page.evaluate(() => window.__filterMs);
}

/** The cookies an answer set, as name and value (for a browser context's addCookies). */
export const setCookies = (res) =>
  res.headers.getSetCookie().map((line) => {
    const pair = line.split(';')[0];
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });

/** A Cookie request header holding `cookies`. */
export const cookieHeader = (cookies) => cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

export function report(name, value, target, ok) {
  console.log(`${ok ? 'PASS' : 'MISS'}  ${name}: ${value} (target ${target})`);
  return ok;
}

/**
 * What a figure was taken on: the machine's load average (1, 5, 15 min) and the Chromium build the
 * browser benches drive. A figure taken while the load average is above the cores' count measures the
 * machine's other work as much as the app, and is reported as such.
 */
export function machineLine() {
  let chromium = 'not found';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    /* no browser on this machine: the server benches do not need one */
  }
  const load = loadavg();
  const cores = cpus().length;
  const busy = load[0] > cores ? ` — busier than its ${cores} cores: figures are not results` : '';
  return `machine: load average ${load.map((n) => n.toFixed(2)).join(' ')}${busy}; ${chromium}; Node ${process.version}`;
}

/**
 * CPU milliseconds a process's threads have run so far: from /proc/<pid>/schedstat (nanoseconds, all
 * of its threads' time on a CPU) where the kernel keeps it, else user + system time from /proc/<pid>/stat
 * (clock ticks of 10 ms, too coarse for one request). Linux only.
 */
export function cpuMs(pid) {
  const tasks = `/proc/${pid}/task`;
  if (existsSync(tasks)) {
    let ns = 0;
    for (const tid of readdirSync(tasks)) {
      try {
        ns += Number(readFileSync(`${tasks}/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* the thread ended meanwhile */
      }
    }
    if (ns > 0) return ns / 1e6;
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs `measure` against a PostgreSQL database of its own, made on TEST_DATABASE_URL's server and
 * dropped afterwards (also when the measurement throws), so a bench never touches the test database.
 */
export async function onScratchPostgres(label, measure) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `spindle_bench_${label}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    return await measure(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
