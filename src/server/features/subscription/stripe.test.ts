import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvents } from '../../events.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let fake: FakeStripe;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ PUBLIC_URL: 'http://spindle.test', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const userRow = (id: number) => t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function checkout(client: Client): Promise<string> {
  const res = await client.post('/api/subscription/checkout', { tier: 'premium' });
  expect(res.statusCode).toBe(200);
  return res.json<{ sessionId: string }>().sessionId;
}

/** Sends an event as Stripe would: JSON body, Stripe-Signature made by the SDK's test helper. */
function sendEvent(event: { id: string; type: string; object: Record<string, unknown> }, options: { secret?: string; timestamp?: number; signed?: boolean } = {}) {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, api_version: '2026-10-28', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: event.object } });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signed !== false) {
    headers['stripe-signature'] = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  }
  return t.app.inject({ method: 'POST', url: '/api/subscription/webhook', payload, headers });
}

let eventCounter = 0;
const eventId = () => `evt_test_${++eventCounter}_${Date.now()}`;

describe('checkout with Stripe (official SDK against a local fake)', () => {
  it('makes a Customer per user, finds or creates the yearly 16.99 USD price by lookup key, and a subscription Checkout for this user', async () => {
    const { client, user } = await signUp(t.app);
    const res = await client.post('/api/subscription/checkout', { tier: 'premium' });
    expect(res.statusCode).toBe(200);
    const { url, sessionId } = res.json();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const customer = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers')!;
    expect(customer.form).toMatchObject({ email: user.username, 'metadata[userId]': String(user.id) });
    const priceCreate = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/prices')!;
    expect(priceCreate.form).toMatchObject({ currency: 'usd', unit_amount: '1699', 'recurring[interval]': 'year', lookup_key: 'spindle_premium_yearly' });
    const session = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(user.id),
      customer: (await userRow(user.id)).stripe_customer_id,
      'line_items[0][quantity]': '1',
      success_url: 'http://spindle.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://spindle.test/subscription/cancel',
    });
    for (const create of [customer, priceCreate, session]) expect(create.idempotencyKey).toBeTruthy();
    expect((await client.get('/api/subscription')).json()).toMatchObject({ provider: 'stripe', testMode: true, status: 'trialing' });

    // A second press hands the open session back (one read, no write); once that session has expired
    // at Stripe, a new one reuses the customer; a new app instance finds the price by its lookup key.
    fake.requests.length = 0;
    expect(await checkout(client)).toBe(sessionId);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${sessionId}`]);
    fake.sessions.get(sessionId)!.status = 'expired';
    fake.requests.length = 0;
    expect(await checkout(client)).not.toBe(sessionId);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, 'POST /v1/checkout/sessions']);
    const other = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_URL: fake.url });
    try {
      fake.requests.length = 0;
      const { client: otherClient } = await signUp(other.app);
      expect((await otherClient.post('/api/subscription/checkout', { tier: 'premium' })).statusCode).toBe(200);
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'GET /v1/prices', 'POST /v1/checkout/sessions']);
      expect(fake.prices.size).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('direct-update asks Stripe: unpaid 400, another user’s 404, paid → active with the period from Stripe; idempotent', async () => {
    const { client, user } = await signUp(t.app);
    const other = await signUp(t.app);
    const sessionId = await checkout(client);
    const before = await userRow(user.id);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(400);
    expect((await client.post('/api/subscription/direct-update', { sessionId: 'cs_test_made_up' })).statusCode).toBe(404);
    fake.completeCheckout(sessionId);
    expect((await other.client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(404);
    expect(await userRow(user.id)).toEqual(before);

    const res = await client.post('/api/subscription/direct-update', { sessionId });
    expect(res.statusCode).toBe(200);
    const subscription = [...fake.subscriptions.values()].find((s) => s.customer === before.stripe_customer_id)!;
    // Paid during the trial: Stripe's subscription trials until the trial's end, and the paid year follows it.
    const trialEnd = new Date(before.trial_end_date!);
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: Math.floor(trialEnd.getTime() / 1000) });
    const paidFrom = new Date(Math.floor(trialEnd.getTime() / 1000) * 1000);
    const renews = new Date(paidFrom);
    renews.setUTCFullYear(renews.getUTCFullYear() + 1);
    expect(res.json().subscription).toMatchObject({
      tier: 'premium',
      status: 'active',
      subscription: { planType: 'premium', currentPeriodStart: paidFrom.toISOString(), currentPeriodEnd: renews.toISOString() },
    });
    expect((await client.post('/api/subscription/direct-update', { sessionId })).json()).toEqual(res.json());
    expect((await userRow(user.id)).provider_subscription_id).toBe(subscription.id);
  });

  it('cancel cancels the subscription at Stripe and leaves the free tier', async () => {
    const { client } = await signUp(t.app);
    const sessionId = await checkout(client);
    fake.completeCheckout(sessionId);
    await client.post('/api/subscription/direct-update', { sessionId });
    const res = await client.request({ method: 'POST', url: '/api/subscription/cancel' });
    expect(res.statusCode).toBe(200);
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path.startsWith('/v1/subscriptions/'))).toBe(true);
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'canceled', tier: 'free' });
  });

  it('uses the administrator’s mode from the settings: live without live keys refuses checkout (503), never the demo', async () => {
    const { client } = await signUp(t.app);
    await t.app.ctx.db.insertInto('settings').values({ key: 'stripe_mode', value: 'live' }).execute();
    try {
      expect((await client.get('/api/subscription')).json()).toMatchObject({ provider: 'stripe', testMode: false });
      const res = await client.post('/api/subscription/checkout', { tier: 'premium' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Payments are not configured for live mode. Please try again later.');
    } finally {
      await t.app.ctx.db.deleteFrom('settings').where('key', '=', 'stripe_mode').execute();
    }
  });
});

describe('the demo provider when Stripe is configured', () => {
  it('is off: a leftover demo session can neither be paid on its page nor activate', async () => {
    const { user, client } = await signUp(t.app);
    const now = new Date();
    await t.app.ctx.db
      .insertInto('checkout_sessions')
      .values({ id: 'cs_demo_leftover', user_id: user.id, provider: 'demo', status: 'paid', created_at: now.toISOString(), paid_at: now.toISOString(), expires_at: now.toISOString(), secret_hash: null, provider_subscription_id: 'sub_demo_x', mode: null })
      .execute();
    const page = await t.app.inject({ method: 'GET', url: '/demo-checkout/cs_demo_leftover/anything' });
    expect(page.statusCode).toBe(404);
    expect((await client.post('/api/subscription/direct-update', { sessionId: 'cs_demo_leftover' })).statusCode).toBe(400);
    expect((await client.get('/api/subscription')).json().status).toBe('trialing');
  });
});

describe('POST /api/subscription/webhook', () => {
  it('applies a good checkout.session.completed once, even when sent twice', async () => {
    const activated: AppEvents['subscription.activated'][] = [];
    const off = t.app.ctx.events.on('subscription.activated', (payload) => void activated.push(payload));
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    const event = { id: eventId(), type: 'checkout.session.completed', object: session };
    const first = await sendEvent(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'active', tier: 'premium' });
    const afterFirst = await userRow(user.id);
    const retrievals = fake.requests.filter((r) => r.method === 'GET').length;
    expect(retrievals).toBe(2);

    const second = await sendEvent(event);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect(fake.requests.filter((r) => r.method === 'GET').length).toBe(retrievals);
    expect(await userRow(user.id)).toEqual(afterFirst);
    off();
    expect(activated).toHaveLength(1);
    expect(await t.app.ctx.db.selectFrom('webhook_events').selectAll().where('id', '=', event.id).execute()).toHaveLength(1);
  });

  it('answers 400 to a wrong secret, a stale timestamp and an unsigned body, and changes nothing', async () => {
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    const before = await userRow(user.id);
    const cases = [
      { secret: 'whsec_wrong' },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
      { signed: false },
    ];
    for (const options of cases) {
      const event = { id: eventId(), type: 'checkout.session.completed', object: session };
      const res = await sendEvent(event, options);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/signature/i);
      expect(await t.app.ctx.db.selectFrom('webhook_events').selectAll().where('id', '=', event.id).execute()).toEqual([]);
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it('re-reads the subscription from Stripe: a forged "active" in the event body changes nothing', async () => {
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    fake.setSubscription(session.subscription as string, 'incomplete');
    const forged = { ...fake.subscriptions.get(session.subscription as string)!, status: 'active' };
    expect((await sendEvent({ id: eventId(), type: 'customer.subscription.updated', object: forged })).statusCode).toBe(200);
    expect((await userRow(user.id)).subscription_status).not.toBe('active');
  });

  it('follows invoice payment failed (past_due: gated, announced) and invoice paid (active again)', async () => {
    const failed: unknown[] = [];
    const off = t.app.ctx.events.on('subscription.payment_failed', (payload) => void failed.push(payload));
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    await sendEvent({ id: eventId(), type: 'checkout.session.completed', object: session });
    const subscriptionId = session.subscription as string;
    const invoice = { id: `in_${eventCounter}`, object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } } };

    fake.setSubscription(subscriptionId, 'past_due');
    expect((await sendEvent({ id: eventId(), type: 'invoice.payment_failed', object: invoice })).statusCode).toBe(200);
    expect((await client.get('/api/subscription')).json().status).toBe('past_due');
    const gated = await client.get('/api/collections');
    expect(gated.statusCode).toBe(402);
    expect(gated.json()).toMatchObject({ redirectTo: '/subscription', userId: user.id });
    off();
    expect(failed).toEqual([{ userId: user.id, username: user.username, email: user.username }]);

    fake.setSubscription(subscriptionId, 'active');
    expect((await sendEvent({ id: eventId(), type: 'invoice.paid', object: invoice })).statusCode).toBe(200);
    expect((await client.get('/api/collections')).statusCode).toBe(200);
  });

  it('subscription deleted after a paid plan: the free tier (canceled)', async () => {
    const { client } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    await sendEvent({ id: eventId(), type: 'checkout.session.completed', object: session });
    const subscription = fake.setSubscription(session.subscription as string, 'canceled');
    expect((await sendEvent({ id: eventId(), type: 'customer.subscription.deleted', object: subscription })).statusCode).toBe(200);
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'canceled', tier: 'free', hasHadPaidSubscription: true });
  });

  it('deleted before completed ends inactive', async () => {
    const { client } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    const subscription = fake.setSubscription(session.subscription as string, 'canceled');
    expect((await sendEvent({ id: eventId(), type: 'customer.subscription.deleted', object: subscription })).statusCode).toBe(200);
    expect((await sendEvent({ id: eventId(), type: 'checkout.session.completed', object: session })).statusCode).toBe(200);
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'inactive', tier: 'free', hasHadPaidSubscription: false });
    expect((await client.get('/api/collections')).statusCode).toBe(402);
  });

  it('keeps its raw-body parser to itself: other API routes still parse JSON', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Still JSON' })).statusCode).toBe(201);
    expect((await new Client(t.app).post('/api/subscription/webhook', { id: 'evt' })).statusCode).toBe(400);
  });
});

describe('paying during the trial keeps the trial’s days', () => {
  const setUser = (id: number, changes: Record<string, unknown>) => t.app.ctx.db.updateTable('users').set(changes).where('id', '=', id).execute();
  const sessionForm = () => fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!.form;

  it('a trialing user’s checkout ends Stripe’s trial when the app’s trial ends; the paid year follows it', async () => {
    const { client, user } = await signUp(t.app);
    const trialEnd = new Date(Date.now() + 20 * 86_400_000 + 1234);
    await setUser(user.id, { trial_end_date: trialEnd.toISOString() });
    const sessionId = await checkout(client);
    expect(sessionForm()['subscription_data[trial_end]']).toBe(String(Math.floor(trialEnd.getTime() / 1000)));
    fake.completeCheckout(sessionId);
    const info = (await client.post('/api/subscription/direct-update', { sessionId })).json().subscription;
    const paidFrom = new Date(Math.floor(trialEnd.getTime() / 1000) * 1000);
    const renews = new Date(paidFrom);
    renews.setUTCFullYear(renews.getUTCFullYear() + 1);
    expect(info).toMatchObject({ tier: 'premium', status: 'active', subscription: { currentPeriodStart: paidFrom.toISOString(), currentPeriodEnd: renews.toISOString() } });
  });

  it('after the trial (or with under two days of it left, which Stripe refuses) the paid year starts at payment', async () => {
    for (const [status, trialEnd] of [
      ['inactive', new Date(Date.now() - 86_400_000)],
      ['trialing', new Date(Date.now() + 30 * 3_600_000)],
    ] as const) {
      const { client, user } = await signUp(t.app);
      await setUser(user.id, { subscription_status: status, trial_end_date: trialEnd.toISOString() });
      fake.requests.length = 0;
      const sessionId = await checkout(client);
      expect(sessionForm()['subscription_data[trial_end]'], status).toBeUndefined();
      const session = fake.completeCheckout(sessionId);
      const item = (fake.subscriptions.get(session.subscription as string)!.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!;
      const info = (await client.post('/api/subscription/direct-update', { sessionId })).json().subscription;
      expect(info.subscription).toMatchObject({ currentPeriodStart: new Date(item.current_period_start * 1000).toISOString(), currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString() });
    }
  });
});

describe('the webhook honours only checkouts this app made', () => {
  /** A paid session Spindle never made: another customer, another price, naming the victim. */
  function foreignPaidSession(victimId: number, overrides: Record<string, unknown> = {}) {
    const id = `cs_test_foreign_${++eventCounter}`;
    const price = { id: `price_other_${eventCounter}`, object: 'price', active: true, currency: 'usd', unit_amount: 500, lookup_key: null, livemode: false };
    fake.prices.set(price.id, price);
    fake.sessions.set(id, { id, object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', client_reference_id: String(victimId), customer: 'cus_stranger', subscription: null, line_items_price: price.id, url: null, expires_at: Math.floor(Date.now() / 1000) + 3600, livemode: false, trial_end: null, ...overrides });
    return fake.completeCheckout(id);
  }

  it('a correctly signed completed session that is not in checkout_sessions (a Payment Link naming a user) changes nothing', async () => {
    const { user } = await signUp(t.app);
    const before = await userRow(user.id);
    const res = await sendEvent({ id: eventId(), type: 'checkout.session.completed', object: foreignPaidSession(user.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await userRow(user.id)).toEqual(before);
  });

  it('our own session changed to another user, paid by another customer, or for another price changes nothing', async () => {
    const tamper: [string, (session: Record<string, unknown>, victimId: number) => void][] = [
      ['another user', (session, victimId) => void (session.client_reference_id = String(victimId))],
      ['another customer', (session) => void (session.customer = 'cus_stranger')],
      ['another price', (session) => void (session.line_items_price = 'price_not_ours')],
    ];
    for (const [what, change] of tamper) {
      const { client, user } = await signUp(t.app);
      const victim = await signUp(t.app);
      const sessionId = await checkout(client);
      change(fake.sessions.get(sessionId)!, victim.user.id);
      const session = fake.completeCheckout(sessionId);
      const before = [await userRow(user.id), await userRow(victim.user.id)];
      expect((await sendEvent({ id: eventId(), type: 'checkout.session.completed', object: session })).statusCode, what).toBe(200);
      expect([await userRow(user.id), await userRow(victim.user.id)], what).toEqual(before);
    }
  });

  it('a subscription on our customer that no checkout of ours led to changes nothing', async () => {
    const { client, user } = await signUp(t.app);
    await checkout(client);
    const customer = (await userRow(user.id)).stripe_customer_id!;
    const session = foreignPaidSession(user.id, { customer, client_reference_id: null });
    const subscription = fake.subscriptions.get(session.subscription as string)!;
    const before = await userRow(user.id);
    expect((await sendEvent({ id: eventId(), type: 'customer.subscription.updated', object: subscription })).statusCode).toBe(200);
    expect((await sendEvent({ id: eventId(), type: 'invoice.paid', object: { id: 'in_x', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } } } })).statusCode).toBe(200);
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe('checkout creation per user', () => {
  it('hands the open session back, and beyond 5 new sessions in 10 minutes answers 429 with Retry-After', async () => {
    const { client } = await signUp(t.app);
    const first = await checkout(client);
    expect(await checkout(client)).toBe(first);
    let last = first;
    for (let made = 1; made < 5; made++) {
      fake.sessions.get(last)!.status = 'expired';
      last = await checkout(client);
    }
    fake.sessions.get(last)!.status = 'expired';
    fake.requests.length = 0;
    const refused = await client.post('/api/subscription/checkout', { tier: 'premium' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many checkout attempts. Please try again in 10 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
    // Another user is not held back by this one.
    expect((await (await signUp(t.app)).client.post('/api/subscription/checkout', { tier: 'premium' })).statusCode).toBe(200);
  });
});

describe('an administrator’s change sticks against Stripe’s events', () => {
  it('set inactive after paying: the old checkout’s completed event, sent again, does not re-activate; a later renewal does', async () => {
    const { updateSubscription } = await import('../admin/users/admin-users.service.js');
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    await sendEvent({ id: eventId(), type: 'checkout.session.completed', object: session });
    expect((await userRow(user.id)).subscription_status).toBe('active');
    // The subscription was paid a moment before the administrator's change (Stripe counts in seconds).
    fake.subscriptions.get(session.subscription as string)!.created = Math.floor(Date.now() / 1000) - 5;
    await updateSubscription(t.app.ctx, user.id, { subscriptionStatus: 'inactive' });

    expect((await sendEvent({ id: eventId(), type: 'checkout.session.completed', object: session })).statusCode).toBe(200);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(400);
    expect((await userRow(user.id)).subscription_status).toBe('inactive');

    const invoice = { id: 'in_renewal', object: 'invoice', status_transitions: { paid_at: Math.floor(Date.now() / 1000) + 60 }, parent: { type: 'subscription_details', subscription_details: { subscription: session.subscription } } };
    expect((await sendEvent({ id: eventId(), type: 'invoice.paid', object: invoice })).statusCode).toBe(200);
    expect((await userRow(user.id)).subscription_status).toBe('active');
  });
});

describe('pressing Subscribe again after paying in another tab', () => {
  it('activates the paid open session instead of opening a second checkout (409, no new session)', async () => {
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    fake.completeCheckout(sessionId);
    fake.requests.length = 0;
    const again = await client.post('/api/subscription/checkout', { tier: 'premium' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your subscription is already active.');
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect((await userRow(user.id)).subscription_status).toBe('active');
  });
});
