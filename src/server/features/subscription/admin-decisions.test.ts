import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

// An administrator's change to a subscription sticks: only a payment confirmed after it re-activates.
// Pausing or revoking an account ends its sessions, so reactivation means signing in again.

let t: TestApp;
let admin: Client;
const ADMIN = { username: 'admin@example.com', password: 'admin-password' };
const PAID_BEFORE = 'This payment was made before an administrator changed your subscription. Please subscribe again.';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://spindle.test', ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = new Client(t.app);
  expect((await admin.post('/api/login', ADMIN)).statusCode).toBe(200);
});
afterAll(() => t.close());

/** Starts a demo checkout and pays it on its page, as the collector would. */
async function payDemoCheckout(client: Client): Promise<string> {
  const res = await client.post('/api/subscription/checkout', { tier: 'premium' });
  expect(res.statusCode).toBe(200);
  const { url, sessionId } = res.json<{ url: string; sessionId: string }>();
  const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const secret = /name="secret" value="([^"]+)"/.exec(page.body)![1]!;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/demo-checkout/${encodeURIComponent(sessionId)}/pay`,
    payload: `secret=${encodeURIComponent(secret)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBe(303);
  return sessionId;
}

const forceActive = (client: Client) => client.request({ method: 'POST', url: '/api/subscription/force-active', headers: { 'content-type': 'application/json' } });
const status = async (client: Client) => (await client.get('/api/subscription')).json<{ status: string }>().status;

describe('administrator decisions stick', () => {
  it('set inactive after a payment: the old paid session re-activates through neither direct-update nor force-active; a new payment does', async () => {
    const { client, user } = await signUp(t.app);
    const sessionId = await payDemoCheckout(client);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).statusCode).toBe(200);
    expect(await status(client)).toBe('active');

    expect((await admin.put(`/api/admin/users/${user.id}/subscription`, { subscriptionStatus: 'inactive' })).statusCode).toBe(200);
    const again = await client.post('/api/subscription/direct-update', { sessionId });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PAID_BEFORE);
    const forced = await forceActive(client);
    expect(forced.statusCode).toBe(400);
    expect(forced.json().message).toBe(PAID_BEFORE);
    expect(await status(client)).toBe('inactive');
    expect((await client.get('/api/collections')).statusCode).toBe(402);

    const fresh = await payDemoCheckout(client);
    expect((await client.post('/api/subscription/direct-update', { sessionId: fresh })).statusCode).toBe(200);
    expect(await status(client)).toBe('active');
  });

  it('End Trial after a payment that was never confirmed: that payment cannot undo it', async () => {
    const { client, user } = await signUp(t.app);
    const sessionId = await payDemoCheckout(client);
    expect((await admin.put(`/api/admin/users/${user.id}/subscription`, { skipTrial: true })).statusCode).toBe(200);
    expect((await forceActive(client)).statusCode).toBe(400);
    expect((await client.post('/api/subscription/direct-update', { sessionId })).json().message).toBe(PAID_BEFORE);
    expect(await status(client)).toBe('inactive');
  });

  for (const accountStatus of ['paused', 'revoked'] as const) {
    it(`${accountStatus}: the account's sessions end, and after reactivation the old cookie stays signed out`, async () => {
      const { client, user, password } = await signUp(t.app);
      const second = new Client(t.app);
      expect((await second.post('/api/login', { username: user.username, password })).statusCode).toBe(200);
      expect((await admin.put(`/api/admin/users/${user.id}/status`, { status: accountStatus })).statusCode).toBe(200);
      expect(await t.app.ctx.db.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
      expect((await admin.put(`/api/admin/users/${user.id}/status`, { status: 'active' })).statusCode).toBe(200);
      expect((await client.get('/api/user')).statusCode).toBe(401);
      expect((await second.get('/api/user')).statusCode).toBe(401);
      const again = new Client(t.app);
      expect((await again.post('/api/login', { username: user.username, password })).statusCode).toBe(200);
      expect((await again.get('/api/user')).statusCode).toBe(200);
    });
  }
});
