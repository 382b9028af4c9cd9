import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_MESSAGE } from '../src/server/plugins/request-origin.js';
import { HttpClient, login, type Account } from './support/http.js';
import { BODY_ID_FIELDS, isAdminRoute, pathClass, PATH_CLASSES } from './support/route-classes.js';
import { MASS_ASSIGNMENT_SKIP, ownPath, PRIVILEGED_FIELDS, SAMPLES } from './support/samples.js';
import { routeKey, type RouteInfo } from './support/server.js';
import { startStage } from './support/stage.js';
import { bodyKeys } from './support/zod-shape.js';
import { accountWithStatus, adminClient, makeOwner, userRow, type Owner } from './support/world.js';

// Attacks generated from the server's own route table (Fastify's onRoute hook): a route added later
// is attacked the day it lands, or fails the first tests below until it is classified.

const stage = await startStage();
const { server } = stage;
const routes = server.routes;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let a: Owner;
let b: Owner;
let admin: HttpClient;
let paused: Account;
let revoked: Account;
let pausedAdmin: Account;

beforeAll(async () => {
  a = await makeOwner(server, 'alice');
  b = await makeOwner(server, 'bob');
  admin = await adminClient(server);
  paused = await accountWithStatus(server, 'paused');
  revoked = await accountWithStatus(server, 'revoked');
  pausedAdmin = await accountWithStatus(server, 'paused');
  await server.app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', pausedAdmin.id).execute();
});
afterAll(() => stage.close());

/** A path for any route: `:param` and `*` filled with harmless values. */
const anyPath = (route: RouteInfo) => route.url.replace(/:[A-Za-z0-9_]+/g, '1').replace('*', 'x');

const ownedRoutes = routes.filter((route) => {
  const cls = pathClass(route);
  return cls !== 'admin' && cls?.kind === 'owned';
});
const adminRoutes = routes.filter(isAdminRoute);
const bodyRoutes = routes.filter((route) => route.bodySchema && !isAdminRoute(route));

describe('the route table is fully classified', () => {
  it('has the routes the suite expects to attack (sanity: the table is really read)', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(['GET /api/albums/:id', 'PUT /api/albums/:id', 'POST /api/login']));
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  it('every route with a path parameter is listed in route-classes.ts with its kind (owned, capability…)', () => {
    const unclassified = routes.filter((route) => route.params.length > 0 && pathClass(route) === undefined).map(routeKey);
    expect(unclassified, 'add these routes to PATH_CLASSES in security/support/route-classes.ts, with a reason').toEqual([]);
    // And nothing listed that the server no longer has (a stale list protects nothing).
    const urls = new Set(routes.map((route) => route.url));
    expect(Object.keys(PATH_CLASSES).filter((url) => !urls.has(url))).toEqual([]);
  });

  it('every body field that names an object by id is listed (and attacked below)', () => {
    const unlisted = routes
      .filter((route) => route.bodySchema && !isAdminRoute(route))
      .flatMap((route) => bodyKeys(route.bodySchema!).filter((key) => /id$/i.test(key)).map((key) => `${routeKey(route)} ${key}`))
      .filter((key) => !(key in BODY_ID_FIELDS));
    expect(unlisted, 'add these to BODY_ID_FIELDS in security/support/route-classes.ts').toEqual([]);
  });

  it('every route with a JSON body has a valid sample body for the attacks', () => {
    expect(bodyRoutes.map(routeKey).filter((key) => !(key in SAMPLES)), 'add a sample to security/support/samples.ts').toEqual([]);
  });

  it('only the signed Stripe webhook opts out of the same-origin check', () => {
    expect(routes.filter((route) => route.config.allowCrossOrigin).map(routeKey)).toEqual(['POST /api/subscription/webhook']);
  });
});

/** The owner's objects are all still there, unchanged. */
async function expectOwnerIntact(owner: Owner) {
  const album = await owner.client.get(`/api/albums/${owner.albumId}`);
  expect(album.status).toBe(200);
  expect(album.json).toMatchObject({ title: `${owner.marker} title`, collection: owner.collectionName });
  const collections = (await owner.client.get('/api/collections')).json as { name: string }[];
  expect(collections.map((c) => c.name)).toContain(owner.collectionName);
  const stores = (await owner.client.get('/api/record-stores')).json as { id: number; name: string }[];
  expect(stores.find((s) => s.id === owner.storeId)?.name).toBe(`${owner.marker} store`);
  expect((await owner.client.get(`/api/cover-art/${owner.coverName}`)).status).toBe(200);
  expect((await new HttpClient(server.url).get(`/api/shared/${owner.shareToken}`)).status).toBe(200);
  const wish = await owner.client.get(`/api/wishlist/${owner.wishId}`);
  expect(wish.json).toMatchObject({ title: `${owner.marker} wish`, notes: `${owner.marker} wish notes` });
}

describe('ownership: another user gets 404 on every verb of every object route, never the data', () => {
  it.each(ownedRoutes.map((route) => [routeKey(route), route] as const))('%s', async (_key, route) => {
    const sample = SAMPLES[routeKey(route)]?.(b).body;
    const res = await b.client.request(ownPath(route, a), { method: route.method, ...(sample ? { body: sample } : {}) });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(a.marker);
    // Signed out: 401, not a hint that the object exists.
    const anonymous = await new HttpClient(server.url).request(ownPath(route, a), { method: route.method, ...(sample ? { body: sample } : {}) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain(a.marker);
    await expectOwnerIntact(a);
  });

  it('an id in a body names only the caller’s objects (update-coordinates storeId, cover upload albumId)', async () => {
    const coordinates = await b.client.post('/api/record-stores/update-coordinates', { storeId: a.storeId });
    expect(coordinates.status).toBe(404);
    expect(coordinates.text).not.toContain(a.marker);
    const form = new FormData();
    form.append('albumId', String(a.albumId));
    form.append('file', new Blob([new Uint8Array(8)], { type: 'image/png' }), 'x.png');
    const upload = await fetch(`${server.url}/api/cover-art/upload`, { method: 'POST', body: form, headers: { cookie: b.client.cookieHeader, origin: server.url } });
    expect(upload.status).toBe(404);
    // Adding an album that "fulfils" another user's wish removes nothing and adds nothing.
    const fulfils = await b.client.post('/api/albums', { collection: b.collectionName, title: 'Anything', artist: 'Anyone', fulfilsWishId: a.wishId });
    expect(fulfils.status).toBe(404);
    expect(fulfils.text).not.toContain(a.marker);
    // Another user's stored cover cannot be claimed by importing its address.
    const claim = await b.client.post('/api/cover-art/import', { url: a.coverUrl });
    expect(claim.status).toBe(404);
    await expectOwnerIntact(a);
  });
});

describe('capability links give exactly what they name', () => {
  it('a collection’s share link serves only that collection’s covers, and dies when disabled', async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get(`/api/shared/${a.shareToken}/cover-art/${a.coverName}`)).status).toBe(200);
    // Another user's cover through A's link, and A's cover through B's link: not found.
    expect((await anonymous.get(`/api/shared/${a.shareToken}/cover-art/${b.coverName}`)).status).toBe(404);
    expect((await anonymous.get(`/api/shared/${b.shareToken}/cover-art/${a.coverName}`)).status).toBe(404);
    const albums = await anonymous.get(`/api/shared/${b.shareToken}/albums`);
    expect(albums.text).not.toContain(a.marker);
    const stores = await anonymous.get(`/api/record-stores/shared/${b.storeShareToken}`);
    expect(stores.status).toBe(200);
    expect(stores.text).not.toContain(a.marker);
    // The gift list names the wish and nothing private: no notes, no max price, no other user's wish.
    const gifts = await anonymous.get(`/api/wishlist/shared/${a.wishlistShareToken}`);
    expect(gifts.status).toBe(200);
    expect(gifts.text).toContain(`${a.marker} wish`);
    expect(gifts.text).not.toContain('wish notes');
    expect(gifts.text).not.toContain('maxPrice');
    expect((await anonymous.get(`/api/wishlist/shared/${b.wishlistShareToken}`)).text).not.toContain(a.marker);
    const c = await makeOwner(server, 'carol');
    expect((await c.client.delete(`/api/collections/${c.collectionId}/share`)).status).toBe(200);
    for (const path of [`/api/shared/${c.shareToken}`, `/api/shared/${c.shareToken}/albums`, `/api/shared/${c.shareToken}/cover-art/${c.coverName}`]) {
      expect((await anonymous.get(path)).status, path).toBe(404);
    }
  });
});

describe('administration: every /api/admin route refuses non-administrators, paused and revoked users', () => {
  const cases = adminRoutes.map((route) => [routeKey(route), route] as const);
  it.each(cases)('%s', async (_key, route) => {
    const path = anyPath(route);
    const send = (client: HttpClient) => client.request(path, { method: route.method, ...(STATE_CHANGING.has(route.method) ? { body: {} } : {}) });
    const anonymous = await send(new HttpClient(server.url));
    expect(anonymous.status).toBe(401);
    const user = await send(b.client);
    expect(user.status).toBe(403);
    expect(user.json).toMatchObject({ message: 'Administrator access required' });
    // docs/product/auth.md#paused-and-revoked: a paused or revoked account's session finds no user; a
    // paused administrator neither.
    for (const account of [paused, revoked, pausedAdmin]) expect((await send(account.client)).status).toBe(401);
    if (route.method === 'GET') expect([401, 403]).not.toContain((await send(admin)).status);
  });

  it('paused and revoked accounts cannot sign in again (403 naming the state), and their old sessions are dead everywhere', async () => {
    for (const account of [paused, revoked]) {
      const res = await new HttpClient(server.url).post('/api/login', { username: account.email, password: account.password });
      expect(res.status).toBe(403);
      expect((await account.client.get('/api/user')).status).toBe(401);
      expect((await account.client.get('/api/albums')).status).toBe(401);
    }
  });
});

describe('mass assignment: privileged fields on every body are ignored', () => {
  let attacker: Owner;
  let before: Awaited<ReturnType<typeof userRow>>;
  beforeAll(async () => {
    attacker = await makeOwner(server, 'mallory');
    before = await userRow(server, attacker.id);
  });

  const cases = bodyRoutes.filter((route) => SAMPLES[routeKey(route)] && !(routeKey(route) in MASS_ASSIGNMENT_SKIP));
  it.each(cases.map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const sample = SAMPLES[key]!(attacker);
    const body = { ...sample.body, ...PRIVILEGED_FIELDS(a.id, route.url.includes('record-stores') ? a.storeId : route.url.includes('wishlist') ? a.wishId : route.url.includes('collections') ? a.collectionId : a.albumId) };
    const res = await attacker.client.request(ownPath(route, attacker), { method: route.method, body });
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.text).not.toMatch(/"isAdmin":true/);
    expect(res.text).not.toContain(a.marker);
    if (key === 'POST /api/register') {
      const created = res.json as { id: number; isAdmin: boolean; subscriptionStatus: string };
      expect(created).toMatchObject({ isAdmin: false, subscriptionStatus: 'trialing' });
      expect((await userRow(server, created.id)).is_admin).toBe(0);
    }
    if (res.status < 300 && res.json && typeof res.json === 'object' && 'id' in res.json && key.startsWith('POST')) {
      // A created object gets its own id, never the one sent.
      expect((res.json as { id: number }).id).not.toBe(body.id);
    }
    const after = await userRow(server, attacker.id);
    expect({ admin: after.is_admin, status: after.subscription_status, account: after.account_status, trial: after.trial_end_date }).toEqual({
      admin: before.is_admin,
      status: before.subscription_status,
      account: before.account_status,
      trial: before.trial_end_date,
    });
    await expectOwnerIntact(a);
    if (sample.endsSession || (await attacker.client.get('/api/user')).status === 401) {
      attacker.client = await login(server.url, attacker.email, attacker.password);
    }
  });

  it('a prototype-poisoning body (__proto__, constructor.prototype) is refused and pollutes nothing', async () => {
    for (const raw of ['{"name":"x","__proto__":{"isAdmin":true}}', '{"name":"x","constructor":{"prototype":{"isAdmin":true}}}']) {
      const res = await b.client.request('/api/collections', { method: 'POST', raw, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    }
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect((await b.client.get('/api/user')).json).toMatchObject({ isAdmin: false });
  });
});

describe('bad bodies: every route that takes one answers null, [], "" and no body with a 4xx and a message, never 500', () => {
  // A guard or schema refinement that reads a field before the body is known to be an object throws
  // on these; the answer must be the validation's 400 (or the status the route gives first).
  const takesBody = routes.filter((route) => STATE_CHANGING.has(route.method) && (route.bodySchema || route.config.acceptsMultipart));
  const BAD_BODIES: { what: string; raw?: string }[] = [{ what: 'null', raw: 'null' }, { what: '[]', raw: '[]' }, { what: '""', raw: '""' }, { what: 'no body' }];
  let caller: Owner;
  beforeAll(async () => {
    caller = await makeOwner(server, 'nobody');
  });

  it('covers the routes the issue named (sanity)', () => {
    expect(takesBody.map(routeKey)).toEqual(expect.arrayContaining(['POST /api/albums', 'PUT /api/albums/:id', 'POST /api/import/albums']));
  });

  it.each(takesBody.map((route) => [routeKey(route), route] as const))('%s', async (_key, route) => {
    const cls = pathClass(route);
    const client = cls === 'admin' ? admin : caller.client;
    const path = cls !== 'admin' && cls?.kind === 'owned' ? ownPath(route, caller) : anyPath(route);
    for (const bad of BAD_BODIES) {
      const headers: Record<string, string> = bad.raw === undefined ? {} : { 'content-type': 'application/json' };
      const res = await client.request(path, { method: route.method, ...(bad.raw === undefined ? {} : { raw: bad.raw }), headers });
      // A route whose body is optional by design (update-coordinates without a store: every store)
      // may accept null or no body; it must still never fail.
      const parsed = bad.raw === undefined ? undefined : (JSON.parse(bad.raw) as unknown);
      if (route.bodySchema?.safeParse(parsed).success) {
        expect(res.status, `${bad.what} (a body the schema accepts): ${res.text}`).toBeLessThan(500);
        continue;
      }
      expect([400, 401, 402, 403, 404, 415], `${bad.what}: ${res.status} ${res.text}`).toContain(res.status);
      expect(res.json, `${bad.what}: ${res.text}`).toMatchObject({ message: expect.stringMatching(/\w/) });
    }
    // Nothing of the caller's was changed or ended by the refused bodies.
    await expectOwnerIntact(caller);
    expect((await caller.client.get('/api/user')).status).toBe(200);
  });
});

describe('CSRF: every state-changing route refuses other origins and simple-request bodies', () => {
  const cases = routes.filter((route) => STATE_CHANGING.has(route.method) && !route.config.allowCrossOrigin);
  let counts: string;
  const snapshot = async () => JSON.stringify([(await a.client.get('/api/collections')).json, (await a.client.get('/api/record-stores')).json, (await a.client.get('/api/user')).status]);
  beforeAll(async () => {
    counts = await snapshot();
  });

  it.each(cases.map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const path = pathClass(route) !== 'admin' && PATH_CLASSES[route.url]?.kind === 'owned' ? ownPath(route, a) : anyPath(route);
    const body = JSON.stringify(SAMPLES[key]?.(a).body ?? {});
    const attempts: { what: string; headers: Record<string, string>; raw: string; status: number[] }[] = [
      { what: 'JSON from another site', headers: { origin: 'https://evil.example', 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, raw: body, status: [403] },
      { what: 'JSON from a sibling port of the same host', headers: { origin: server.url.replace(/:\d+$/, ':1'), 'content-type': 'application/json' }, raw: body, status: [403] },
      { what: 'no Origin but Sec-Fetch-Site cross-site', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, raw: body, status: [403] },
      { what: 'Origin null from a sandboxed frame elsewhere', headers: { origin: 'null', 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, raw: body, status: [403] },
      { what: 'text/plain form from another site', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, raw: body, status: [403] },
      { what: 'urlencoded form from another site', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, raw: 'name=csrf&tier=premium', status: [403] },
      { what: 'multipart form from another site', headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' }, raw: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\ncsrf\r\n--x--\r\n', status: [403] },
      // From the app's own origin a text/plain body is still no JSON: refused, never parsed as one.
      { what: 'text/plain from the own origin', headers: { origin: server.url, 'content-type': 'text/plain' }, raw: body, status: [400, 401, 403, 404, 415] },
    ];
    if (isAdminRoute(route)) attempts.splice(attempts.length - 1, 1);
    for (const attempt of attempts) {
      const res = await a.client.request(path, { method: route.method, raw: attempt.raw, headers: attempt.headers, noOrigin: true });
      expect(attempt.status, `${attempt.what}: ${res.status} ${res.text}`).toContain(res.status);
      if (res.status === 403 && !isAdminRoute(route)) expect(res.json).toMatchObject({ message: CROSS_ORIGIN_MESSAGE });
    }
  });

  it('changed nothing of the signed-in victim’s data', async () => {
    expect(await snapshot()).toBe(counts);
  });
});

describe('Cache-Control: no signed-in answer is left for shared caches', () => {
  const reads = routes.filter((route) => route.method === 'GET' && route.url.startsWith('/api/'));
  it.each(reads.map((route) => [routeKey(route), route] as const))('%s', async (_key, route) => {
    const cls = pathClass(route);
    if (cls !== 'admin' && cls?.kind === 'capability') return; // public share links: tested in auth-and-headers
    const client = cls === 'admin' ? admin : a.client;
    const path = cls !== 'admin' && cls?.kind === 'owned' ? ownPath(route, a) : anyPath(route);
    const res = await client.get(path);
    expect(res.headers.get('cache-control') ?? '', `${path} answered ${res.status}`).toMatch(/no-store|private/);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });
});
