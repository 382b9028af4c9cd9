import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness.js';
import { NO_FILE_MESSAGE } from '../features/cover-art/cover-art.routes.js';
import { CROSS_ORIGIN_MESSAGE, MULTIPART_REFUSED_MESSAGE } from './request-origin.js';

let deployed: TestApp; // PUBLIC_URL set by the operator
let defaulted: TestApp; // PUBLIC_URL left at http://localhost:$PORT
let client: Client;
let local: Client;
let webhookCalls = 0;

beforeAll(async () => {
  deployed = await createTestApp({ PUBLIC_URL: 'https://spindle.example' });
  defaulted = await createTestApp({ PORT: '3000' });
  // A route that authenticates otherwise (as a payment provider's signed webhook does) opts out.
  deployed.app.post('/api/test/signed-webhook', { config: { allowCrossOrigin: true } }, async () => ({ received: ++webhookCalls }));
  client = (await signUp(deployed.app)).client;
  local = (await signUp(defaulted.app)).client;
});
afterAll(async () => {
  await deployed.close();
  await defaulted.close();
});

const createCollection = (c: Client, name: string, headers: Record<string, string>, extra: Partial<InjectOptions> = {}) =>
  c.request({ method: 'POST', url: '/api/collections', payload: { name }, headers, ...extra });
const collectionNames = async (c: Client) => (await c.get('/api/collections')).json<{ name: string }[]>().map((col) => col.name);

function multipart(fields: Record<string, string>) {
  const boundary = 'spindle-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('state-changing requests from another origin (CSRF)', () => {
  it.each([
    ['another site', 'http://evil.example'],
    ['another port of the same host', 'https://spindle.example:8443'],
    ['a sibling subdomain', 'https://shop.spindle.example'],
    ['plain http of the same host', 'http://spindle.example'],
    ['an opaque origin', 'null'],
  ])('refuses one whose Origin is %s with 403 JSON, and changes nothing', async (_what, origin) => {
    const res = await createCollection(client, `From ${origin}`, { origin });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: CROSS_ORIGIN_MESSAGE, code: 'FORBIDDEN' });
    expect(await collectionNames(client)).not.toContain(`From ${origin}`);
  });

  it('accepts an opaque Origin only when the browser says the request is same-origin (a no-referrer page of its own)', async () => {
    const sameOrigin = await createCollection(client, 'From a no-referrer page', { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(201);
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await createCollection(client, `Sandboxed ${site}`, { origin: 'null', 'sec-fetch-site': site });
      expect(res.statusCode).toBe(403);
    }
    const names = await collectionNames(client);
    expect(names).toContain('From a no-referrer page');
    expect(names.filter((name) => name.startsWith('Sandboxed'))).toEqual([]);
  });

  it('refuses PUT and DELETE too, and a login or logout started elsewhere', async () => {
    const created = await createCollection(client, 'Keep me', { origin: 'https://spindle.example' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const evil = { origin: 'http://evil.example' };
    expect((await client.request({ method: 'PUT', url: `/api/collections/${id}`, payload: { name: 'Renamed' }, headers: evil })).statusCode).toBe(403);
    expect((await client.request({ method: 'DELETE', url: `/api/collections/${id}`, headers: evil })).statusCode).toBe(403);
    expect(await collectionNames(client)).toContain('Keep me');
    expect((await client.request({ method: 'POST', url: '/api/logout', headers: evil })).statusCode).toBe(403);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    const login = await deployed.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'a@b.co', password: 'whatever-pass' }, headers: evil });
    expect(login.statusCode).toBe(403);
  });

  it('accepts PUBLIC_URL’s origin, and requests that name no origin (curl, servers)', async () => {
    expect((await createCollection(client, 'Own origin', { origin: 'https://spindle.example' })).statusCode).toBe(201);
    expect((await createCollection(client, 'No headers', {})).statusCode).toBe(201);
  });

  it('judges by Sec-Fetch-Site when there is no Origin: same-origin and none pass, same-site and cross-site do not', async () => {
    expect((await createCollection(client, 'Same origin', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await createCollection(client, 'Typed by the user', { 'sec-fetch-site': 'none' })).statusCode).toBe(201);
    for (const site of ['same-site', 'cross-site']) {
      const res = await createCollection(client, `From ${site}`, { 'sec-fetch-site': site });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CROSS_ORIGIN_MESSAGE);
    }
  });

  it('does not take the Host a request names for the app’s origin when PUBLIC_URL is set', async () => {
    const res = await createCollection(client, 'Via host', { origin: 'http://10.1.2.3:3000', host: '10.1.2.3:3000' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cross-origin request to a path that does not exist, or to the administration, alike', async () => {
    for (const url of ['/api/no-such-route', '/api/admin/users', '/not-an-api-path']) {
      const res = await client.request({ method: 'POST', url, payload: {}, headers: { origin: 'http://evil.example' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CROSS_ORIGIN_MESSAGE);
    }
  });

  it('leaves reads alone (a page elsewhere cannot read the answer)', async () => {
    expect((await client.request({ method: 'GET', url: '/api/collections', headers: { origin: 'http://evil.example' } })).statusCode).toBe(200);
  });

  it('lets a route that authenticates otherwise opt out', async () => {
    const res = await deployed.app.inject({ method: 'POST', url: '/api/test/signed-webhook', payload: {}, headers: { origin: 'https://hooks.payments.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1 });
  });
});

describe('the app’s origin with PUBLIC_URL at its default', () => {
  it('accepts the default localhost origin and the origin the browser reached (127.0.0.1 or another name)', async () => {
    expect((await createCollection(local, 'Localhost', { origin: 'http://localhost:3000' })).statusCode).toBe(201);
    expect((await createCollection(local, 'Loopback', { origin: 'http://127.0.0.1:4400', host: '127.0.0.1:4400' })).statusCode).toBe(201);
    expect((await createCollection(local, 'LAN', { origin: 'http://music-box.lan:4400', host: 'music-box.lan:4400' })).statusCode).toBe(201);
  });

  it('still refuses another origin, including another port of the host reached', async () => {
    expect((await createCollection(local, 'Other port', { origin: 'http://127.0.0.1:5000', host: '127.0.0.1:4400' })).statusCode).toBe(403);
    expect((await createCollection(local, 'Evil', { origin: 'http://evil.example', host: '127.0.0.1:4400' })).statusCode).toBe(403);
    expect(await collectionNames(local)).not.toContain('Other port');
  });
});

describe('multipart bodies', () => {
  it('are refused with 415 on routes that take no file, and change nothing', async () => {
    const created = await createCollection(client, 'Private shelf', {});
    const id = created.json().id as number;
    const form = multipart({ name: 'x' });
    const share = await client.request({ method: 'POST', url: `/api/collections/${id}/share`, payload: form.payload, headers: { 'content-type': form.contentType } });
    expect(share.statusCode).toBe(415);
    expect(share.json()).toMatchObject({ message: MULTIPART_REFUSED_MESSAGE, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const listed = (await client.get('/api/collections')).json<{ id: number; shareToken?: string }[]>();
    expect(listed.find((col) => col.id === id)?.shareToken).toBeUndefined();
    const create = await client.request({ method: 'POST', url: '/api/collections', payload: form.payload, headers: { 'content-type': form.contentType } });
    expect(create.statusCode).toBe(415);
  });

  it('still reach the cover upload', async () => {
    const form = multipart({ title: 'Kind of Blue' });
    const res = await client.request({ method: 'POST', url: '/api/cover-art/upload', payload: form.payload, headers: { 'content-type': form.contentType, origin: 'https://spindle.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_FILE_MESSAGE);
  });
});
