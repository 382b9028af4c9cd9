import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvents } from '../../events.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://spindle.test' });
});
afterAll(() => t.close());

/** Starts a demo checkout for the client and, unless told not to, pays it through the page's form. */
async function demoCheckout(client: Client, pay = true): Promise<string> {
  const { url, sessionId } = (await client.post('/api/subscription/checkout', { tier: 'premium' })).json<{ url: string; sessionId: string }>();
  if (pay) {
    const secret = decodeURIComponent(new URL(url).pathname.split('/').pop()!);
    const res = await t.app.inject({
      method: 'POST',
      url: `/demo-checkout/${sessionId}/pay`,
      payload: `secret=${encodeURIComponent(secret)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
  }
  return sessionId;
}

const userRow = (id: number) => t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/subscription/direct-update', () => {
  it('refuses made-up, foreign and unpaid sessions and changes nothing', async () => {
    const { client, user } = await signUp(t.app);
    const other = await signUp(t.app);
    const foreignPaid = await demoCheckout(other.client);
    const unpaid = await demoCheckout(client, false);
    const before = await userRow(user.id);

    const madeUp = await client.post('/api/subscription/direct-update', { sessionId: 'cs_demo_made_up' });
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json().message).toBe('Checkout session not found');
    expect((await client.post('/api/subscription/direct-update', { sessionId: foreignPaid })).statusCode).toBe(404);
    const notPaid = await client.post('/api/subscription/direct-update', { sessionId: unpaid });
    expect(notPaid.statusCode).toBe(400);
    expect(notPaid.json().message).toBe('Payment has not been completed for this checkout session.');
    expect((await client.post('/api/subscription/direct-update', {})).statusCode).toBe(400);
    expect((await new Client(t.app).post('/api/subscription/direct-update', { sessionId: foreignPaid })).statusCode).toBe(401);

    expect(await userRow(user.id)).toEqual(before);
    expect((await other.client.get('/api/subscription')).json().status).toBe('trialing');
  });

  it('is idempotent: a second call answers the same and announces the activation once', async () => {
    const activated: AppEvents['subscription.activated'][] = [];
    const off = t.app.ctx.events.on('subscription.activated', (payload) => void activated.push(payload));
    const { client, user } = await signUp(t.app);
    const sessionId = await demoCheckout(client);
    const first = await client.post('/api/subscription/direct-update', { sessionId });
    const afterFirst = await userRow(user.id);
    const second = await client.post('/api/subscription/direct-update', { sessionId });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await userRow(user.id)).toEqual(afterFirst);
    off();
    expect(activated).toEqual([{ userId: user.id, username: user.username, email: user.username, planType: 'premium', provider: 'demo' }]);
  });

  it('lets an expired-trial user who paid back in (402 before, 200 after)', async () => {
    const { client, user } = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ trial_end_date: new Date(Date.now() - 1000).toISOString() }).where('id', '=', user.id).execute();
    expect((await client.get('/api/user')).statusCode).toBe(402);
    const sessionId = await demoCheckout(client);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await client.get('/api/collections')).statusCode).toBe(200);
  });
});

describe('POST /api/subscription/force-active', () => {
  it('refuses without a paid session of this user, with a JSON content type and no payload', async () => {
    const { client, user } = await signUp(t.app);
    const other = await signUp(t.app);
    await demoCheckout(other.client);
    await demoCheckout(client, false);
    const before = await userRow(user.id);
    const res = await client.request({ method: 'POST', url: '/api/subscription/force-active', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No paid checkout session was found for this account.');
    expect(await userRow(user.id)).toEqual(before);
    expect((await new Client(t.app).request({ method: 'POST', url: '/api/subscription/force-active', headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
  });

  it('activates from the user’s paid session, idempotently', async () => {
    const { client } = await signUp(t.app);
    await demoCheckout(client);
    const call = () => client.request({ method: 'POST', url: '/api/subscription/force-active', headers: { 'content-type': 'application/json' } });
    const first = await call();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, subscriptionStatus: 'active' });
    expect((await call()).json()).toEqual(first.json());
    expect((await client.post('/api/subscription/force-active', {})).statusCode).toBe(200);
  });
});

describe('POST /api/subscription/cancel', () => {
  it('cancels a paid plan (text answer): the free tier, and neither direct-update nor force-active brings it back', async () => {
    const deactivated: AppEvents['subscription.deactivated'][] = [];
    const off = t.app.ctx.events.on('subscription.deactivated', (payload) => void deactivated.push(payload));
    const { client, user } = await signUp(t.app);
    const sessionId = await demoCheckout(client);
    await client.post('/api/subscription/direct-update', { sessionId });
    const res = await client.request({ method: 'POST', url: '/api/subscription/cancel' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Your subscription has been canceled successfully.');
    expect((await client.get('/api/subscription')).json()).toMatchObject({ tier: 'free', status: 'canceled', hasHadPaidSubscription: true });
    expect((await client.get('/api/collections')).statusCode).toBe(200);
    off();
    expect(deactivated).toEqual([{ userId: user.id, username: user.username, email: user.username, reason: 'canceled' }]);

    expect((await client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(400);
    expect((await client.post('/api/subscription/force-active', {})).statusCode).toBe(400);
    expect((await client.get('/api/subscription')).json().status).toBe('canceled');
  });

  it('answers 400 to a user with nothing to cancel, and 401 signed out', async () => {
    const { client } = await signUp(t.app);
    const res = await client.request({ method: 'POST', url: '/api/subscription/cancel' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You have no active subscription to cancel.');
    expect((await new Client(t.app).request({ method: 'POST', url: '/api/subscription/cancel' })).statusCode).toBe(401);
  });
});

describe('GET /api/subscription', () => {
  it('answers 401 signed out, and a trial user’s tier, status and trial end', async () => {
    expect((await new Client(t.app).get('/api/subscription')).statusCode).toBe(401);
    const { client, user } = await signUp(t.app);
    const info = (await client.get('/api/subscription')).json();
    expect(info).toEqual({
      tier: 'free',
      status: 'trialing',
      trialEndDate: (await userRow(user.id)).trial_end_date,
      trialExpired: false,
      hasHadPaidSubscription: false,
      subscription: null,
      provider: 'demo',
      testMode: true,
    });
  });
});

describe('POST /api/auth/force-logout', () => {
  it('ends the session and answers the same-origin path to go to', async () => {
    const { client } = await signUp(t.app);
    const res = await client.post('/api/auth/force-logout', { redirectUrl: '/auth?subscription_activated=true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully', redirectUrl: '/auth?subscription_activated=true' });
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses absolute, protocol-relative and backslash URLs (never an open redirect), keeping the session', async () => {
    const { client } = await signUp(t.app);
    for (const redirectUrl of ['//evil.example', 'https://evil.example/auth', 'http://spindle.test/auth', '/\\evil.example', 'javascript:alert(1)', 'auth', '/\t/evil.example', '/..//evil.example', '/./%2e%2e//evil.example']) {
      const res = await client.post('/api/auth/force-logout', { redirectUrl });
      expect(res.statusCode, redirectUrl).toBe(400);
      expect(res.json().message).toBe('The redirect must be a path on this site');
    }
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });
});
