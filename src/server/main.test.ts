import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Runs the built server (dist/node) as a real process; `npm test` builds before the browser tests,
// and this file builds the server itself when it is missing.
const main = path.resolve('dist/node/server/main.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], { env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    if (!existsSync(main)) {
      const build = spawn('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
      await new Promise((resolve) => build.once('exit', resolve));
    }
    dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-main-'));
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops at start-up with a message naming a bad setting', async () => {
    const server = start({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });

  it('stops at start-up with one clear line when the database is unreachable', async () => {
    const port = await freePort();
    // Nothing listens on a port just found free: the connection is refused at once.
    const server = start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none`, DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^Cannot start: the database is unreachable \(.*ECONNREFUSED.*\)$/m);
    expect(server.output()).not.toMatch(/Migration\s+failed/);
  });

  it('stops at once with one line for an unusable DATA_DIR: a system path, a file, a path through a file', async () => {
    const file = path.join(dataDir, 'a-file');
    writeFileSync(file, 'not a directory');
    for (const [dir, reason] of [
      ['/proc/nope', /is inside a system directory/],
      [file, /is a file, not a directory/],
      [path.join(file, 'below'), /cannot be created \(ENOTDIR\)/],
    ] as const) {
      const server = start({ DATA_DIR: dir });
      expect(await server.exited).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Cannot start: DATA_DIR ${dir} `));
      expect(lines[0]).toMatch(reason);
    }
  }, 60_000);

  it('stops with one line for a PUBLIC_URL that is not http(s)', async () => {
    const server = start({ PUBLIC_URL: 'ftp://x', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/);
    expect(server.output()).not.toMatch(/\bat .*\.js:\d+/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('stops with one line saying how to create a PostgreSQL database that does not exist', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/spindle_no_such_database';
    const server = start({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: the PostgreSQL database "spindle_no_such_database" named by DATABASE_URL does not exist on .*; create it first, e\.g\. createdb .* spindle_no_such_database$/);
  });

  it('warns in production when PUBLIC_URL is unset, and not when it is set', async () => {
    for (const [publicUrl, warned] of [[undefined, true], ['https://records.example', false]] as const) {
      const port = await freePort();
      const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) });
      await waitUp(port);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const warnings = server.output().split('\n').filter((line) => line.includes('PUBLIC_URL is not set'));
      expect(warnings).toHaveLength(warned ? 1 : 0);
      if (warned) expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    }
  }, 60_000);

  it('logs each migration it applies and its version once started; an upgrade with nothing to apply logs none', async () => {
    const freshDir = mkdtempSync(path.join(tmpdir(), 'spindle-main-fresh-'));
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    const linesOf = (output: string) =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; migration?: string; version?: string });
    try {
      for (const round of ['first start', 'restart'] as const) {
        const port = await freePort();
        const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: freshDir, LOG_LEVEL: 'info' });
        const base = await waitUp(port);
        expect((await (await fetch(`${base}/api/health`)).json()) as unknown).toMatchObject({ status: 'ok', version });
        await expect.poll(() => server.output().includes(`Spindle ${version} started`), { interval: 10, timeout: 5_000 }).toBe(true);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        const lines = linesOf(server.output());
        const migrations = lines.filter((line) => line.msg.startsWith('migration applied')).map((line) => line.migration);
        if (round === 'first start') {
          expect(migrations[0]).toBe('001-initial');
          expect(migrations.length).toBeGreaterThanOrEqual(6);
        } else {
          expect(migrations).toEqual([]);
        }
        expect(lines.find((line) => line.msg === `Spindle ${version} started`)).toMatchObject({ version });
      }
    } finally {
      rmSync(freshDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('several instances starting at once on one fresh SQLite DATA_DIR apply each migration once, and all serve', async () => {
    // docs/operations.md#past-one-machine: one SQLite DATA_DIR may be shared by several processes.
    const sharedDir = mkdtempSync(path.join(tmpdir(), 'spindle-main-shared-'));
    try {
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      const servers = ports.map((port) => start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: sharedDir, LOG_LEVEL: 'info' }));
      for (const port of ports) await waitUp(port);
      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0, 0]);
      const applied = servers.flatMap((server) =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"migration applied'))
          .map((line) => (JSON.parse(line) as { migration: string }).migration),
      );
      expect(applied[0]).toBe('001-initial');
      expect(new Set(applied).size).toBe(applied.length);
      expect(servers.map((server) => server.output())).not.toContainEqual(expect.stringMatching(/already exists/));
    } finally {
      rmSync(sharedDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('logs one line per request at info, as soon as it is answered: method, url, status, responseTime, reqId; no cookie or authorization', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const base = await waitUp(port);
    const secret = 'a-session-cookie-value-that-must-not-be-logged';
    const bearer = 'an-authorization-value-that-must-not-be-logged';
    expect((await fetch(`${base}/api/user?probe=1`, { headers: { cookie: `spindle_session=${secret}`, authorization: `Bearer ${bearer}` } })).status).toBe(401);
    // A quiet server: the line is written within milliseconds of the answer (log-stream.ts), not after a batch fills.
    await expect.poll(() => server.output().includes('probe=1'), { interval: 5, timeout: 2_000 }).toBe(true);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('probe=1'))
      .map((line) => JSON.parse(line) as Record<string, unknown> & { req: Record<string, unknown>; res: Record<string, unknown> });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/user?probe=1', remoteAddress: '127.0.0.1' }, res: { statusCode: 401 } });
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(lines[0]!.reqId).toBeTruthy();
    expect(server.output()).not.toContain('incoming request');
    expect(server.output()).not.toContain(secret);
    expect(server.output()).not.toContain(bearer);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('on SIGTERM finishes the in-flight request, closes the database and exits 0; a restart keeps the committed data', async () => {
    const port = await freePort();
    // At debug level the server logs each request as it arrives: SIGTERM is sent once it has (a fixed
    // wait raced the request on a busy machine, which then met a closing server's 503).
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    const base = await waitUp(port);
    // Registration hashes with the full OWASP scrypt cost: slow enough to be in flight during SIGTERM.
    const inFlight = fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'inflight@example.com', password: 'long-enough-1' }),
    });
    await expect.poll(() => /"msg":"incoming request"[^\n]*"url":"\/api\/register"|"url":"\/api\/register"[^\n]*"msg":"incoming request"/.test(server.output()), { interval: 5, timeout: 10_000 }).toBe(true);
    server.child.kill('SIGTERM');
    const r1 = await inFlight;
    expect(r1.status).toBe(201);
    const code1 = await server.exited;
    expect(code1).toBe(0);

    const port2 = await freePort();
    const again = start({ PORT: String(port2), HOST: '127.0.0.1', DATA_DIR: dataDir });
    const base2 = await waitUp(port2);
    const login = await fetch(`${base2}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'inflight@example.com', password: 'long-enough-1' }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 60_000);
});

async function waitUp(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not start`);
}
