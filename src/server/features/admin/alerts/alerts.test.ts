import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertConfig, AlertHistoryItem, AlertType } from '../../../../common/admin-alerts.schemas.js';
import { Client, createTestApp, signUp, testDbKind, type TestApp } from '../../../test/harness.js';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { settleAlerts } from './alerts.service.js';

const ADMIN = { username: 'admin@example.com', password: 'admin-password' };

let t: TestApp;
let sink: SmtpSink;
let admin: Client;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: sink.url, PUBLIC_URL: 'https://spindle.example' }, { mailWorker: false });
  admin = new Client(t.app);
  expect((await admin.post('/api/login', ADMIN)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const settle = () => settleAlerts(t.app.ctx);

async function configs(): Promise<AlertConfig[]> {
  const res = await admin.get('/api/admin/alerts/config');
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function configOf(type: AlertType): Promise<AlertConfig> {
  return (await configs()).find((c) => c.type === type)!;
}
async function setConfig(type: AlertType, body: Record<string, unknown>) {
  const { id } = await configOf(type);
  return admin.put(`/api/admin/alerts/config/${id}`, body);
}
async function history(): Promise<AlertHistoryItem[]> {
  await settle();
  const res = await admin.get('/api/admin/alerts/history');
  expect(res.statusCode).toBe(200);
  return res.json<{ alerts: AlertHistoryItem[] }>().alerts;
}
async function unread(): Promise<number> {
  await settle();
  return (await admin.get('/api/admin/alerts/count')).json<{ count: number }>().count;
}
const ofType = async (type: AlertType) => (await history()).filter((a) => a.type === type);

/** Back to the seeded defaults, with no history and no queued mail, before each test. */
beforeEach(async () => {
  await settle();
  await t.app.ctx.db.deleteFrom('alert_history').execute();
  await t.app.ctx.db.deleteFrom('mail_outbox').execute();
  sink.received.length = 0;
  for (const [type, threshold] of [
    ['album_count', 1000],
    ['collection_count', 20],
    ['subscription_active', undefined],
    ['subscription_inactive', undefined],
    ['new_user', undefined],
  ] as const) {
    const res = await setConfig(type, { enabled: true, emailNotification: false, notificationEmail: null, ...(threshold === undefined ? {} : { threshold }) });
    expect(res.statusCode).toBe(200);
  }
});

const routes: [string, string][] = [
  ['GET', '/api/admin/alerts/config'],
  ['PUT', '/api/admin/alerts/config/1'],
  ['GET', '/api/admin/alerts/history'],
  ['GET', '/api/admin/alerts/count'],
  ['PUT', '/api/admin/alerts/history/1/read'],
  ['PUT', '/api/admin/alerts/history/read-all'],
];

describe('who may call the alert routes', () => {
  it('answers 401 signed out and 403 to a user who is not an administrator, and changes nothing', async () => {
    const { client } = await signUp(t.app);
    await settle();
    const before = await history();
    expect(before).toHaveLength(1);
    for (const [method, url] of routes) {
      const payload = method === 'PUT' && url.includes('config') ? { enabled: false } : undefined;
      expect((await new Client(t.app).request({ method: method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
      const res = await client.request({ method: method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('new_user');
    }
    expect(await history()).toEqual(before);
    expect((await configs()).every((c) => c.enabled)).toBe(true);
  });
});

describe('GET /api/admin/alerts/config', () => {
  it('lists the five configurations, seeded with their defaults; a threshold only on the count types', async () => {
    expect(await configs()).toEqual([
      { id: expect.any(Number), type: 'album_count', enabled: true, threshold: 1000, emailNotification: false, notificationEmail: null },
      { id: expect.any(Number), type: 'collection_count', enabled: true, threshold: 20, emailNotification: false, notificationEmail: null },
      { id: expect.any(Number), type: 'subscription_active', enabled: true, emailNotification: false, notificationEmail: null },
      { id: expect.any(Number), type: 'subscription_inactive', enabled: true, emailNotification: false, notificationEmail: null },
      { id: expect.any(Number), type: 'new_user', enabled: true, emailNotification: false, notificationEmail: null },
    ]);
  });

  it('seeds them once: another instance started on the same database leaves five', async () => {
    const sameDb: Record<string, string> = t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir };
    const other = await createTestApp(sameDb);
    await other.close();
    const rows = await t.app.ctx.db.selectFrom('alert_configs').select('type').execute();
    expect(rows.map((r) => r.type).sort()).toEqual(['album_count', 'collection_count', 'new_user', 'subscription_active', 'subscription_inactive']);
  });

  // Two processes on one SQLite file take turns through its lock; in one process the test cannot
  // start two at once (better-sqlite3 waits synchronously), so this runs on PostgreSQL.
  it.runIf(testDbKind === 'postgres')('seeds them once: two instances starting together on a new database leave five', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `spindle_t_seed_${process.pid}_${Date.now()}`;
    const server = new pg.Client({ connectionString: base });
    await server.connect();
    await server.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const apps = await Promise.all([createTestApp({ DATABASE_URL: url.toString() }), createTestApp({ DATABASE_URL: url.toString() })]);
      const rows = await apps[0].app.ctx.db.selectFrom('alert_configs').select('type').execute();
      await Promise.all(apps.map((a) => a.close()));
      expect(rows.map((r) => r.type).sort()).toEqual(['album_count', 'collection_count', 'new_user', 'subscription_active', 'subscription_inactive']);
    } finally {
      await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.end();
    }
  });
});

describe('PUT /api/admin/alerts/config/{id}', () => {
  it('changes enabled, e-mail notification, recipient and threshold, and the list shows it', async () => {
    const res = await setConfig('album_count', { enabled: false, emailNotification: true, notificationEmail: 'alerts@example.com', threshold: 250 });
    expect(res.statusCode).toBe(200);
    const expected = { id: expect.any(Number), type: 'album_count', enabled: false, threshold: 250, emailNotification: true, notificationEmail: 'alerts@example.com' };
    expect(res.json()).toEqual(expected);
    expect(await configOf('album_count')).toEqual(expected);
    expect(await configOf('collection_count')).toMatchObject({ enabled: true, threshold: 20 });
  });

  it('keeps the fields it is not sent, and takes an empty recipient as null', async () => {
    await setConfig('new_user', { emailNotification: true, notificationEmail: 'ops@example.com' });
    expect((await setConfig('new_user', { enabled: false })).json()).toMatchObject({ enabled: false, emailNotification: true, notificationEmail: 'ops@example.com' });
    expect((await setConfig('new_user', { notificationEmail: '' })).json()).toMatchObject({ notificationEmail: null });
    expect((await setConfig('collection_count', { threshold: 0 })).json()).toMatchObject({ threshold: 0 });
  });

  it('refuses a negative, fractional or non-numeric threshold, or none on a count type (400), and keeps the value', async () => {
    for (const threshold of [-1, 2.5, '10', null, 1e12]) {
      const res = await setConfig('album_count', { threshold });
      expect(res.statusCode, String(threshold)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await configOf('album_count')).threshold).toBe(1000);
  });

  it('refuses a threshold for a type without one (400); a null there is ignored', async () => {
    const res = await setConfig('new_user', { threshold: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only the album and collection count alerts take a threshold');
    const ignored = await setConfig('new_user', { threshold: null, enabled: false });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).not.toHaveProperty('threshold');
  });

  it('refuses a recipient that is not an e-mail address, a bad body, and unknown or malformed ids', async () => {
    expect((await setConfig('new_user', { notificationEmail: 'not-an-email' })).statusCode).toBe(400);
    expect((await setConfig('new_user', { enabled: 'yes' })).statusCode).toBe(400);
    expect((await admin.put('/api/admin/alerts/config/999999', { enabled: false })).statusCode).toBe(404);
    expect((await admin.put('/api/admin/alerts/config/abc', { enabled: false })).statusCode).toBe(400);
    expect((await admin.put('/api/admin/alerts/config/-1', { enabled: false })).statusCode).toBe(400);
    expect((await configOf('new_user')).notificationEmail).toBeNull();
  });
});

describe('alerts from the real events', () => {
  it('a registration records one new user alert, with the username', async () => {
    const { user } = await signUp(t.app);
    const alerts = await history();
    expect(alerts).toEqual([{ id: expect.any(Number), type: 'new_user', createdAt: expect.any(String), read: false, username: user.username, details: {} }]);
    expect(Date.parse(alerts[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await unread()).toBe(1);
  });

  it('a refused registration (e-mail taken) records nothing', async () => {
    const { user } = await signUp(t.app);
    const again = await new Client(t.app).post('/api/register', { username: user.username, password: 'another password' });
    expect(again.statusCode).toBe(409);
    expect(await ofType('new_user')).toHaveLength(1);
  });

  it('a disabled configuration records nothing', async () => {
    await setConfig('new_user', { enabled: false });
    await signUp(t.app);
    expect(await history()).toEqual([]);
    expect(await unread()).toBe(0);
  });

  it('the album threshold fires once per crossing: not again above it, again after falling below and crossing back', async () => {
    await setConfig('album_count', { threshold: 3 });
    const { client, user } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Jazz' })).statusCode).toBe(201);
    const add = async (title: string) => {
      const res = await client.post('/api/albums', { collection: 'Jazz', title, artist: 'Someone' });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const first = await add('One');
    await add('Two');
    expect(await ofType('album_count')).toEqual([]);
    await add('Three');
    expect(await ofType('album_count')).toEqual([expect.objectContaining({ type: 'album_count', username: user.username, details: { count: 3 } })]);
    await add('Four');
    await add('Five');
    expect(await ofType('album_count')).toHaveLength(1);

    // Down to 2 (below 3), then back up: a new crossing.
    for (const id of [first, (await client.get('/api/albums')).json<{ id: number }[]>()[1]!.id, (await client.get('/api/albums')).json<{ id: number }[]>()[2]!.id]) {
      expect((await client.delete(`/api/albums/${id}`)).statusCode).toBe(200);
    }
    expect((await client.get('/api/albums')).json()).toHaveLength(2);
    await add('Six');
    const alerts = await ofType('album_count');
    expect(alerts.map((a) => a.details)).toEqual([{ count: 3 }, { count: 3 }]);
  });

  it('albums in several collections count together, and another user counts apart', async () => {
    await setConfig('album_count', { threshold: 2 });
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    for (const name of ['Jazz', 'Rock']) expect((await a.client.post('/api/collections', { name })).statusCode).toBe(201);
    expect((await b.client.post('/api/collections', { name: 'Jazz' })).statusCode).toBe(201);
    await a.client.post('/api/albums', { collection: 'Jazz', title: 'A1', artist: 'X' });
    await b.client.post('/api/albums', { collection: 'Jazz', title: 'B1', artist: 'X' });
    expect(await ofType('album_count')).toEqual([]);
    await a.client.post('/api/albums', { collection: 'Rock', title: 'A2', artist: 'X' });
    expect((await ofType('album_count')).map((x) => x.username)).toEqual([a.user.username]);
  });

  it('concurrent creates that cross the threshold together record one alert', async () => {
    await setConfig('album_count', { threshold: 10 });
    const { client } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Jazz' })).statusCode).toBe(201);
    expect((await client.post('/api/albums', { collection: 'Jazz', title: 'Zero', artist: 'X' })).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.post('/api/albums', { collection: 'Jazz', title: `Album ${i}`, artist: 'X' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect((await ofType('album_count')).map((a) => a.details)).toEqual([{ count: 10 }]);
  });

  it('the collection threshold fires once per crossing, concurrent creates included', async () => {
    await setConfig('collection_count', { threshold: 3 });
    const { client, user } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'One' })).statusCode).toBe(201);
    const results = await Promise.all(['Two', 'Three', 'Four', 'Five'].map((name) => client.post('/api/collections', { name })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await ofType('collection_count')).toEqual([expect.objectContaining({ username: user.username, details: { count: 3 } })]);
    expect((await client.post('/api/collections', { name: 'Six' })).statusCode).toBe(201);
    expect(await ofType('collection_count')).toHaveLength(1);
  });

  it('a disabled count configuration records nothing when the threshold is crossed', async () => {
    await setConfig('album_count', { threshold: 1, enabled: false });
    const { client } = await signUp(t.app);
    await client.post('/api/collections', { name: 'Jazz' });
    expect((await client.post('/api/albums', { collection: 'Jazz', title: 'One', artist: 'X' })).statusCode).toBe(201);
    expect(await ofType('album_count')).toEqual([]);
  });

  it('subscription activated (plan type) and deactivated (reason) come from the subscription feature', async () => {
    const { client, user } = await signUp(t.app);
    const { url, sessionId } = (await client.post('/api/subscription/checkout', { tier: 'premium' })).json<{ url: string; sessionId: string }>();
    const secret = decodeURIComponent(new URL(url).pathname.split('/').pop()!);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/demo-checkout/${sessionId}/pay`,
      payload: `secret=${encodeURIComponent(secret)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(200);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(200);
    expect((await ofType('subscription_active')).map((a) => [a.username, a.details])).toEqual([[user.username, { planType: 'premium' }]]);

    expect((await client.request({ method: 'POST', url: '/api/subscription/cancel' })).statusCode).toBe(200);
    expect((await ofType('subscription_inactive')).map((a) => [a.username, a.details])).toEqual([[user.username, { reason: 'canceled' }]]);
  });
});

describe('alert e-mails', () => {
  it('with e-mail notification on, the alert is mailed to the configured address, once', async () => {
    await setConfig('new_user', { emailNotification: true, notificationEmail: 'ops@example.com' });
    const { user } = await signUp(t.app);
    await settle();
    expect(await t.app.ctx.mail.flush()).toBe(1);
    expect(await t.app.ctx.mail.flush()).toBe(0);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(['ops@example.com']);
    expect(/^Subject: (.*)$/m.exec(mail.raw)?.[1]).toBe('Spindle alert: New User Registration');
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('New user registration.');
    expect(body).toContain(user.username);
    expect(body).toContain('https://spindle.example/admin');
  });

  it('mails a count alert with its text', async () => {
    await setConfig('collection_count', { threshold: 1, emailNotification: true, notificationEmail: 'counts@example.com' });
    const { client } = await signUp(t.app);
    await client.post('/api/collections', { name: 'Jazz' });
    await settle();
    expect(await t.app.ctx.mail.flush()).toBe(1);
    expect(sink.received.map((m) => m.to)).toEqual([['counts@example.com']]);
    expect(decodeQuotedPrintable(sink.received[0]!.raw)).toContain('User has reached 1 collections.');
  });

  it('sends nothing with e-mail off, or on without a recipient', async () => {
    await signUp(t.app);
    await setConfig('new_user', { emailNotification: true, notificationEmail: null });
    await signUp(t.app);
    await settle();
    expect(await t.app.ctx.mail.flush()).toBe(0);
    expect(await ofType('new_user')).toHaveLength(2);
  });
});

describe('history, unread count, read one, read all', () => {
  it('lists newest first, counts the unread, marks one read and then all', async () => {
    const users = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const alerts = await history();
    expect(alerts.map((a) => a.username)).toEqual(users.map((u) => u.user.username).reverse());
    expect(await unread()).toBe(3);

    const res = await admin.put(`/api/admin/alerts/history/${alerts[1]!.id}/read`);
    expect(res.statusCode).toBe(204);
    expect(await unread()).toBe(2);
    expect((await history()).map((a) => a.read)).toEqual([false, true, false]);
    // Again: still read, still 2.
    expect((await admin.put(`/api/admin/alerts/history/${alerts[1]!.id}/read`)).statusCode).toBe(204);
    expect(await unread()).toBe(2);

    expect((await admin.put('/api/admin/alerts/history/read-all')).statusCode).toBe(204);
    expect(await unread()).toBe(0);
    expect((await history()).every((a) => a.read)).toBe(true);
    expect((await admin.put('/api/admin/alerts/history/read-all')).statusCode).toBe(204);
  });

  it('answers 404 for an unknown alert and 400 for an id that is not one', async () => {
    expect((await admin.put('/api/admin/alerts/history/999999/read')).statusCode).toBe(404);
    expect((await admin.put('/api/admin/alerts/history/abc/read')).statusCode).toBe(400);
    expect((await admin.put('/api/admin/alerts/history/read-all/read')).statusCode).toBe(400);
  });

  it('shows the details of each type and answers only the latest 500', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 505 }, (_, i) => ({
      type: 'album_count',
      user_id: null,
      username: `old${i}@example.com`,
      details: JSON.stringify({ count: i, secret: 'not for the client' }),
      read: 0,
      created_at: new Date(now - (505 - i) * 1000).toISOString(),
    }));
    await t.app.ctx.db.insertInto('alert_history').values(rows).execute();
    await t.app.ctx.db
      .insertInto('alert_history')
      .values([
        { type: 'subscription_active', user_id: null, username: null, details: '{}', read: 0, created_at: new Date().toISOString() },
        { type: 'subscription_inactive', user_id: null, username: 'x@example.com', details: '{"reason":"canceled"}', read: 1, created_at: new Date().toISOString() },
      ])
      .execute();
    const alerts = await history();
    expect(alerts).toHaveLength(500);
    expect(alerts[0]).toEqual({ id: expect.any(Number), type: 'subscription_inactive', createdAt: expect.any(String), read: true, username: 'x@example.com', details: { reason: 'canceled' } });
    expect(alerts[1]).toEqual({ id: expect.any(Number), type: 'subscription_active', createdAt: expect.any(String), read: false, details: {} });
    expect(alerts[2]!.details).toEqual({ count: 504 });
    expect(alerts.at(-1)!.details).toEqual({ count: 7 });
    expect(await unread()).toBe(506);
  });
});
