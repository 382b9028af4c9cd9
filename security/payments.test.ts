import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../src/server/test/fake-stripe.js';
import { HttpClient, register, type Account } from './support/http.js';
import { startServer, type SecurityServer } from './support/server.js';
import { userRow } from './support/world.js';

// Webhook forgery and replay, and payment abuse: another user's checkout session, replays, tier tampering.

const WEBHOOK_SECRET = 'whsec_security_suite';
const signer = new Stripe('sk_test_signer');

describe('with Stripe (the SDK against a local fake)', () => {
  let fake: FakeStripe;
  let server: SecurityServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startServer({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const checkout = async (account: Account) => {
    const res = await account.client.post('/api/subscription/checkout', { tier: 'premium' });
    expect(res.status, res.text).toBe(200);
    return (res.json as { sessionId: string }).sessionId;
  };
  let eventCounter = 0;
  const eventPayload = (object: Record<string, unknown>, type = 'checkout.session.completed') =>
    JSON.stringify({ id: `evt_sec_${++eventCounter}_${Date.now()}`, object: 'event', type, api_version: '2026-10-28', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const post = (payload: string, signature: string | undefined, headers: Record<string, string> = {}) =>
    new HttpClient(server.url).request('/api/subscription/webhook', {
      method: 'POST',
      raw: payload,
      noOrigin: true,
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }), ...headers },
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });

  it('forged webhooks are refused and change nothing: unsigned, wrong secret, stale, tampered, v0-only, empty', async () => {
    const victim = await register(server.url);
    const session = fake.completeCheckout(await checkout(victim));
    const before = await userRow(server, victim.id);
    const payload = eventPayload(session);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    const cases: [string, string, string | undefined][] = [
      ['unsigned', payload, undefined],
      ['empty signature', payload, ''],
      ['wrong secret', payload, sign(payload, { secret: 'whsec_guess' })],
      ['stale timestamp (replayed an hour later)', payload, sign(payload, { timestamp: stale })],
      ['body changed after signing', payload.replace('checkout.session.completed', 'invoice.paid'), sign(payload)],
      ['only a v0 signature', payload, sign(payload).replace('v1=', 'v0=')],
      ['garbage', payload, 't=1,v1=deadbeef'],
    ];
    for (const [what, body, signature] of cases) {
      const res = await post(body, signature, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      expect(res.status, what).toBe(400);
    }
    expect(await userRow(server, victim.id)).toEqual(before);
    expect((await victim.client.get('/api/subscription')).json).toMatchObject({ status: 'trialing' });
  });

  it('a replayed signed event is applied once', async () => {
    const buyer = await register(server.url);
    const session = fake.completeCheckout(await checkout(buyer));
    const payload = eventPayload(session);
    const signature = sign(payload);
    const first = await post(payload, signature);
    expect(first.json).toEqual({ received: true });
    const afterFirst = await userRow(server, buyer.id);
    expect(afterFirst.subscription_status).toBe('active');
    for (let i = 0; i < 3; i++) expect((await post(payload, signature)).json).toEqual({ received: true, duplicate: true });
    expect(await userRow(server, buyer.id)).toEqual(afterFirst);
  });

  it('another user’s paid checkout session activates nothing for the caller (direct-update, force-active, login)', async () => {
    const payer = await register(server.url);
    const thief = await register(server.url);
    const sessionId = await checkout(payer);
    fake.completeCheckout(sessionId);
    const before = await userRow(server, thief.id);
    expect((await thief.client.post('/api/subscription/direct-update', { sessionId })).status).toBe(404);
    expect((await thief.client.post('/api/subscription/force-active')).status).toBe(400);
    const relogin = new HttpClient(server.url);
    expect((await relogin.post('/api/login', { username: thief.email, password: thief.password, pendingSubscriptionSessionId: sessionId })).status).toBe(200);
    expect((await relogin.get('/api/subscription')).json).toMatchObject({ status: 'trialing' });
    expect(await userRow(server, thief.id)).toEqual(before);
    // The payer's own activation still works, and replaying it changes nothing further.
    const activated = await payer.client.post('/api/subscription/direct-update', { sessionId });
    expect(activated.status).toBe(200);
    const afterActivation = await userRow(server, payer.id);
    expect((await payer.client.post('/api/subscription/direct-update', { sessionId })).status).toBe(200);
    expect(await userRow(server, payer.id)).toEqual(afterActivation);
  });

  it('tier tampering: only premium at the server’s own price; sent prices, amounts and modes are ignored', async () => {
    const buyer = await register(server.url);
    for (const tier of ['free', 'enterprise', 'lifetime', '', 'PREMIUM']) {
      expect((await buyer.client.post('/api/subscription/checkout', { tier })).status, tier).toBe(400);
    }
    fake.requests.length = 0;
    const res = await buyer.client.post('/api/subscription/checkout', {
      tier: 'premium',
      price: 1,
      priceId: 'price_attacker',
      amount: 1,
      unit_amount: 1,
      currency: 'idr',
      mode: 'payment',
      quantity: 0,
      successUrl: 'https://evil.example/',
      success_url: 'https://evil.example/',
    });
    expect(res.status, res.text).toBe(200);
    const sessionCreate = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(sessionCreate.form['line_items[0][price]']).not.toBe('price_attacker');
    expect(sessionCreate.form['line_items[0][quantity]']).toBe('1');
    expect(sessionCreate.form.mode).toBe('subscription');
    expect(sessionCreate.form.success_url).not.toMatch(/evil/);
    const price = fake.prices.get(sessionCreate.form['line_items[0][price]']!)!;
    expect(price).toMatchObject({ unit_amount: 1699, currency: 'usd' });
  });
  it('checkout creation is limited per user: a burst of 30 makes at most 5 sessions at Stripe; beyond them 429 with Retry-After', async () => {
    const buyer = await register(server.url);
    const madeFor = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.form.client_reference_id === String(buyer.id));
    const burst = await Promise.all(Array.from({ length: 30 }, () => buyer.client.post('/api/subscription/checkout', { tier: 'premium' })));
    const made = madeFor();
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(5);
    // Each answer is one of the few sessions made (handed back while open) or a refusal.
    const madeIds = [...fake.sessions.values()].filter((session) => session.client_reference_id === String(buyer.id)).map((session) => session.id);
    for (const res of burst) {
      expect([200, 429]).toContain(res.status);
      if (res.status === 200) expect(madeIds).toContain((res.json as { sessionId: string }).sessionId);
    }
    // Abandoned sessions that expire at Stripe free nothing up: the sixth new one in the window is refused.
    let refused: Awaited<ReturnType<typeof buyer.client.post>> | undefined;
    for (let press = 0; press < 6 && !refused; press++) {
      for (const session of fake.sessions.values()) if (session.client_reference_id === String(buyer.id)) session.status = 'expired';
      const res = await buyer.client.post('/api/subscription/checkout', { tier: 'premium' });
      if (res.status === 429) refused = res;
      else expect(res.status, res.text).toBe(200);
    }
    expect(madeFor().length).toBe(5);
    expect(refused?.json).toMatchObject({ message: 'Too many checkout attempts. Please try again in 10 minutes.' });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  });
});

describe('with the demo checkout (no Stripe keys)', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  /** Starts a demo checkout; returns the session, its page path and the form's secret. */
  async function demoCheckout(account: Account) {
    const res = await account.client.post('/api/subscription/checkout', { tier: 'premium' });
    expect(res.status).toBe(200);
    const { url, sessionId } = res.json as { url: string; sessionId: string };
    const pagePath = new URL(url).pathname;
    const page = await new HttpClient(server.url).get(pagePath);
    expect(page.status).toBe(200);
    const secret = /name="secret" value="([^"]+)"/.exec(page.text)?.[1];
    expect(secret).toBeDefined();
    return { sessionId, pagePath, secret: secret! };
  }
  const submit = (sessionId: string, outcome: 'pay' | 'cancel', form: string, headers: Record<string, string>) =>
    new HttpClient(server.url).request(`/demo-checkout/${encodeURIComponent(sessionId)}/${outcome}`, {
      method: 'POST',
      raw: form,
      noOrigin: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('the Pay form: refused from another site (even with the secret) and without the secret; works once from the page', async () => {
    const payer = await register(server.url);
    const { sessionId, secret } = await demoCheckout(payer);
    const own = { origin: 'null', 'sec-fetch-site': 'same-origin' };
    expect((await submit(sessionId, 'pay', `secret=${secret}`, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await submit(sessionId, 'pay', `secret=${secret}`, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await submit(sessionId, 'pay', `secret=${secret}`, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    for (const form of ['', 'secret=', 'secret=guess', `secret=${secret.slice(0, -1)}`]) {
      expect((await submit(sessionId, 'pay', form, own)).status, form).toBe(404);
    }
    expect((await payer.client.get('/api/subscription')).json).toMatchObject({ status: 'trialing' });
    const paid = await submit(sessionId, 'pay', `secret=${secret}`, own);
    expect(paid.status).toBe(303);
    expect((await submit(sessionId, 'pay', `secret=${secret}`, own)).status).toBe(409);
    expect((await submit(sessionId, 'cancel', `secret=${secret}`, own)).status).toBe(409);
  });

  it('a paid demo session activates only its own user; replays change nothing', async () => {
    const payer = await register(server.url);
    const thief = await register(server.url);
    const { sessionId, secret } = await demoCheckout(payer);
    expect((await submit(sessionId, 'pay', `secret=${secret}`, { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect((await thief.client.post('/api/subscription/direct-update', { sessionId })).status).toBe(404);
    expect((await thief.client.get('/api/subscription')).json).toMatchObject({ status: 'trialing' });
    expect((await payer.client.post('/api/subscription/direct-update', { sessionId })).status).toBe(200);
    const after = await userRow(server, payer.id);
    expect(after.subscription_status).toBe('active');
    expect((await payer.client.post('/api/subscription/direct-update', { sessionId })).status).toBe(200);
    expect(await userRow(server, payer.id)).toEqual(after);
  });

  it('another user’s checkout page address does not reveal or accept anything without its secret', async () => {
    const payer = await register(server.url);
    const { sessionId, pagePath, secret } = await demoCheckout(payer);
    const wrong = pagePath.replace(secret, 'A'.repeat(secret.length));
    const page = await new HttpClient(server.url).get(wrong);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain(payer.email);
    expect(page.text).not.toContain(sessionId);
  });
});
