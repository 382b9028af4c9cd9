import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWASP_SCRYPT } from '../src/server/security/password.js';
import { HttpClient, login, PASSWORD, register, uniqueEmail } from './support/http.js';
import { startServer, webBuilt, type SecurityServer } from './support/server.js';
import { startStage, type Stage } from './support/stage.js';
import { makeOwner, type Owner } from './support/world.js';

let stage: Stage;
let server: SecurityServer;
let owner: Owner;
beforeAll(async () => {
  stage = await startStage({}, { mailWorker: false });
  server = stage.server;
  owner = await makeOwner(server, 'olga');
});
afterAll(() => stage.close());

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

describe('sessions', () => {
  it('fixation: a cookie value chosen before login is never the session after it', async () => {
    const account = await register(server.url);
    const victim = new HttpClient(server.url);
    const planted = 'attacker-chosen-session-value-0123456789abcdef';
    victim.cookies.set('spindle_session', planted);
    expect((await victim.get('/api/user')).status).toBe(401);
    expect((await victim.post('/api/login', { username: account.email, password: PASSWORD })).status).toBe(200);
    expect(victim.sessionValue()).not.toBe(planted);
    expect((await victim.get('/api/user')).status).toBe(200);
    const attacker = new HttpClient(server.url);
    attacker.cookies.set('spindle_session', planted);
    expect((await attacker.get('/api/user')).status).toBe(401);
  });

  it('fixation: an attacker’s own live session planted in a browser ends when the victim signs in', async () => {
    const attackerAccount = await register(server.url);
    const attackerValue = attackerAccount.client.sessionValue()!;
    const victimAccount = await register(server.url);
    const victim = new HttpClient(server.url);
    victim.cookies.set('spindle_session', attackerValue);
    expect((await victim.post('/api/login', { username: victimAccount.email, password: PASSWORD })).status).toBe(200);
    expect(victim.sessionValue()).not.toBe(attackerValue);
    // The planted id is dead: the attacker cannot ride the victim's sign-in, nor keep their own.
    expect((await attackerAccount.client.get('/api/user')).status).toBe(401);
    expect(((await victim.get('/api/user')).json as { id: number }).id).toBe(victimAccount.id);
  });

  it('logout replay: the cookie of a signed-out session opens nothing, read or write', async () => {
    const account = await register(server.url);
    const old = account.client.sessionValue()!;
    expect((await account.client.post('/api/logout')).status).toBe(200);
    const replay = new HttpClient(server.url);
    replay.cookies.set('spindle_session', old);
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await replay.get('/api/collections')).status).toBe(401);
    expect((await replay.post('/api/collections', { name: 'Replayed' })).status).toBe(401);
    expect((await replay.get('/api/export/albums')).status).toBe(401);
  });

  it('force-logout ends the session too, and never redirects off-site', async () => {
    const account = await register(server.url);
    const old = account.client.sessionValue()!;
    for (const redirectUrl of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/..//evil.example', 'javascript:alert(1)']) {
      expect((await account.client.post('/api/auth/force-logout', { redirectUrl })).status).toBe(400);
    }
    expect((await account.client.post('/api/auth/force-logout', { redirectUrl: '/auth' })).json).toMatchObject({ redirectUrl: '/auth' });
    const replay = new HttpClient(server.url);
    replay.cookies.set('spindle_session', old);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('a password reset ends every session of the account, and its link works once', async () => {
    const account = await register(server.url);
    const second = await login(server.url, account.email);
    expect((await new HttpClient(server.url).post('/api/auth/forgot-password', { email: account.email })).status).toBe(200);
    let token: string | undefined;
    for (let i = 0; i < 50 && !token; i++) {
      const row = await server.app.ctx.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', account.email).where('kind', '=', 'password-reset').executeTakeFirst();
      token = row?.text_body ? /token=([^\s&]+)/.exec(row.text_body)?.[1] : undefined;
      if (!token) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(token).toBeDefined();
    const reset = { token: decodeURIComponent(token!), password: 'a brand new password' };
    expect((await new HttpClient(server.url).post('/api/auth/reset-password', reset)).status).toBe(200);
    expect((await account.client.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user')).status).toBe(401);
    expect((await new HttpClient(server.url).post('/api/auth/reset-password', { ...reset, password: 'yet another password' })).status).toBe(400);
  });
});

describe('enumeration: answers do not tell whether an account exists', () => {
  it('login: unknown e-mail and wrong password answer the same status and body', async () => {
    const known = await new HttpClient(server.url).post('/api/login', { username: owner.email, password: 'wrong password' });
    const unknown = await new HttpClient(server.url).post('/api/login', { username: uniqueEmail('nobody'), password: 'wrong password' });
    expect(known.status).toBe(401);
    expect({ status: unknown.status, body: unknown.json }).toEqual({ status: known.status, body: known.json });
  });

  it('forgot-password: the same status and body for any e-mail', async () => {
    const known = await new HttpClient(server.url).post('/api/auth/forgot-password', { email: owner.email });
    const unknown = await new HttpClient(server.url).post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect({ status: unknown.status, body: unknown.json }).toEqual({ status: known.status, body: known.json });
  });

  it('timing: an unknown e-mail pays for a password hash like a known one (production scrypt cost)', async () => {
    const timed = await startServer({}, { passwordCost: OWASP_SCRYPT });
    try {
      const accounts = [await register(timed.url), await register(timed.url)];
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < 4; i++) {
        for (const kind of ['known', 'unknown'] as const) {
          const username = kind === 'known' ? accounts[i % 2]!.email : uniqueEmail('ghost');
          const started = performance.now();
          const res = await new HttpClient(timed.url).post('/api/login', { username, password: 'not the password' });
          times[kind].push(performance.now() - started);
          expect(res.status).toBe(401);
        }
      }
      const known = median(times.known);
      const unknown = median(times.unknown);
      console.info(`login timing (median of 4, OWASP scrypt): known e-mail ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`);
      // Generous: a missing hash would make the unknown case ~100× faster; noise is far below 3×.
      expect(unknown).toBeGreaterThan(known / 3);
    } finally {
      await timed.close();
    }
  });

  it('timing: forgot-password answers before any account work (report; bounded generously)', async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 8; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const started = performance.now();
        await new HttpClient(server.url).post('/api/auth/forgot-password', { email: kind === 'known' ? owner.email : uniqueEmail('ghost') });
        times[kind].push(performance.now() - started);
      }
    }
    console.info(`forgot-password timing (median of 8): known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms`);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(250);
  });
});

/** The script-src directive's sources. */
const scriptSources = (csp: string) => (/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '').trim().split(/\s+/);

describe('headers on every kind of answer', () => {
  it('the CSP allows no inline script but hashed ones, no eval, no objects, no framing — on API answers and pages', async () => {
    const client = owner.client;
    const paths = ['/api/ping', '/api/user', '/api/nope', '/', '/collection', '/record-stores', `/shared/${owner.shareToken}`, '/auth', '/admin'];
    for (const path of paths) {
      const res = await client.get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(scriptSources(csp), path).not.toContain("'unsafe-inline'");
      expect(scriptSources(csp), path).not.toContain("'unsafe-eval'");
      expect(scriptSources(csp), path).not.toContain('*');
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/base-uri 'self'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
        // Every inline script in the page is one the CSP names by hash, or a JSON data block (the drawn
        // home's head), which is never run: it must parse as JSON and hold no "<" that could close it.
        for (const match of res.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
          if (/^ type="application\/json" id="[a-z-]+"$/.test(match[1]!)) {
            expect(match[2], `${path}: data block`).not.toContain('<');
            expect(() => JSON.parse(match[2]!), `${path}: data block`).not.toThrow();
            continue;
          }
          const hash = `'sha256-${createHash('sha256').update(match[2]!).digest('base64')}'`;
          expect(scriptSources(csp), `${path}: inline script ${match[2]!.slice(0, 60)}`).toContain(hash);
        }
        // The owner's home is drawn, so the data block above was checked.
        if (path === '/collection') expect(res.text).toContain('<script type="application/json" id="home-head">');
      }
    }
  });

  it('pages come from the web build (the CSP checks above saw real pages)', () => {
    expect(webBuilt(), 'run npm run build first (npm run test:security does)').toBe(true);
  });

  it('public share answers are no-store and not indexed; signed-in answers are no-store', async () => {
    for (const path of [`/api/shared/${owner.shareToken}`, `/api/shared/${owner.shareToken}/albums`, `/api/record-stores/shared/${owner.storeShareToken}`]) {
      const res = await new HttpClient(server.url).get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
    for (const path of ['/api/user', '/api/collections', `/api/albums/${owner.albumId}`, '/api/record-stores', '/api/subscription', '/api/export/albums']) {
      expect((await owner.client.get(path)).headers.get('cache-control'), path).toMatch(/no-store|private/);
    }
  });

  it('over https the session cookie is __Host-spindle_session (Secure, Path=/, no Domain); a plain spindle_session is ignored', async () => {
    const https = await startServer({ PUBLIC_URL: 'https://spindle.example' });
    try {
      const client = new HttpClient(https.url);
      const res = await client.post('/api/register', { username: uniqueEmail('tls'), password: PASSWORD }, { headers: { origin: 'https://spindle.example' } });
      expect(res.status).toBe(201);
      const line = res.headers.getSetCookie().find((cookie) => cookie.includes('spindle_session'))!;
      expect(line).toMatch(/^__Host-spindle_session=/);
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).not.toMatch(/Domain=/i);
      expect((await client.get('/api/user')).status).toBe(200);
      const planted = new HttpClient(https.url);
      planted.cookies.set('spindle_session', client.sessionValue()!);
      expect((await planted.get('/api/user')).status).toBe(401);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      // Over plain http (the default) it keeps its plain name.
      const plain = await register(server.url);
      expect(plain.client.cookies.has('spindle_session')).toBe(true);
    } finally {
      await https.close();
    }
  });
});
