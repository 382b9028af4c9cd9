import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';

// Test-mode payments cost nothing (Stripe's test card), so they must never activate once the site is
// live; live payments likewise change nothing while the site is switched to test.

const TEST_SECRET = 'whsec_modes_test';
const LIVE_SECRET = 'whsec_modes_live';
let t: TestApp;
let fake: FakeStripe;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_TEST_SECRET_KEY: 'sk_test_modes',
    STRIPE_TEST_WEBHOOK_SECRET: TEST_SECRET,
    STRIPE_LIVE_SECRET_KEY: 'sk_live_modes',
    STRIPE_LIVE_WEBHOOK_SECRET: LIVE_SECRET,
    STRIPE_API_URL: fake.url,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const userRow = (id: number) => t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const setMode = (mode: 'test' | 'live') =>
  t.app.ctx.db
    .insertInto('settings')
    .values({ key: 'stripe_mode', value: mode })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: mode }))
    .execute();

async function checkout(client: Client): Promise<string> {
  const res = await client.post('/api/subscription/checkout', { tier: 'premium' });
  expect(res.statusCode).toBe(200);
  return res.json<{ sessionId: string }>().sessionId;
}

let counter = 0;
function sendEvent(object: Record<string, unknown>, livemode: boolean, secret: string) {
  const payload = JSON.stringify({ id: `evt_modes_${++counter}_${Date.now()}`, object: 'event', type: 'checkout.session.completed', api_version: '2026-10-28', created: Math.floor(Date.now() / 1000), livemode, data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({ method: 'POST', url: '/api/subscription/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

const UNUSABLE = 'This checkout session can no longer be used. Please subscribe again.';

describe('Stripe test and live mode', () => {
  it('a test checkout completed after the switch to live activates through neither direct-update, force-active nor the webhook', async () => {
    await setMode('test');
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    expect(session.livemode).toBe(false);
    await setMode('live');
    const before = await userRow(user.id);

    const direct = await client.post('/api/subscription/direct-update', { sessionId });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe(UNUSABLE);
    const forced = await client.request({ method: 'POST', url: '/api/subscription/force-active', headers: { 'content-type': 'application/json' } });
    expect(forced.statusCode).toBe(400);
    const hook = await sendEvent(session, false, TEST_SECRET);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true });
    expect(await userRow(user.id)).toEqual(before);
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'trialing', provider: 'stripe', testMode: false });
  });

  it('in live mode a live checkout activates; a test-mode event naming it is still refused', async () => {
    await setMode('live');
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    expect(session.livemode).toBe(true);
    // Signed with the live secret but flagged as a test event: not a live payment.
    expect((await sendEvent(session, false, LIVE_SECRET)).statusCode).toBe(200);
    expect((await userRow(user.id)).subscription_status).toBe('trialing');
    expect((await sendEvent(session, true, LIVE_SECRET)).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ subscription_status: 'active', payment_provider: 'stripe-live' });
  });

  it('the other way round: a live checkout completed after switching back to test changes nothing', async () => {
    await setMode('live');
    const { client, user } = await signUp(t.app);
    const sessionId = await checkout(client);
    const session = fake.completeCheckout(sessionId);
    await setMode('test');
    const before = await userRow(user.id);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).json().message).toBe(UNUSABLE);
    expect((await client.request({ method: 'POST', url: '/api/subscription/force-active', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await sendEvent(session, true, LIVE_SECRET)).statusCode).toBe(200);
    expect(await userRow(user.id)).toEqual(before);
    // A new checkout is made in test mode: the live session is not handed back.
    expect(await checkout(client)).not.toBe(sessionId);
  });
});
