import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MODE_MESSAGES } from '../../../../common/admin-payment-mode.schemas.js';
import { Client, createTestApp, signUp, type TestApp } from '../../../test/harness.js';

const ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' };
const URL = '/api/admin/stripe/mode';

async function signInAdmin(t: TestApp): Promise<Client> {
  const admin = new Client(t.app);
  expect((await admin.post('/api/login', { username: 'admin@example.com', password: 'admin-password' })).statusCode).toBe(200);
  return admin;
}

describe('payment mode without any Stripe keys (the demo provider)', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(ADMIN);
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('answers test mode and says the demo provider takes the payments', async () => {
    const res = await admin.get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'test', provider: 'demo', testKeys: false, liveKeys: false });
  });

  it('refuses live mode with a message naming the missing keys, and stays in test mode', async () => {
    const res = await admin.put(URL, { mode: 'live' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PAYMENT_MODE_MESSAGES.liveNotConfigured });
    expect(res.json<{ message: string }>().message).toContain('STRIPE_LIVE_SECRET_KEY');
    expect((await admin.get(URL)).json()).toMatchObject({ mode: 'test' });
    expect(
      await t.app.ctx.db.selectFrom('settings').select('value').where('key', '=', 'stripe_mode').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('accepts test mode (the demo is always test)', async () => {
    const res = await admin.put(URL, { mode: 'test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'test', provider: 'demo' });
  });

  it('answers 400 to an unknown mode or a bad body', async () => {
    for (const body of [
      { mode: 'sandbox' },
      { mode: 'LIVE' },
      { mode: '' },
      { mode: 1 },
      {},
      { other: 'test' },
      ['test'],
      null,
    ]) {
      const res = await admin.put(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await admin.request({ method: 'PUT', url: URL })).statusCode).toBe(400);
  });

  it('answers 404 for any provider but stripe, whatever the body', async () => {
    for (const provider of ['paypal', 'Stripe', 'demo', 'stripe-live']) {
      expect((await admin.get(`/api/admin/${provider}/mode`)).statusCode).toBe(404);
      expect((await admin.put(`/api/admin/${provider}/mode`, { mode: 'test' })).statusCode).toBe(404);
      expect((await admin.put(`/api/admin/${provider}/mode`, { mode: 'bogus' })).statusCode).toBe(404);
    }
  });

  it('is refused to users (403) and to visitors (401), who change nothing', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get(URL)).statusCode).toBe(403);
    expect((await client.put(URL, { mode: 'test' })).statusCode).toBe(403);
    expect((await new Client(t.app).get(URL)).statusCode).toBe(401);
    expect((await new Client(t.app).put(URL, { mode: 'test' })).statusCode).toBe(401);
  });
});

describe('payment mode with test and live Stripe keys', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp({
      ...ADMIN,
      STRIPE_TEST_SECRET_KEY: 'sk_test_x',
      STRIPE_TEST_WEBHOOK_SECRET: 'whsec_t',
      STRIPE_LIVE_SECRET_KEY: 'sk_live_x',
      STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_l',
      // Nothing listens here: no test below reaches Stripe.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('switches to live and back, and subscribers see the mode at once', async () => {
    const { client } = await signUp(t.app);
    expect((await admin.get(URL)).json()).toEqual({ mode: 'test', provider: 'stripe', testKeys: true, liveKeys: true });
    expect((await client.get('/api/subscription')).json()).toMatchObject({ provider: 'stripe', testMode: true });

    const live = await admin.put(URL, { mode: 'live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ mode: 'live' });
    expect((await admin.get(URL)).json()).toMatchObject({ mode: 'live' });
    expect((await client.get('/api/subscription')).json()).toMatchObject({ testMode: false });

    expect((await admin.put(URL, { mode: 'test' })).json()).toMatchObject({ mode: 'test' });
    expect((await client.get('/api/subscription')).json()).toMatchObject({ testMode: true });
  });

  it('settles concurrent switches on one of the asked modes', async () => {
    const results = await Promise.all(['live', 'test', 'live', 'test'].map((mode) => admin.put(URL, { mode })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.app.ctx.db.selectFrom('settings').select('value').where('key', '=', 'stripe_mode').execute();
    expect(rows).toHaveLength(1);
    expect((await admin.get(URL)).json<{ mode: string }>().mode).toBe(rows[0]!.value);
  });
});

describe('payment mode with keys for one mode only', () => {
  it('with live keys only: live by default, and test mode refused', async () => {
    const t = await createTestApp({ ...ADMIN, STRIPE_SECRET_KEY: 'sk_live_only', STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const admin = await signInAdmin(t);
      expect((await admin.get(URL)).json()).toEqual({ mode: 'live', provider: 'stripe', testKeys: false, liveKeys: true });
      const res = await admin.put(URL, { mode: 'test' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: PAYMENT_MODE_MESSAGES.testNotConfigured });
      expect((await admin.get(URL)).json()).toMatchObject({ mode: 'live' });
    } finally {
      await t.close();
    }
  });

  it('with test keys only: live refused', async () => {
    const t = await createTestApp({ ...ADMIN, STRIPE_SECRET_KEY: 'sk_test_only', STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const admin = await signInAdmin(t);
      expect((await admin.put(URL, { mode: 'live' })).statusCode).toBe(409);
      expect((await admin.get(URL)).json()).toEqual({ mode: 'test', provider: 'stripe', testKeys: true, liveKeys: false });
    } finally {
      await t.close();
    }
  });
});
