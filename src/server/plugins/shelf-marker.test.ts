import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness.js';

/*
 * The offline shelf's marker: a readable cookie that ties a kept copy to the session that kept it.
 * Offline, the service worker shows a copy only while the browser holds that marker; these tests
 * check that the server sets it with the session, tags keepable answers with it, and takes it away
 * whenever a request shows that the session is gone.
 */

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  // A built app of two pages, so GET / answers the landing page or the app as in production.
  webRoot = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><!-- theme-script --></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webRoot, 'landing.html'), '<!doctype html><html><head></head><body>Landing</body></html>');
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const setCookies = (res: LightMyRequestResponse): string[] => {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
};
const markerLine = (res: LightMyRequestResponse) => setCookies(res).find((line) => line.startsWith('spindle_shelf='));
const sessionValue = (client: Client) => client.cookie.split('=')[1] ?? '';

describe('the offline shelf marker cookie', () => {
  it('is set with the session: readable by scripts, not the session token, and different for each session', async () => {
    const { client, user, password } = await signUp(t.app);
    const marker = client.otherCookies.get('spindle_shelf');
    expect(marker).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sessionValue(client)).not.toContain(marker);
    expect(marker).not.toBe(sessionValue(client));

    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password } });
    const line = markerLine(login);
    expect(line).toBeDefined();
    expect(line).not.toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Expires=/i);
    expect(line!.split(';')[0]!.split('=')[1]).not.toBe(marker);
  });

  it('tags each keepable answer with the marker of the session that read it', async () => {
    const { client } = await signUp(t.app);
    const marker = client.otherCookies.get('spindle_shelf');
    for (const url of ['/api/user', '/api/collections', '/api/albums', '/api/wishlist']) {
      const res = await client.get(url);
      expect({ url, keep: res.headers['spindle-keepable'], marker: res.headers['spindle-shelf'] }).toEqual({
        url,
        keep: '1',
        marker,
      });
    }
    // Not on answers that are not kept.
    expect((await client.get('/api/albums?collection=x')).headers['spindle-shelf']).toBeUndefined();
  });

  it('is cleared at logout', async () => {
    const { client } = await signUp(t.app);
    const res = await client.post('/api/logout');
    expect(markerLine(res)).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(client.otherCookies.has('spindle_shelf')).toBe(false);
  });

  it('is cleared by the first answer after the session ended elsewhere (a password change signs other devices out), on /api and on pages', async () => {
    const { client, user, password } = await signUp(t.app);
    const other = new Client(t.app);
    expect((await other.post('/api/login', { username: user.username, password })).statusCode).toBe(200);
    expect(other.otherCookies.has('spindle_shelf')).toBe(true);
    const changed = await client.put('/api/user/password', {
      currentPassword: password,
      newPassword: 'another-password',
      confirmPassword: 'another-password',
    });
    expect(changed.statusCode).toBe(200);

    const page = new Client(t.app);
    page.cookie = other.cookie;
    for (const [name, value] of other.otherCookies) page.otherCookies.set(name, value);

    const api = await other.get('/api/user');
    expect(api.statusCode).toBe(401);
    expect(markerLine(api)).toMatch(/Expires=Thu, 01 Jan 1970/i);

    const landing = await page.get('/');
    expect(markerLine(landing)).toMatch(/Expires=Thu, 01 Jan 1970/i);
    // The session that changed the password keeps its marker.
    expect(markerLine(await client.get('/api/user'))).toBeUndefined();
  });

  it('is set by the session read when a live session has none (a session started before markers existed, or a cookie removed)', async () => {
    const { client } = await signUp(t.app);
    const marker = client.otherCookies.get('spindle_shelf');
    client.otherCookies.delete('spindle_shelf');
    const res = await client.get('/api/user');
    expect(res.statusCode).toBe(200);
    expect(client.otherCookies.get('spindle_shelf')).toBe(marker);
    // An answer that sets a cookie is never kept: the next read is.
    expect(res.headers['spindle-keepable']).toBeUndefined();
    expect((await client.get('/api/user')).headers['spindle-keepable']).toBe('1');
  });

  it('is cleared from a request without any session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/collections',
      headers: { cookie: 'spindle_shelf=abcdefghijklmnopqrstuv' },
    });
    expect(res.statusCode).toBe(401);
    expect(markerLine(res)).toMatch(/Expires=Thu, 01 Jan 1970/i);
  });
});
