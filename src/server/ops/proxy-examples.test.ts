import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../test/harness.js';

// The reverse-proxy examples in deploy/, run as an operator would use them: Debian's nginx in front
// of the built app (HOST=127.0.0.1, TRUST_PROXY=1), with a throw-away certificate and this project's
// ports in place of 80/443/3000; Caddy's file is checked by `caddy validate`. Skipped where the
// programs are missing (.ci/run installs them).
const root = path.resolve('.');
// PROXY_EXAMPLES_PORT: the first of three ports, for a machine where 4613–4615 belong to someone else.
const firstPort = Number(process.env.PROXY_EXAMPLES_PORT) || 4613;
const ports = { http: firstPort, https: firstPort + 1, app: firstPort + 2 };
const SITE = 'records.example';
const which = (program: string) =>
  ['/usr/sbin', '/usr/bin'].map((dir) => path.join(dir, program)).find((file) => existsSync(file));
const nginx = which('nginx');
const caddy = which('caddy');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function send(
  port: number,
  secure: boolean,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: SITE, ...options.headers },
        rejectUnauthorized: false,
        servername: SITE,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 300; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up`);
};

describe.runIf(testDbKind === 'sqlite' && nginx)('deploy/nginx.conf in front of the app', () => {
  let dir: string;
  let app: ChildProcess;
  let proxy: ChildProcess;
  let appOutput = '';

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
    expect(build.status).toBe(0);
    dir = mkdtempSync(path.join(tmpdir(), 'spindle-nginx-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${SITE}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
      .replaceAll(/listen 80;/g, `listen 127.0.0.1:${ports.http};`)
      .replaceAll(/listen 443 ssl http2;/g, `listen 127.0.0.1:${ports.https} ssl http2;`)
      .replaceAll(/^\s*listen \[::\].*$/gm, '')
      .replaceAll('127.0.0.1:3000', `127.0.0.1:${ports.app}`)
      .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${path.join(dir, 'cert.pem')};`)
      .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${path.join(dir, 'key.pem')};`);
    writeFileSync(path.join(dir, 'site.conf'), site);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'user root;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        'events {}',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
        `  include ${dir}/site.conf;`,
        '}',
      ].join('\n'),
    );
    const syntax = spawnSync(nginx!, ['-t', '-c', path.join(dir, 'nginx.conf'), '-p', dir], { encoding: 'utf8' });
    expect(syntax.status, syntax.stderr).toBe(0);

    app = spawn(process.execPath, ['dist/node/server/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(ports.app),
        TRUST_PROXY: '1',
        PUBLIC_URL: `https://${SITE}`,
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app.stdout!.on('data', (chunk: Buffer) => (appOutput += chunk.toString()));
    app.stderr!.on('data', (chunk: Buffer) => (appOutput += chunk.toString()));
    proxy = spawn(nginx!, ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitFor(async () => (await send(ports.https, true, { path: '/api/health' })).status === 200, 'the app behind nginx');
  }, 600_000);

  afterAll(async () => {
    proxy?.kill('SIGQUIT');
    app?.kill('SIGTERM');
    const exited = (child: ChildProcess | undefined): Promise<unknown> =>
      child && child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
    await Promise.all([exited(proxy), exited(app)]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await send(ports.http, false, { path: '/collection?x=1' });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${SITE}/collection?x=1`);
  });

  it('lets a CSV import of the largest size through to the app (docs/product/import.md#limits)', async () => {
    // Signed in, with a whole file the app reads to its end: an answer the app gives before the body
    // is read (signed out, a bad header) lets nginx meet a closed connection mid-upload (502) at random.
    const registered = await send(ports.https, true, {
      method: 'POST',
      path: '/api/register',
      headers: { 'content-type': 'application/json', origin: `https://${SITE}` },
      body: JSON.stringify({ username: `proxy-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery', firstName: 'Proxy', lastName: 'Test' }),
    });
    expect(registered.status).toBe(201);
    const cookie = ([] as string[])
      .concat(registered.headers['set-cookie'] ?? [])
      .map((line) => line.split(';')[0])
      .join('; ');
    const header =
      'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes\n';
    const rows: string[] = [];
    for (let i = 1; i <= 18_000; i++) rows.push(`C${i},Artist ${i},Title ${i},Label,LP,,1990,${i},Shelf,,,,${'n'.repeat(380)}\n`);
    const csv = Buffer.from(header + rows.join(''));
    expect(csv.length).toBeGreaterThan(7.5 * 1024 * 1024);
    expect(csv.length).toBeLessThan(8 * 1024 * 1024);
    const boundary = 'spindle-proxy-example';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="collection.csv"\r\ncontent-type: text/csv\r\n\r\n`),
      csv,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await send(ports.https, true, {
      method: 'POST',
      path: '/api/import/albums/dry-run',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: `https://${SITE}`, cookie, 'content-length': String(body.length) },
      body,
    });
    // The app's own report of the whole file, not nginx's 413 for a body over client_max_body_size.
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
  }, 120_000);

  it('a made-up X-Forwarded-For changes nothing: 40 failed logins meet a 429, and the log shows the address nginx saw', async () => {
    const forged = () => [1, 2, 3, 4].map(() => randomBytes(1)[0]).join('.');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await send(ports.https, true, {
        method: 'POST',
        path: `/api/login?attempt=${i}`,
        headers: { 'content-type': 'application/json', origin: `https://${SITE}`, 'x-forwarded-for': `${forged()}, ${forged()}` },
        body: JSON.stringify({ username: `nobody-${i}@example.com`, password: 'wrong password' }),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    await waitFor(() => Promise.resolve(appOutput.includes('attempt=39')), 'the request log');
    const logged = appOutput
      .split('\n')
      .filter((line) => line.includes('/api/login?attempt='))
      .map((line) => (JSON.parse(line) as { req: { remoteAddress: string } }).req.remoteAddress);
    expect(logged).toHaveLength(40);
    expect(new Set(logged)).toEqual(new Set(['127.0.0.1']));
  }, 120_000);
});

describe.runIf(testDbKind === 'sqlite' && caddy)('deploy/Caddyfile', () => {
  it('is a valid Caddy configuration that redirects HTTP to HTTPS', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'spindle-caddy-'));
    try {
      const result = spawnSync(caddy!, ['validate', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
        encoding: 'utf8',
        env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).toMatch(/Valid configuration/);
      expect(result.stderr).toMatch(/enabling automatic HTTP->HTTPS redirects/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
