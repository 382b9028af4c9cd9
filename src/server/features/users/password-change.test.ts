import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_CHANGED_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../../common/password-change.schemas.js';
import { verifyPassword } from '../../security/password.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  // The worker stays off: the tests read the queued mail before anything sends it.
  t = await createTestApp({ PUBLIC_URL: 'https://spindle.example' }, { mailWorker: false });
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test from its own client address, so the per-address count never carries over. */
const nextAddress = () => `198.51.100.${(++addressCounter % 250) + 1}`;

const change = (client: Client, payload: unknown, remoteAddress = nextAddress()) =>
  client.request({ method: 'PUT', url: '/api/user/password', remoteAddress, payload: payload as object });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextAddress(), payload: { username, password } });

/** A second signed-in device of the same account. */
async function secondDevice(username: string, password: string): Promise<Client> {
  const other = new Client(t.app);
  const res = await other.request({
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextAddress(),
    payload: { username, password },
  });
  expect(res.statusCode).toBe(200);
  return other;
}

describe('PUT /api/user/password', () => {
  it('answers 401 without a session and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      payload: { currentPassword: 'a', newPassword: 'new password 1', confirmPassword: 'new password 1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password: this session stays, the other device is signed out, the old password no longer signs in, a mail tells the owner', async () => {
    const { client, user, password } = await signUp(t.app);
    const other = await secondDevice(user.username, password);
    const res = await change(client, {
      currentPassword: password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });

    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await login(user.username, password)).statusCode).toBe(401);
    expect((await login(user.username, 'a brand new secret')).statusCode).toBe(200);

    const mails = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', user.username)
      .where('kind', '=', 'password-changed')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Spindle password was changed');
    expect(mails[0]!.text_body).toContain('https://spindle.example/auth?mode=login');
  });

  it('refuses a wrong current password with 400 and its message beside the field, and changes nothing', async () => {
    const { client, user, password } = await signUp(t.app);
    const other = await secondDevice(user.username, password);
    const res = await change(client, {
      currentPassword: 'not my password',
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
      errors: { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE },
    });
    expect((await other.get('/api/user')).statusCode).toBe(200);
    expect((await login(user.username, password)).statusCode).toBe(200);
    const mails = await t.app.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', user.username).execute();
    expect(mails).toHaveLength(0);
  });

  it('refuses bad bodies with 400 and the message of the field', async () => {
    const { client, user, password } = await signUp(t.app);
    const cases: [unknown, string, string][] = [
      [
        { currentPassword: '', newPassword: 'a brand new secret', confirmPassword: 'a brand new secret' },
        'currentPassword',
        'Current password is required',
      ],
      [
        { currentPassword: password, newPassword: 'short', confirmPassword: 'short' },
        'newPassword',
        'Password must be at least 8 characters',
      ],
      [
        { currentPassword: password, newPassword: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) },
        'newPassword',
        'Password must be at most 256 characters',
      ],
      [
        { currentPassword: password, newPassword: 'a brand new secret', confirmPassword: 'another secret' },
        'confirmPassword',
        PASSWORDS_DIFFER_MESSAGE,
      ],
      [{ currentPassword: password, newPassword: password, confirmPassword: password }, 'newPassword', SAME_PASSWORD_MESSAGE],
      [{ currentPassword: password, newPassword: 'a brand new secret' }, 'confirmPassword', 'Please confirm the new password'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await change(client, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    for (const payload of [null, [], '']) {
      const res = await client.request({
        method: 'PUT',
        url: '/api/user/password',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await login(user.username, password)).statusCode).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: 429 after ten, even with the right one, and sign-in is held back too', async () => {
    const { client, user, password } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await change(client, {
        currentPassword: `wrong-${i}`,
        newPassword: 'a brand new secret',
        confirmPassword: 'a brand new secret',
      });
      expect(res.statusCode).toBe(400);
    }
    const refused = await change(client, {
      currentPassword: password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await login(user.username, password)).statusCode).toBe(429);
    // Nothing changed: the old password is still the stored one.
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(password, row.password_hash)).toBe(true);
  });
});
