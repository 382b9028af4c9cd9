import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { updateUser } from '../../test/factories.js';
import { usersRepository } from '../users/users.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'admin-password' });
});
afterAll(() => t.close());

/** The Set-Cookie line of one cookie (the answer also sets the offline shelf's marker). */
function cookieLine(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  return lines.find((line) => line.startsWith(`${name}=`));
}


describe('POST /api/register', () => {
  it('creates the account with the e-mail as username, a 30-day trial, signs in, and ignores isAdmin', async () => {
    const client = new Client(t.app);
    const res = await client.post('/api/register', { username: '  New.Person@Example.COM ', password: 'longenough', firstName: 'New', lastName: 'Person', isAdmin: true });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: 'new.person@example.com', email: 'new.person@example.com', firstName: 'New', lastName: 'Person', isAdmin: false, accountStatus: 'active', subscriptionStatus: 'trialing', trialExpired: false, hasHadPaidSubscription: false, stripeCustomerId: null });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('password_hash');
    const days = (Date.parse(user.trialEndDate) - Date.parse(user.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    const cookie = cookieLine(res, 'spindle_session');
    expect(cookie).toMatch(/^spindle_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await client.get('/api/user')).json().username).toBe('new.person@example.com');
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://spindle.example' });
    try {
      const res = await https.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'secure@example.com', password: 'longenough' } });
      expect(res.statusCode).toBe(201);
      expect(cookieLine(res, '__Host-spindle_session')).toMatch(/; Secure/);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });

  it('names the session cookie __Host-spindle_session over https (Secure, Path=/, no Domain) and ignores a plain spindle_session there', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://spindle.example' });
    try {
      const res = await https.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'host-prefix@example.com', password: 'longenough' } });
      expect(res.statusCode).toBe(201);
      const line = cookieLine(res, '__Host-spindle_session');
      expect(line).toMatch(/^__Host-spindle_session=[^;]+;/);
      // The offline shelf's marker carries the same prefix and Secure over https.
      expect(cookieLine(res, '__Host-spindle_shelf')).toMatch(/; Path=\/;.*Secure/);
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).not.toMatch(/Domain=/i);
      const value = /^__Host-spindle_session=([^;]+)/.exec(line ?? '')![1]!;
      const signedIn = await https.app.inject({ method: 'GET', url: '/api/user', cookies: { '__Host-spindle_session': value } });
      expect(signedIn.statusCode).toBe(200);
      // The same value under the unprefixed name (as a sibling subdomain could set it) is no session.
      const planted = await https.app.inject({ method: 'GET', url: '/api/user', cookies: { spindle_session: value } });
      expect(planted.statusCode).toBe(401);
      const logout = await https.app.inject({ method: 'POST', url: '/api/logout', cookies: { '__Host-spindle_session': value } });
      expect(cookieLine(logout, '__Host-spindle_session')).toMatch(/^__Host-spindle_session=;.*Path=\/.*Secure/);
      expect((await https.app.inject({ method: 'GET', url: '/api/user', cookies: { '__Host-spindle_session': value } })).statusCode).toBe(401);
    } finally {
      await https.close();
    }
  });

  it('refuses an invalid e-mail and a short password with a message, and creates nothing', async () => {
    const client = new Client(t.app);
    const bad = await client.post('/api/register', { username: 'not-an-email', password: 'longenough' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    const short = await client.post('/api/register', { username: 'short@example.com', password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    expect(short.json().errors).toHaveProperty('password');
    expect(await usersRepository.findByUsername(t.app.ctx.db, 'short@example.com')).toBeUndefined();
  });

  it('answers 409 for an e-mail that already has an account, whatever its case', async () => {
    await signUp(t.app, { username: 'taken@example.com' });
    const res = await new Client(t.app).post('/api/register', { username: 'TAKEN@example.com', password: 'longenough' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
  });

  it('accepts a 64-character password and does not truncate a long one', async () => {
    const long = 'a'.repeat(100);
    await signUp(t.app, { username: 'long@example.com', password: long });
    const wrong = await new Client(t.app).post('/api/login', { username: 'long@example.com', password: 'a'.repeat(99) + 'b' });
    expect(wrong.statusCode).toBe(401);
    const right = await new Client(t.app).post('/api/login', { username: 'long@example.com', password: long });
    expect(right.statusCode).toBe(200);
  });
});

describe('POST /api/login', () => {
  it('signs in with a new session id and answers user, message and subscription_required', async () => {
    const { client, password, user } = await signUp(t.app);
    const before = client.cookie;
    const res = await client.post('/api/login', { username: user.username.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Login successful', subscription_required: false, user: { username: user.username } });
    expect(client.cookie).not.toBe(before);
    const stale = new Client(t.app);
    stale.cookie = before;
    expect((await stale.get('/api/user')).statusCode).toBe(401);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const { user } = await signUp(t.app);
    const unknown = await new Client(t.app).post('/api/login', { username: 'nobody@example.com', password: 'whatever1' });
    const wrong = await new Client(t.app).post('/api/login', { username: user.username, password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('lets a gated user sign in with subscription_required and the documented message', async () => {
    const { user, password } = await signUp(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'inactive' });
    const res = await new Client(t.app).post('/api/login', { username: user.username, password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscription_required: true, message: 'Your subscription is inactive. Please subscribe to continue.' });
  });

  it('refuses a paused account and a revoked one with 403 saying which', async () => {
    const paused = await signUp(t.app);
    await updateUser(t.app, paused.user.id, { account_status: 'paused' });
    const res = await new Client(t.app).post('/api/login', { username: paused.user.username, password: paused.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/paused/);
    const revoked = await signUp(t.app);
    await updateUser(t.app, revoked.user.id, { account_status: 'revoked' });
    const res2 = await new Client(t.app).post('/api/login', { username: revoked.user.username, password: revoked.password });
    expect(res2.statusCode).toBe(403);
    expect(res2.json().message).toMatch(/revoked/);
  });

  it('ends the open sessions of a paused account at once', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await updateUser(t.app, user.id, { account_status: 'paused' });
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('ends the sessions of an account paused by another process or instance at its next call', async () => {
    const { client, user } = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await client.get('/api/user')).statusCode).toBe(200);
    // Another connection, as another app instance or an operator's SQL would make it.
    if (t.config.databaseUrl) {
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      await other.query("UPDATE users SET account_status = 'paused' WHERE id = $1", [user.id]);
      await other.end();
    } else {
      const other = new SQLite(path.join(t.config.dataDir, 'spindle.sqlite'));
      other.prepare("UPDATE users SET account_status = 'paused' WHERE id = ?").run(user.id);
      other.close();
    }
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('ends a session deleted by another connection at its next call', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    if (t.config.databaseUrl) {
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      await other.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      await other.end();
    } else {
      const other = new SQLite(path.join(t.config.dataDir, 'spindle.sqlite'));
      other.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id);
      other.close();
    }
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('answers 429 after 10 failed logins for one account, with a message saying when to retry', async () => {
    const { user, password } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await new Client(t.app).post('/api/login', { username: user.username, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
    }
    const limited = await new Client(t.app).post('/api/login', { username: user.username, password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 after 30 failed logins from one address across accounts', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: `ghost${i}@example.com`, password: 'wrong-password' } });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: 'ghost-new@example.com', password: 'wrong-password' } });
    expect(res.statusCode).toBe(429);
    const other = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '203.0.113.78', payload: { username: 'ghost-new@example.com', password: 'wrong-password' } });
    expect(other.statusCode).toBe(401);
  });

  it('requires username and password', async () => {
    const res = await new Client(t.app).post('/api/login', { username: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('password');
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server', async () => {
    const { client } = await signUp(t.app);
    const copy = new Client(t.app);
    copy.cookie = client.cookie;
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect((await copy.get('/api/user')).statusCode).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('answers 401 when signed out', async () => {
    const res = await new Client(t.app).get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers 402 with the payment-required body for an expired trial, and 200 again once active', async () => {
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { trial_end_date: new Date(Date.now() - 1000).toISOString() });
    const res = await client.get('/api/user');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Your free trial has expired. Please subscribe to continue.', code: 'PAYMENT_REQUIRED', redirectTo: '/subscription', userId: user.id, username: user.username, email: user.username });
    await updateUser(t.app, user.id, { subscription_status: 'active' });
    expect((await client.get('/api/user')).json().subscriptionStatus).toBe('active');
  });

  it('never gates an administrator', async () => {
    const admin = new Client(t.app);
    const res = await admin.post('/api/login', { username: 'boss@example.com', password: 'admin-password' });
    expect(res.statusCode).toBe(200);
    const id = res.json().user.id as number;
    await updateUser(t.app, id, { subscription_status: 'inactive' });
    const me = await admin.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().isAdmin).toBe(true);
  });
});
