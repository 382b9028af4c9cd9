import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { updateUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://spindle.test' });
});
afterAll(() => t.close());


/** Starts a demo checkout and returns the page's path (as the browser would follow the url). */
async function checkout(client: Client): Promise<{ sessionId: string; pagePath: string }> {
  const res = await client.post('/api/subscription/checkout', { tier: 'premium' });
  expect(res.statusCode).toBe(200);
  const { url, sessionId } = res.json<{ url: string; sessionId: string }>();
  expect(url.startsWith('http://spindle.test/demo-checkout/')).toBe(true);
  return { sessionId, pagePath: new URL(url).pathname };
}

/** The page's form for a button: its action and its hidden fields, read from the HTML. */
function formFor(html: string, button: string): { action: string; body: string } {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/gs)];
  const form = forms.find((match) => match[2]!.includes(`>${button}`));
  if (!form) throw new Error(`no form with a ${button} button`);
  const fields = [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [name!, value!]);
  return { action: form[1]!, body: new URLSearchParams(fields).toString() };
}

const submit = (form: { action: string; body: string }, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: form.action, payload: form.body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

describe('the demo checkout', () => {
  it('pays end to end over HTTP: the page, its Pay form, the 303 to the success page, then direct-update activates', async () => {
    const { client, user } = await signUp(t.app);
    const { sessionId, pagePath } = await checkout(client);

    // The checkout page is plain HTML, needs no session cookie, and is clearly a test.
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Test mode — no real money');
    expect(page.body).toContain('Premium Membership');
    expect(page.body).toContain('$16.99 <small>/ year</small>');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const paid = await submit(formFor(page.body, 'Pay'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://spindle.test/subscription/success?session_id=${sessionId}`);

    const activated = await client.post('/api/subscription/direct-update', { sessionId });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ success: true, subscriptionStatus: 'active', subscription: { tier: 'premium', status: 'active', hasHadPaidSubscription: true } });

    const info = (await client.get('/api/subscription')).json();
    expect(info).toMatchObject({ tier: 'premium', status: 'active', provider: 'demo', testMode: true, subscription: { planType: 'premium' } });
    const { currentPeriodStart, currentPeriodEnd } = info.subscription;
    expect(Date.parse(currentPeriodEnd) - Date.parse(currentPeriodStart)).toBe(365 * 86_400_000);
    expect((await client.get('/api/user')).json()).toMatchObject({ id: user.id, subscriptionStatus: 'active', hasHadPaidSubscription: true });

    // Single use: the page and its form now refuse.
    expect((await t.app.inject({ method: 'GET', url: pagePath })).statusCode).toBe(409);
    expect((await submit(formFor(page.body, 'Pay'))).statusCode).toBe(409);
  });

  it('cancels: the Cancel form returns to /subscription/cancel and nothing is paid', async () => {
    const { client } = await signUp(t.app);
    const { sessionId, pagePath } = await checkout(client);
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    const canceled = await submit(formFor(page.body, 'Cancel'));
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe('http://spindle.test/subscription/cancel');
    expect((await submit(formFor(page.body, 'Pay'))).statusCode).toBe(409);
    const res = await client.post('/api/subscription/direct-update', { sessionId });
    expect(res.statusCode).toBe(400);
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'trialing', tier: 'free' });
  });

  it('refuses a form without the session’s secret, so another site cannot pay or cancel someone’s session', async () => {
    const { client } = await signUp(t.app);
    const { sessionId, pagePath } = await checkout(client);
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    const pay = formFor(page.body, 'Pay');
    for (const body of ['', 'secret=guess', `secret=${'x'.repeat(43)}`]) {
      expect((await submit({ action: pay.action, body })).statusCode).toBe(404);
    }
    // The session id alone (it is in the success URL) does not open the page either.
    expect((await t.app.inject({ method: 'GET', url: `/demo-checkout/${sessionId}/wrong` })).statusCode).toBe(404);
    expect((await submit(pay)).statusCode).toBe(303);
  });

  it('expires after 24 hours: the page and its form refuse, and direct-update changes nothing', async () => {
    const { client } = await signUp(t.app);
    const { sessionId, pagePath } = await checkout(client);
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    const row = await t.app.ctx.db.selectFrom('checkout_sessions').select(['created_at', 'expires_at']).where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at!) - Date.parse(row.created_at)).toBe(24 * 3_600_000);
    await t.app.ctx.db.updateTable('checkout_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', sessionId).execute();
    const expiredPage = await t.app.inject({ method: 'GET', url: pagePath });
    expect(expiredPage.statusCode).toBe(410);
    expect(expiredPage.body).toContain('expired');
    expect((await submit(formFor(page.body, 'Pay'))).statusCode).toBe(410);
    const res = await client.post('/api/subscription/direct-update', { sessionId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This checkout session has expired. Please subscribe again.');
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'trialing' });
  });

  it('keeps its form parser to itself: the API still refuses urlencoded bodies', async () => {
    const { client } = await signUp(t.app);
    const res = await client.request({
      method: 'POST',
      url: '/api/subscription/checkout',
      payload: 'tier=premium',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect((await client.get('/api/subscription')).json()).toMatchObject({ status: 'trialing' });
  });
});

describe('POST /api/subscription/webhook without Stripe', () => {
  it('answers 404: there is nothing to receive', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/subscription/webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/subscription/checkout', () => {
  it('answers 401 signed out, 400 for any tier but premium, and 400 without an e-mail', async () => {
    const signedOut = await new Client(t.app).post('/api/subscription/checkout', { tier: 'premium' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('You need to be logged in to subscribe');
    const { client, user } = await signUp(t.app);
    for (const body of [{ tier: 'gold' }, {}, { tier: '' }]) {
      const res = await client.post('/api/subscription/checkout', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    await updateUser(t.app, user.id, { email: null });
    const noEmail = await client.post('/api/subscription/checkout', { tier: 'premium' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('An email is required for subscription');
    expect(await t.app.ctx.db.selectFrom('checkout_sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('is open to gated users (expired trial, inactive, past_due), who must be able to pay', async () => {
    for (const changes of [{ trial_end_date: new Date(Date.now() - 1000).toISOString() }, { subscription_status: 'inactive' }, { subscription_status: 'past_due' }]) {
      const { client, user } = await signUp(t.app);
      await updateUser(t.app, user.id, changes);
      expect((await client.get('/api/collections')).statusCode).toBe(402);
      expect((await client.get('/api/subscription')).statusCode).toBe(200);
      expect((await client.post('/api/subscription/checkout', { tier: 'premium' })).statusCode).toBe(200);
    }
  });

  it('answers 409 to a user whose subscription is already active', async () => {
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'active' });
    expect((await client.post('/api/subscription/checkout', { tier: 'premium' })).statusCode).toBe(409);
  });
});

describe('demo checkout creation per user', () => {
  it('hands the open session back with a fresh page address (the old one stops working), and limits new ones to 5 in 10 minutes', async () => {
    const { client } = await signUp(t.app);
    const first = await checkout(client);
    const again = await checkout(client);
    expect(again.sessionId).toBe(first.sessionId);
    expect(again.pagePath).not.toBe(first.pagePath);
    expect((await t.app.inject({ method: 'GET', url: first.pagePath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: again.pagePath })).statusCode).toBe(200);

    // Each abandoned session canceled on its page: the next press makes a new one, up to five.
    let current = again;
    for (let made = 1; made <= 5; made++) {
      const page = await t.app.inject({ method: 'GET', url: current.pagePath });
      expect((await submit(formFor(page.body, 'Cancel'))).statusCode).toBe(303);
      if (made === 5) break;
      const next = await checkout(client);
      expect(next.sessionId).not.toBe(current.sessionId);
      current = next;
    }
    const refused = await client.post('/api/subscription/checkout', { tier: 'premium' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many checkout attempts. Please try again in 10 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(await t.app.ctx.db.selectFrom('checkout_sessions').select('id').where('status', '=', 'open').where('user_id', '=', (await client.get('/api/user')).json().id).execute()).toEqual([]);
  });

  it('paid during the trial, the demo subscription’s year starts when the trial ends', async () => {
    const { client, user } = await signUp(t.app);
    const trialEnd = new Date(Date.now() + 12 * 86_400_000);
    await updateUser(t.app, user.id, { trial_end_date: trialEnd.toISOString() });
    const { sessionId, pagePath } = await checkout(client);
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect((await submit(formFor(page.body, 'Pay'))).statusCode).toBe(303);
    const info = (await client.post('/api/subscription/direct-update', { sessionId })).json().subscription;
    const renews = new Date(trialEnd);
    renews.setUTCFullYear(renews.getUTCFullYear() + 1);
    expect(info.subscription).toMatchObject({ currentPeriodStart: trialEnd.toISOString(), currentPeriodEnd: renews.toISOString() });
  });
});
