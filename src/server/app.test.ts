import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '../common/theme-script.js';
import { Client, createTestApp, signUp, testDbKind, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('GET /api/health answers ok when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(res.json()).toEqual({ status: 'ok', database: testDbKind, version });
  });

  it('answers an unknown /api path with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(/No such API route/);
    }
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body', code: 'BAD_REQUEST' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(5000), password: 'y' }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it('refuses text/plain and form bodies on mutations (the CSRF guard together with SameSite)', async () => {
    const { client } = await signUp(t.app);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await client.request({ method: 'PUT', url: '/api/user/update', headers: { 'content-type': type }, payload: 'email=evil@example.com' });
      expect(res.statusCode).toBe(415);
    }
    expect((await client.get('/api/user')).json().email).not.toBe('evil@example.com');
  });

  it('sends a page the page headers: a CSP without unsafe-inline scripts, nosniff, a referrer policy', async () => {
    const res = await new Client(t.app).get('/no-such-page');
    const csp = String(res.headers['content-security-policy']);
    // Scripts from the site itself, and the one inline script (the theme's) by its hash.
    const themeHash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${themeHash}';`);
    expect(csp.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toContain('unsafe');
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends an /api/ answer the headers of data that is never a page: it may load, run and be framed by nothing', async () => {
    const { client } = await signUp(t.app);
    for (const res of [await new Client(t.app).get('/api/health'), await client.get('/api/user'), await new Client(t.app).get('/api/no-such-thing')]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none';base-uri 'self';object-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // What only a page reads is not written.
      for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
        expect(res.headers[name], name).toBeUndefined();
      }
    }
  });

  it('never caches the signed-in user', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/user')).headers['cache-control']).toBe('no-store');
  });
});
