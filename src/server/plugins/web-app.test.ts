import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL_PLACEHOLDER } from '../../common/web-placeholders.js';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness.js';

// A small stand-in for dist/web, shaped like the real build (scripts/prerender-landing.mjs).
const INDEX = '<!doctype html><html><head><title>Spindle</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>';
const LANDING = `<!doctype html><html><head><title>Spindle</title></head><body><div id="root"><h1>Every record you own</h1><a href="mailto:${SUPPORT_EMAIL_PLACEHOLDER}">${SUPPORT_EMAIL_PLACEHOLDER}</a></div></body></html>`;
const APP_JS = 'console.log("the app");'.repeat(50);

let webRoot: string;
let t: TestApp;

function writeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), INDEX);
  writeFileSync(path.join(root, 'landing.html'), LANDING);
  // The build's precompressed page still holds the placeholder: the server must not send it as is.
  writeFileSync(path.join(root, 'landing.html.br'), brotliCompressSync(LANDING));
  writeFileSync(path.join(root, 'assets/index-Ab12Cd34.js'), APP_JS);
  writeFileSync(path.join(root, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"Spindle"}');
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite/manifest.json'), '{}');
  return root;
}

const isLanding = (body: string) => body.includes('Every record you own');
const isApp = (body: string) => body.includes('/assets/index-Ab12Cd34.js') && !isLanding(body);

beforeAll(async () => {
  webRoot = writeWebRoot();
  t = await createTestApp({ SUPPORT_EMAIL: 'help@records.example' }, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('GET / picks the landing page or the app', () => {
  it('a visitor without a session gets the prerendered landing page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(isLanding(res.body)).toBe(true);
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('a visitor arriving with app parameters (/?subscription_activated=true) gets the app, campaign tags still the landing page', async () => {
    const activated = await t.app.inject({ method: 'GET', url: '/?subscription_activated=true' });
    expect(isApp(activated.body)).toBe(true);
    const campaign = await t.app.inject({ method: 'GET', url: '/?utm_source=newsletter&ref=friend' });
    expect(isLanding(campaign.body)).toBe(true);
  });

  it('a signed-in user gets the app', async () => {
    const { client } = await signUp(t.app);
    const res = await client.get('/');
    expect(res.statusCode).toBe(200);
    expect(isApp(res.body)).toBe(true);
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('an unknown, expired or signed-out session cookie gets the landing page', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/', cookies: { spindle_session: 'not-a-real-session' } });
    expect(isLanding(forged.body)).toBe(true);

    const expired = await signUp(t.app);
    await t.app.ctx.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', expired.user.id).execute();
    expect(isLanding((await expired.client.get('/')).body)).toBe(true);

    const loggedOut = await signUp(t.app);
    const cookie = loggedOut.client.cookie;
    await loggedOut.client.post('/api/logout');
    expect(isLanding((await t.app.inject({ method: 'GET', url: '/', headers: { cookie } })).body)).toBe(true);
  });

  it('a paused account gets the landing page (its sessions stop working)', async () => {
    const { client, user } = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ account_status: 'paused' }).where('id', '=', user.id).execute();
    expect(isLanding((await client.get('/')).body)).toBe(true);
  });

  it('other paths serve the app whatever the session, and the pages are not reachable by file name', async () => {
    for (const url of ['/collection', '/terms-of-service', '/no/such/page', '/landing.html', '/index.html']) {
      const res = await new Client(t.app).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(isApp(res.body), url).toBe(true);
    }
  });
});

describe('the app\'s page tells the app when it was served without a session', () => {
  const MARK = '<meta name="spindle-signed-out" content="" />';

  it('a visitor, a forged cookie, an expired session and a paused account get the mark; a signed-in user does not', async () => {
    for (const url of ['/collection', '/forgot-password', '/reset-password?token=abc', '/?subscription_activated=true', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(isApp(res.body), url).toBe(true);
      expect(res.body, url).toContain(MARK);
      expect(res.headers.vary, url).toBe('Accept-Encoding, Cookie');
    }
    const forged = await t.app.inject({ method: 'GET', url: '/profile', cookies: { spindle_session: 'not-a-real-session' } });
    expect(forged.body).toContain(MARK);

    const expired = await signUp(t.app);
    await t.app.ctx.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', expired.user.id).execute();
    expect((await expired.client.get('/profile')).body).toContain(MARK);

    const paused = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ account_status: 'paused' }).where('id', '=', paused.user.id).execute();
    expect((await paused.client.get('/profile')).body).toContain(MARK);

    const { client } = await signUp(t.app);
    for (const url of ['/profile', '/forgot-password', '/?subscription_activated=true']) {
      const res = await client.get(url);
      expect(isApp(res.body), url).toBe(true);
      expect(res.body, url).not.toContain('spindle-signed-out');
      expect(res.headers.vary, url).toBe('Accept-Encoding, Cookie');
    }
  });

  it('the two forms have their own ETags and encodings: signing in and revalidating gets the unmarked page, not a 304', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/profile', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(visitor.rawPayload).toString()).toContain(MARK);
    const visitorTag = String(visitor.headers.etag);
    const { client } = await signUp(t.app);
    const res = await client.request({ method: 'GET', url: '/profile', headers: { 'if-none-match': visitorTag } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('spindle-signed-out');
    expect(res.headers.etag).not.toBe(visitorTag);
    const again = await client.request({ method: 'GET', url: '/profile', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('the support address comes from SUPPORT_EMAIL', () => {
  it('fills in the landing page, in every encoding, and hands it to the app in a meta tag', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(plain).toContain('<a href="mailto:help@records.example">help@records.example</a>');
    expect(plain).not.toContain(SUPPORT_EMAIL_PLACEHOLDER);

    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);

    const app = (await t.app.inject({ method: 'GET', url: '/collection' })).body;
    expect(app).toContain('<meta name="spindle-support-email" content="help@records.example" />');
  });

  it('is escaped for HTML', async () => {
    const other = await createTestApp({ SUPPORT_EMAIL: "o'brien@records.example" }, { webRoot });
    try {
      const body = (await other.app.inject({ method: 'GET', url: '/' })).body;
      expect(body).toContain('mailto:o&#39;brien@records.example');
    } finally {
      await other.close();
    }
  });
});

describe('caching and compression of built files', () => {
  it('hashed assets are immutable for a year and sent precompressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('pages are revalidated on every load (never cached stale), with a 304 when unchanged', async () => {
    for (const url of ['/', '/collection']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const etag = String(res.headers.etag);
      expect(etag, url).toMatch(/^".+"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
    }
    const landingTag = (await t.app.inject({ method: 'GET', url: '/' })).headers.etag;
    expect((await t.app.inject({ method: 'GET', url: '/collection' })).headers.etag).not.toBe(landingTag);
  });

  it('after signing in, revalidating / with the landing page ETag gets the app, not a 304', async () => {
    const landingTag = String((await t.app.inject({ method: 'GET', url: '/' })).headers.etag);
    const { client } = await signUp(t.app);
    const res = await client.request({ method: 'GET', url: '/', headers: { 'if-none-match': landingTag } });
    expect(res.statusCode).toBe(200);
    expect(isApp(res.body)).toBe(true);
  });

  it('serves public files by exact path, but never build bookkeeping', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *\n');
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(isApp(manifest.body)).toBe(true);
  });

  it('unknown /api paths still answer 404 JSON and unknown assets 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
  });
});

describe('the installable app and its service worker', () => {
  it('serves sw.js revalidated on every load, as JavaScript, scoped to the whole app, under the CSP', async () => {
    const res = await new Client(t.app).get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves the manifest as application/manifest+json', async () => {
    const res = await new Client(t.app).get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
  });

  it('serves the app shell the same to everyone: neither marked signed out nor drawn for a user, never the landing page', async () => {
    const visitor = await new Client(t.app).get('/app-shell.html');
    const { client } = await signUp(t.app);
    const signedIn = await client.get('/app-shell.html');
    for (const res of [visitor, signedIn]) {
      expect(res.statusCode).toBe(200);
      expect(isApp(res.body)).toBe(true);
      expect(res.body).not.toContain('spindle-signed-out');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(visitor.body).toBe(signedIn.body);
  });
});
