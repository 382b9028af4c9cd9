import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../test/fake-musicbrainz.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { NOT_AN_IMAGE_AT_URL } from './remote-image.service.js';
import { NOT_PUBLIC_MESSAGE } from '../../upstream/safe-fetch.js';

let fake: FakeMusicBrainz;
/** A deployed-like app: no test allowance, the real CAA base (never contacted here). */
let strict: TestApp;
/** The test allowance lets the first hop reach the fake "web host" on 127.0.0.1. */
let allowed: TestApp;
let strictClient: Client;
let client: Client;

beforeAll(async () => {
  fake = await startFakeMusicBrainz();
  strict = await createTestApp();
  allowed = await createTestApp({}, { testAllowedPrivateHosts: ['127.0.0.1'] });
  strictClient = (await signUp(strict.app)).client;
  client = (await signUp(allowed.app)).client;
});
afterAll(async () => {
  await strict.close();
  await allowed.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const proxy = (c: Client, url: string) => c.get(`/api/cover-art-image?url=${encodeURIComponent(url)}`);

describe('GET /api/cover-art-image (the image proxy)', () => {
  it('answers 401 signed out and 402 to a gated user, and fetches nothing', async () => {
    const url = `${fake.url}/web/cover.png`;
    expect((await proxy(new Client(allowed.app), url)).statusCode).toBe(401);
    const gated = await signUp(allowed.app);
    await allowed.app.ctx.db.updateTable('users').set({ subscription_status: 'inactive' }).where('id', '=', gated.user.id).execute();
    const res = await proxy(gated.client, url);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ redirectTo: '/subscription', userId: gated.user.id });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/web/cover.png`],
    ['0x7f000001', (port: number) => `http://0x7f000001:${port}/web/cover.png`],
    ['2130706433', (port: number) => `http://2130706433:${port}/web/cover.png`],
    ['0177.0.0.1 (octal)', (port: number) => `http://0177.0.0.1:${port}/web/cover.png`],
    ['127.1 (short)', (port: number) => `http://127.1:${port}/web/cover.png`],
    ['[::1]', (port: number) => `http://[::1]:${port}/web/cover.png`],
    ['[::ffff:127.0.0.1]', (port: number) => `http://[::ffff:127.0.0.1]:${port}/web/cover.png`],
    ['localhost', (port: number) => `http://localhost:${port}/web/cover.png`],
    ['0.0.0.0', (port: number) => `http://0.0.0.0:${port}/web/cover.png`],
    ['10.0.0.1', () => 'http://10.0.0.1/cover.png'],
    ['192.168.1.1', () => 'http://192.168.1.1/cover.png'],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['100.64.0.1 (CGNAT)', () => 'http://100.64.0.1/cover.png'],
    ['file://', () => 'file:///etc/passwd'],
    ['a javascript: URL', () => 'javascript:alert(1)'],
    ['a relative path', () => '/api/health'],
  ])('refuses %s with 400 and never connects', async (_what, make) => {
    const res = await proxy(strictClient, make(fake.port));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_PUBLIC_MESSAGE);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses credentials in the address', async () => {
    const res = await proxy(client, `http://user:secret@127.0.0.1:${fake.port}/web/cover.png`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image addresses must not contain a user name or password');
  });

  it('serves an image from the allowed fake host with its type, nosniff, a sandboxing CSP and cache headers', async () => {
    const res = await proxy(client, `${fake.url}/web/cover.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(fake.requests[0]?.headers['user-agent']).toMatch(/^Spindle\//);
    const again = await client.request({ method: 'GET', url: `/api/cover-art-image?url=${encodeURIComponent(`${fake.url}/web/cover.png`)}`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps what it fetched in the shared cache: the second call asks nobody', async () => {
    const url = `${fake.url}/web/cover.webp`;
    expect((await proxy(client, url)).statusCode).toBe(200);
    const second = await proxy(client, url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/webp');
    expect(fake.requests).toHaveLength(1);
  });

  it('answers with the type the bytes show, never the one the server claims', async () => {
    const html = await proxy(client, `${fake.url}/web/page.html`);
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe(NOT_AN_IMAGE_AT_URL);
    const liar = await proxy(client, `${fake.url}/web/fake.png`);
    expect(liar.statusCode).toBe(400);
    expect(liar.json().message).toBe(NOT_AN_IMAGE_AT_URL);
  });

  it('refuses a redirect from the allowed host to loopback', async () => {
    const res = await proxy(client, `${fake.url}/web/redirect?to=${encodeURIComponent(`${fake.url}/web/cover.png`)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_PUBLIC_MESSAGE);
    expect(fake.requests.map((r) => r.path)).toEqual(['/web/redirect']);
  });

  it('stops at 5 MB', async () => {
    const res = await proxy(client, `${fake.url}/web/huge`);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is larger than 5 MB');
  });

  it('answers 502 when the image host fails', async () => {
    const res = await proxy(client, `${fake.url}/web/nothing-here.png`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The image could not be downloaded (the server answered 404)');
  });

  it('needs an address and a signed-in user', async () => {
    const missing = await client.get('/api/cover-art-image');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter an image address');
    expect((await proxy(new Client(allowed.app), `${fake.url}/web/cover.png`)).statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('search results through the proxy (operator-configured Cover Art Archive)', () => {
  it('follows the archive’s 307 to the image even though the configured archive is local', async () => {
    const app = await createTestApp({ MUSICBRAINZ_URL: fake.url, COVER_ART_ARCHIVE_URL: fake.url });
    try {
      const { client: c } = await signUp(app.app);
      const [first] = (await c.get('/api/cover-art?title=Abbey%20Road&artist=Beatles')).json();
      const res = await proxy(c, first);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const hops = fake.requests.filter((r) => r.path.includes('front-500') || r.path.startsWith('/images/'));
      expect(hops.map((r) => r.path)).toEqual([expect.stringMatching(/front-500$/), expect.stringMatching(/^\/images\/mbid-.*_thumb500\.jpg$/)]);
    } finally {
      await app.close();
    }
  });
});
