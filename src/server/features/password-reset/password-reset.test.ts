import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, INVALID_RESET_TOKEN_MESSAGE, RESET_DONE_MESSAGE } from '../../../common/password-reset.schemas.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { settleResetRequests } from './password-reset.service.js';

let t: TestApp;
beforeAll(async () => {
  // The worker stays off: these tests read the queued mails before anything sends them.
  t = await createTestApp({ PUBLIC_URL: 'https://spindle.example' }, { mailWorker: false });
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each request from its own client address unless a test is about the address limit. */
const nextAddress = () => `203.0.113.${(++addressCounter % 250) + 1}`;

const forgot = (email: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, headers, payload: { email } });
const verifyRaw = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/verify-reset-token?token=${encodeURIComponent(token)}` });
/** The verify answer is always 200: `valid` says whether the link can be used. */
async function verify(token: string): Promise<{ valid: boolean; body: unknown }> {
  const res = await verifyRaw(token);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ valid: boolean }>();
  if (!body.valid) expect(body).toEqual({ valid: false, message: INVALID_RESET_TOKEN_MESSAGE });
  return { valid: body.valid, body };
}
const reset = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextAddress(), payload: { username, password } });

/** The mails queued for an address, oldest first, once every forgot-password request has done its work. */
async function mailsTo(to: string, kind?: string) {
  await settleResetRequests(t.app.ctx);
  let query = t.app.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id');
  if (kind) query = query.where('kind', '=', kind);
  return query.execute();
}

/** The token in the newest reset mail to `to`. */
async function latestToken(to: string): Promise<string> {
  const mails = await mailsTo(to, 'password-reset');
  const text = mails.at(-1)?.text_body ?? '';
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset mail to ${to}`);
  return match[1]!;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers identically whether or not the account exists, and mails only an existing one', async () => {
    const { user } = await signUp(t.app);
    const known = await forgot(user.username);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const headerNames = (res: typeof known) => Object.keys(res.headers).filter((h) => h !== 'date').sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect(await mailsTo(user.username, 'password-reset')).toHaveLength(1);
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('finds the account whatever the case and spaces of the e-mail', async () => {
    const { user } = await signUp(t.app);
    expect((await forgot(`  ${user.username.toUpperCase()} `)).statusCode).toBe(200);
    expect(await mailsTo(user.username, 'password-reset')).toHaveLength(1);
  });

  it('refuses a missing or malformed e-mail with the documented texts', async () => {
    const missing = await forgot('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Email is required');
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
  });

  it('builds the link from PUBLIC_URL, never from the Host header of the request', async () => {
    const { user } = await signUp(t.app);
    await forgot(user.username, nextAddress(), { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const [mail] = await mailsTo(user.username, 'password-reset');
    expect(mail!.text_body).toMatch(/https:\/\/spindle\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.html_body).toContain('https://spindle.example/reset-password?token=');
    expect(`${mail!.text_body}${mail!.html_body}`).not.toContain('evil.example');
  });

  it('stores only a hash of the token, valid for one hour', async () => {
    const { user } = await signUp(t.app);
    await forgot(user.username);
    const token = await latestToken(user.username);
    const rows = await t.app.ctx.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(3_600_000);
  });

  it('sends nothing to a paused account', async () => {
    const { user } = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ account_status: 'paused' }).where('id', '=', user.id).execute();
    expect((await forgot(user.username)).json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await mailsTo(user.username)).toHaveLength(0);
  });

  it('limits requests to 10 per e-mail in 15 minutes (429 with Retry-After), from any address', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 10; i++) expect((await forgot(user.username)).statusCode).toBe(200);
    const limited = await forgot(user.username);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many password reset attempts\. Please try again in \d+ minutes?\.$/);
    expect(await mailsTo(user.username, 'password-reset')).toHaveLength(10);
    // An unknown e-mail is limited alike: the 429 tells nothing about the account.
    for (let i = 0; i < 10; i++) await forgot('ghost-limit@example.com');
    expect((await forgot('ghost-limit@example.com')).statusCode).toBe(429);
  });

  it('limits requests to 30 per client address in 15 minutes', async () => {
    for (let i = 0; i < 30; i++) expect((await forgot(`probe${i}@example.com`, '198.51.100.77')).statusCode).toBe(200);
    const limited = await forgot('probe-last@example.com', '198.51.100.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await forgot('probe-last@example.com', '198.51.100.78')).statusCode).toBe(200);
  });
});

describe('verify and reset', () => {
  it('resets the password: the link verifies, the new password logs in, the old one no longer does', async () => {
    const { user, password } = await signUp(t.app);
    await forgot(user.username);
    const token = await latestToken(user.username);
    const verified = await verify(token);
    expect(verified.body).toEqual({ valid: true });
    const done = await reset(token, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET_DONE_MESSAGE });
    expect((await login(user.username, password)).statusCode).toBe(401);
    expect((await login(user.username, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('ends every session of the user and queues the "password changed" mail', async () => {
    const { client, user } = await signUp(t.app);
    const other = new Client(t.app);
    expect((await other.post('/api/login', { username: user.username, password: 'correct horse battery' })).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await forgot(user.username);
    expect((await reset(await latestToken(user.username), 'another-new-password')).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const changed = await mailsTo(user.username, 'password-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.subject).toBe('Your Spindle password was changed');
    expect(changed[0]!.text_body).toContain('https://spindle.example/auth?mode=login');
  });

  it('uses a link once', async () => {
    const { user } = await signUp(t.app);
    await forgot(user.username);
    const token = await latestToken(user.username);
    expect((await reset(token, 'first-new-password')).statusCode).toBe(200);
    const again = await reset(token, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_RESET_TOKEN_MESSAGE);
    expect((await verify(token)).valid).toBe(false);
    expect((await login(user.username, 'first-new-password')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous resets with one link succeed', async () => {
    const { user } = await signUp(t.app);
    await forgot(user.username);
    const token = await latestToken(user.username);
    const answers = await Promise.all([reset(token, 'racer-one-password'), reset(token, 'racer-two-password')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('ends every other link of the user when one is used', async () => {
    const { user } = await signUp(t.app);
    await forgot(user.username);
    const first = await latestToken(user.username);
    await forgot(user.username);
    const second = await latestToken(user.username);
    expect(second).not.toBe(first);
    expect((await reset(second, 'the-newest-password')).statusCode).toBe(200);
    expect((await verify(first)).valid).toBe(false);
    expect((await reset(first, 'an-older-password')).statusCode).toBe(400);
    expect((await login(user.username, 'the-newest-password')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { user, password } = await signUp(t.app);
    await forgot(user.username);
    const token = await latestToken(user.username);
    await t.app.ctx.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const verified = await verify(token);
    expect(verified.body).toEqual({ valid: false, message: INVALID_RESET_TOKEN_MESSAGE });
    expect((await reset(token, 'too-late-password')).statusCode).toBe(400);
    expect((await login(user.username, password)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token', async () => {
    expect((await verify('made-up-token')).valid).toBe(false);
    expect((await reset('made-up-token', 'whatever-password')).json().message).toBe(INVALID_RESET_TOKEN_MESSAGE);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify-reset-token' })).statusCode).toBe(400);
    expect((await verifyRaw('y'.repeat(500))).statusCode).toBe(400);
    expect((await reset('x'.repeat(500), 'whatever-password')).statusCode).toBe(400);
  });

  it("changes only the token owner's password, and leaves other users' sessions alone", async () => {
    const ann = await signUp(t.app);
    const bob = await signUp(t.app);
    await forgot(bob.user.username);
    expect((await reset(await latestToken(bob.user.username), 'bobs-new-password')).statusCode).toBe(200);
    expect((await login(ann.user.username, ann.password)).statusCode).toBe(200);
    expect((await login(ann.user.username, 'bobs-new-password')).statusCode).toBe(401);
    expect((await ann.client.get('/api/user')).statusCode).toBe(200);
    expect((await login(bob.user.username, 'bobs-new-password')).statusCode).toBe(200);
  });

  it('applies the registration password rule and changes nothing on a bad password', async () => {
    const { user, password } = await signUp(t.app);
    await forgot(user.username);
    const token = await latestToken(user.username);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    expect((await reset(token, 'p'.repeat(257))).statusCode).toBe(400);
    expect((await verify(token)).valid).toBe(true);
    expect((await login(user.username, password)).statusCode).toBe(200);
    expect((await reset(token, 'p'.repeat(256))).statusCode).toBe(200);
  });

  it('lets a reset lift the failed-login lock of the account', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 10; i++) await login(user.username, 'wrong-password');
    expect((await login(user.username, 'wrong-password')).statusCode).toBe(429);
    await forgot(user.username);
    expect((await reset(await latestToken(user.username), 'unlocked-password')).statusCode).toBe(200);
    expect((await login(user.username, 'unlocked-password')).statusCode).toBe(200);
  });
});
