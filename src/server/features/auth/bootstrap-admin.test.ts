import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { ADMIN_CONFLICT_LOG, ensureBootstrapAdmin } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  // The operator's first start: ADMIN_EMAIL names no account yet.
  t = await createTestApp({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'admin-password' });
});
afterAll(() => t.close());

interface LogLine {
  level: 'error' | 'info';
  fields: Record<string, unknown>;
  message: string;
}

/** What start-up does (buildApp runs ensureBootstrapAdmin) with these settings; returns what it logged. */
async function restartWith(email: string, password: string): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  const record = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  const log = { error: record('error'), info: record('info'), warn: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
  const ctx = t.app.ctx;
  await ensureBootstrapAdmin({ ...ctx, log, config: { ...ctx.config, admin: { email, password } } });
  return lines;
}

const login = async (username: string, password: string) => {
  const client = new Client(t.app);
  const res = await client.post('/api/login', { username, password });
  return { client, res };
};
const isAdmin = async (client: Client) => (await client.get('/api/user')).json().isAdmin as boolean;

describe('the administrator from ADMIN_EMAIL and ADMIN_PASSWORD at start-up', () => {
  it('creates the account when it is missing, as an administrator', async () => {
    const { client, res } = await login('boss@example.com', 'admin-password');
    expect(res.statusCode).toBe(200);
    expect(await isAdmin(client)).toBe(true);
    expect((await client.get('/api/admin/anything')).statusCode).toBe(404);
  });

  it('promotes an existing account when ADMIN_PASSWORD is its password', async () => {
    const { client } = await signUp(t.app, { username: 'owner@example.com', password: 'the-owners-password' });
    expect(await isAdmin(client)).toBe(false);
    const lines = await restartWith('Owner@Example.com', 'the-owners-password');
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(await isAdmin(client)).toBe(true);
  });

  it('does not hand the role to whoever registers the address the administrator moved away from', async () => {
    const boss = (await login('boss@example.com', 'admin-password')).client;
    const moved = await boss.put('/api/user/update', { email: 'boss-new@example.com', firstName: 'The', lastName: 'Boss' });
    expect(moved.statusCode).toBe(200);
    const intruder = await signUp(t.app, { username: 'boss@example.com', password: 'intruders-password' });

    const lines = await restartWith('boss@example.com', 'admin-password');

    expect(await isAdmin(intruder.client)).toBe(false);
    expect((await intruder.client.get('/api/admin/users')).statusCode).toBe(403);
    expect(lines).toContainEqual({ level: 'error', fields: expect.objectContaining({ username: 'boss@example.com', userId: intruder.user.id }) as unknown, message: ADMIN_CONFLICT_LOG });
    // The intruder's password stays theirs; the administrator still signs in at the new address.
    expect((await login('boss@example.com', 'admin-password')).res.statusCode).toBe(401);
    const again = await login('boss-new@example.com', 'admin-password');
    expect(await isAdmin(again.client)).toBe(true);
  });

  it('does not promote an account registered under ADMIN_EMAIL before the operator set it', async () => {
    const early = await signUp(t.app, { username: 'ops@example.com', password: 'squatters-password' });
    const lines = await restartWith('ops@example.com', 'operators-password');
    expect(await isAdmin(early.client)).toBe(false);
    expect(lines.map((line) => line.message)).toContain(ADMIN_CONFLICT_LOG);
    expect((await login('ops@example.com', 'operators-password')).res.statusCode).toBe(401);
  });

  it('does not promote an account whose owner changed their profile e-mail to ADMIN_EMAIL', async () => {
    const user = await signUp(t.app, { username: 'someone@example.com', password: 'someones-password' });
    const res = await user.client.put('/api/user/update', { email: 'chief@example.com', firstName: 'Some', lastName: 'One' });
    expect(res.statusCode).toBe(200);
    const lines = await restartWith('chief@example.com', 'chiefs-password');
    expect(await isAdmin(user.client)).toBe(false);
    expect(lines.map((line) => line.message)).toContain(ADMIN_CONFLICT_LOG);
  });
});
