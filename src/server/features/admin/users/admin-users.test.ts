import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../common/admin-users.schemas.js';
import type { AppEvents } from '../../../events.js';
import { buildAlbum } from '../../../test/factories.js';
import { Client, createTestApp, signUp, type TestApp } from '../../../test/harness.js';
import { richUser, userFootprint } from './admin-users.test-support.js';
import { deleteUser, setAccountStatus } from './admin-users.service.js';

let t: TestApp;
let admin: Client;
let adminId: number;
const ADMIN = { username: 'admin@example.com', password: 'admin-password' };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { mailWorker: false });
  admin = new Client(t.app);
  const login = await admin.post('/api/login', ADMIN);
  expect(login.statusCode).toBe(200);
  adminId = login.json<{ user: { id: number } }>().user.id;
});
afterAll(() => t.close());

const listUsers = async (client = admin) => {
  const res = await client.get('/api/admin/users');
  expect(res.statusCode).toBe(200);
  return res.json<AdminUser[]>();
};
const listed = async (id: number) => (await listUsers()).find((user) => user.id === id);

/** A second administrator, signed in. */
async function anotherAdmin() {
  const signed = await signUp(t.app);
  expect((await admin.put(`/api/admin/users/${signed.user.id}/make-admin`)).statusCode).toBe(200);
  return signed;
}

function recordEvents() {
  const seen: { event: string; payload: unknown }[] = [];
  const offs = (['subscription.activated', 'subscription.deactivated'] as const).map((event) =>
    t.app.ctx.events.on(event, (payload: AppEvents[typeof event]) => {
      seen.push({ event, payload });
    }),
  );
  return { seen, stop: () => offs.forEach((off) => off()) };
}

describe('who may call', () => {
  const calls = (id: number) => [
    { method: 'GET' as const, url: '/api/admin/users' },
    { method: 'PUT' as const, url: `/api/admin/users/${id}/status`, payload: { status: 'paused' } },
    { method: 'PUT' as const, url: `/api/admin/users/${id}/make-admin` },
    { method: 'PUT' as const, url: `/api/admin/users/${id}/update-info`, payload: { firstName: 'Mallory' } },
    { method: 'PUT' as const, url: `/api/admin/users/${id}/subscription`, payload: { subscriptionStatus: 'active' } },
    { method: 'DELETE' as const, url: `/api/admin/users/${id}` },
  ];

  it('answers 401 signed out and 403 to a non-administrator, and changes nothing', async () => {
    const victim = await signUp(t.app);
    const { client: mallory, user: malloryUser } = await signUp(t.app);
    const before = await listed(victim.user.id);
    for (const call of [...calls(victim.user.id), ...calls(malloryUser.id)]) {
      expect((await new Client(t.app).request(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      const refused = await mallory.request(call);
      expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(refused.body).not.toContain(victim.user.username);
    }
    expect(await listed(victim.user.id)).toEqual(before);
    expect((await listed(malloryUser.id))?.isAdmin).toBe(false);
  });

  it('refuses a paused administrator at their next call', async () => {
    const second = await anotherAdmin();
    expect((await second.client.get('/api/admin/users')).statusCode).toBe(200);
    expect((await admin.put(`/api/admin/users/${second.user.id}/status`, { status: 'paused' })).statusCode).toBe(200);
    expect((await second.client.get('/api/admin/users')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id and 400 for an id that is not one, on every call', async () => {
    for (const call of calls(987_654).slice(1)) {
      const res = await admin.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json()).toMatchObject({ message: 'User not found' });
    }
    for (const call of calls(0).slice(1)) {
      expect((await admin.request({ ...call, url: call.url.replace('/0', '/abc') })).statusCode).toBe(400);
    }
  });
});

describe('GET /api/admin/users', () => {
  it('lists every user with the fields of the users table and their counts', async () => {
    const { client, user } = await signUp(t.app, { firstName: 'Ann', lastName: 'Lee' });
    for (const [collection, title] of [
      ['Jazz', 'Blue Train'],
      ['Jazz', 'Giant Steps'],
      ['Rock', 'Revolver'],
    ] as const) {
      await buildAlbum(t.app, user.id, { collection, title, artist: 'Someone' });
    }
    const empty = await signUp(t.app);
    const users = await listUsers();
    const row = users.find((u) => u.id === user.id)!;
    expect(row).toEqual({
      id: user.id,
      username: user.username,
      email: user.username,
      firstName: 'Ann',
      lastName: 'Lee',
      createdAt: expect.any(String) as string,
      accountStatus: 'active',
      isAdmin: false,
      subscriptionStatus: 'trialing',
      trialEndDate: expect.any(String) as string,
      subscription: { planType: null, currentPeriodStart: null, currentPeriodEnd: null },
      hasHadPaidSubscription: false,
      collectionsCount: 2,
      albumsCount: 3,
    });
    expect(users.find((u) => u.id === empty.user.id)).toMatchObject({ collectionsCount: 0, albumsCount: 0 });
    expect(users.find((u) => u.id === adminId)).toMatchObject({ isAdmin: true, username: ADMIN.username });
    expect(JSON.stringify(users)).not.toMatch(/password|stripe|share|token/i);

    // The next write shows at once (the kept answer is only reused while nothing changed).
    expect((await client.post('/api/albums', { collection: 'Rock', title: 'Help!', artist: 'The Beatles' })).statusCode).toBe(
      201,
    );
    expect(await listed(user.id)).toMatchObject({ albumsCount: 4, collectionsCount: 2 });
    const jazz = (await client.get('/api/collections')).json<{ id: number; name: string }[]>().find((c) => c.name === 'Jazz')!;
    expect((await client.delete(`/api/collections/${jazz.id}`)).statusCode).toBe(200);
    expect(await listed(user.id)).toMatchObject({ albumsCount: 2, collectionsCount: 1 });
  });
});

describe('PUT /api/admin/users/{id}/status', () => {
  it('pauses a user: their next call answers 401, they cannot log in (403), and activating lets them back', async () => {
    const { client, user, password } = await signUp(t.app);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    const paused = await admin.put(`/api/admin/users/${user.id}/status`, { status: 'paused' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ id: user.id, accountStatus: 'paused' });
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/collections')).statusCode).toBe(401);
    expect((await new Client(t.app).post('/api/login', { username: user.username, password })).statusCode).toBe(403);
    expect(await listed(user.id)).toMatchObject({ accountStatus: 'paused' });

    expect((await admin.put(`/api/admin/users/${user.id}/status`, { status: 'revoked' })).statusCode).toBe(200);
    expect(await listed(user.id)).toMatchObject({ accountStatus: 'revoked' });
    expect((await client.get('/api/user')).statusCode).toBe(401);

    expect((await admin.put(`/api/admin/users/${user.id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect((await new Client(t.app).post('/api/login', { username: user.username, password })).statusCode).toBe(200);
  });

  it('refuses an unknown status or a missing one with 400', async () => {
    const { user } = await signUp(t.app);
    for (const body of [{ status: 'deleted' }, { status: 'ACTIVE' }, {}, { status: null }]) {
      expect((await admin.put(`/api/admin/users/${user.id}/status`, body)).statusCode).toBe(400);
    }
    expect(await listed(user.id)).toMatchObject({ accountStatus: 'active' });
  });

  it('does not let an administrator pause or revoke themself (400)', async () => {
    for (const status of ['paused', 'revoked']) {
      const res = await admin.put(`/api/admin/users/${adminId}/status`, { status });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'You cannot pause or revoke your own account' });
    }
    expect((await admin.put(`/api/admin/users/${adminId}/status`, { status: 'active' })).statusCode).toBe(200);
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('does not pause or revoke the last active administrator (409)', async () => {
    // Only reachable by another caller than an active administrator (a race, see the test below); the rule itself:
    const { user } = await signUp(t.app);
    const others = (await listUsers()).filter((u) => u.isAdmin && u.accountStatus === 'active' && u.id !== adminId);
    for (const other of others) await setAccountStatus(t.app.ctx, adminId, other.id, 'paused');
    await expect(setAccountStatus(t.app.ctx, user.id, adminId, 'revoked')).rejects.toMatchObject({
      status: 409,
      message: 'The last administrator cannot be paused or revoked',
    });
    expect(await listed(adminId)).toMatchObject({ accountStatus: 'active' });
  });

  it('two administrators pausing each other at once: one wins, the other is refused, one stays active', async () => {
    const a = await anotherAdmin();
    const b = await anotherAdmin();
    // Leave exactly these two active administrators.
    for (const other of (await listUsers()).filter(
      (u) => u.isAdmin && u.accountStatus === 'active' && ![a.user.id, b.user.id].includes(u.id),
    )) {
      if (other.id !== adminId) await setAccountStatus(t.app.ctx, adminId, other.id, 'paused');
    }
    await setAccountStatus(t.app.ctx, a.user.id, adminId, 'paused');
    try {
      const [ab, ba] = await Promise.all([
        a.client.put(`/api/admin/users/${b.user.id}/status`, { status: 'paused' }),
        b.client.put(`/api/admin/users/${a.user.id}/status`, { status: 'paused' }),
      ]);
      const [won, lost] = ab.statusCode === 200 ? [ab, ba] : [ba, ab];
      expect(won.statusCode).toBe(200);
      // The loser is refused either by the rule (409) or, when their call arrives after the winner's
      // commit, by the session lookup: they are paused already (401).
      expect([401, 409]).toContain(lost.statusCode);
      if (lost.statusCode === 409)
        expect(lost.json()).toMatchObject({ message: 'The last administrator cannot be paused or revoked' });
      const [survivor, loser] = ab.statusCode === 200 ? [a, b] : [b, a];
      expect((await loser.client.get('/api/admin/users')).statusCode).toBe(401);
      expect((await survivor.client.get('/api/admin/users')).statusCode).toBe(200);
    } finally {
      await setAccountStatus(t.app.ctx, a.user.id, adminId, 'active');
    }
    // Pausing ended the first administrator's sessions: reactivated, they sign in again.
    expect((await admin.get('/api/admin/users')).statusCode).toBe(401);
    expect((await admin.post('/api/login', ADMIN)).statusCode).toBe(200);
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
  });
});

describe('PUT /api/admin/users/{id}/make-admin', () => {
  it('makes a user an administrator, who then reaches the admin calls; no body needed, twice is harmless', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.get('/api/admin/users')).statusCode).toBe(403);
    const res = await admin.put(`/api/admin/users/${user.id}/make-admin`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, isAdmin: true });
    expect((await admin.put(`/api/admin/users/${user.id}/make-admin`, { isAdmin: false })).statusCode).toBe(200);
    expect((await client.get('/api/user')).json()).toMatchObject({ isAdmin: true });
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
    expect(await listed(user.id)).toMatchObject({ isAdmin: true });
  });
});

describe('PUT /api/admin/users/{id}/update-info', () => {
  it('changes the fields sent and answers the updated user fields; the new username signs in', async () => {
    const { user, password } = await signUp(t.app, { firstName: 'Old', lastName: 'Name' });
    const newName = `renamed-${user.id}@example.com`;
    const res = await admin.put(`/api/admin/users/${user.id}/update-info`, {
      username: `  ${newName.toUpperCase()} `,
      firstName: 'New',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, username: newName, email: user.username, firstName: 'New', lastName: 'Name' });
    expect(await listed(user.id)).toMatchObject({ username: newName, email: user.username, firstName: 'New', lastName: 'Name' });
    expect((await new Client(t.app).post('/api/login', { username: newName, password })).statusCode).toBe(200);
  });

  it('stores an empty e-mail, first or last name as null', async () => {
    const { user } = await signUp(t.app, { firstName: 'Ann', lastName: 'Lee' });
    const res = await admin.put(`/api/admin/users/${user.id}/update-info`, { email: '', firstName: '  ', lastName: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: null, firstName: null, lastName: null, username: user.username });
    expect(await listed(user.id)).toMatchObject({ email: null, firstName: null, lastName: null });
  });

  it('answers 409 with registration’s message when the username or e-mail is another account’s', async () => {
    const { user } = await signUp(t.app);
    const other = await signUp(t.app);
    for (const body of [{ username: other.user.username }, { email: other.user.username.toUpperCase() }]) {
      const res = await admin.put(`/api/admin/users/${user.id}/update-info`, { ...body, firstName: 'Changed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'An account with this email already exists' });
    }
    await admin.put(`/api/admin/users/${other.user.id}/update-info`, { username: `plain-name-${other.user.id}` });
    const plain = await admin.put(`/api/admin/users/${user.id}/update-info`, { username: `plain-name-${other.user.id}` });
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ message: 'An account with this username already exists' });
    // Nothing of a refused change was written.
    expect(await listed(user.id)).toMatchObject({ username: user.username, firstName: 'Test' });
  });

  it('writes only the changed fields: resending unchanged ones that clash elsewhere is no conflict', async () => {
    const { user } = await signUp(t.app);
    const other = await signUp(t.app);
    // Give the other account this user's e-mail as its e-mail (data made before the uniqueness rule, say).
    await t.app.ctx.db.updateTable('users').set({ email: user.username }).where('id', '=', other.user.id).execute();
    const res = await admin.put(`/api/admin/users/${user.id}/update-info`, {
      username: user.username,
      email: user.username,
      firstName: 'Only',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Only', email: user.username });
  });

  it('ignores fields it does not know (no mass assignment) and refuses a bad e-mail or empty username', async () => {
    const { client, user } = await signUp(t.app);
    const res = await admin.put(`/api/admin/users/${user.id}/update-info`, {
      firstName: 'Eve',
      isAdmin: true,
      is_admin: 1,
      accountStatus: 'revoked',
      subscriptionStatus: 'active',
      passwordHash: 'x',
      id: adminId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.username,
      firstName: 'Eve',
      lastName: 'User',
    });
    expect(await listed(user.id)).toMatchObject({ isAdmin: false, accountStatus: 'active', subscriptionStatus: 'trialing' });
    expect((await client.get('/api/admin/users')).statusCode).toBe(403);
    expect(await listed(adminId)).toMatchObject({ username: ADMIN.username });
    for (const body of [
      { email: 'not-an-email' },
      { username: '' },
      { username: '   ' },
      { username: null },
      { firstName: 'x'.repeat(101) },
    ]) {
      expect((await admin.put(`/api/admin/users/${user.id}/update-info`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('PUT /api/admin/users/{id}/subscription', () => {
  it('sets a status and answers the subscription fields; activation announces itself once with provider admin', async () => {
    const { client, user } = await signUp(t.app);
    const events = recordEvents();
    const res = await admin.put(`/api/admin/users/${user.id}/subscription`, {
      subscriptionStatus: 'active',
      hasHadPaidSubscription: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subscriptionStatus: 'active',
      trialEndDate: expect.any(String) as string,
      subscription: { planType: 'premium', currentPeriodStart: null, currentPeriodEnd: null },
      hasHadPaidSubscription: true,
    });
    // Sending the same again changes nothing and announces nothing.
    expect((await admin.put(`/api/admin/users/${user.id}/subscription`, { subscriptionStatus: 'active' })).statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.seen).toEqual([
      {
        event: 'subscription.activated',
        payload: { userId: user.id, username: user.username, email: user.username, planType: 'premium', provider: 'admin' },
      },
    ]);

    const canceled = await admin.put(`/api/admin/users/${user.id}/subscription`, { subscriptionStatus: 'canceled' });
    expect(canceled.json()).toMatchObject({ subscriptionStatus: 'canceled', hasHadPaidSubscription: true });
    await new Promise((resolve) => setImmediate(resolve));
    events.stop();
    expect(events.seen[1]).toEqual({
      event: 'subscription.deactivated',
      payload: { userId: user.id, username: user.username, email: user.username, reason: 'Changed by an administrator' },
    });
    expect(events.seen).toHaveLength(2);
    // Canceled after a paid plan is the free tier (docs/product/subscription.md#access): still in.
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('End Trial (skipTrial) forces inactive and ends the trial, whatever status is sent with it: the user is gated (402)', async () => {
    const { client, user } = await signUp(t.app);
    const res = await admin.put(`/api/admin/users/${user.id}/subscription`, { skipTrial: true, subscriptionStatus: 'trialing' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ subscriptionStatus: string; trialEndDate: string }>();
    expect(body.subscriptionStatus).toBe('inactive');
    expect(Date.parse(body.trialEndDate)).toBeLessThanOrEqual(Date.now());
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(402);
    expect(me.json()).toMatchObject({ redirectTo: '/subscription', userId: user.id });
  });

  it('trialing with no trial left starts a fresh 30-day trial; the flag alone changes only the flag', async () => {
    const { client, user } = await signUp(t.app);
    await admin.put(`/api/admin/users/${user.id}/subscription`, { skipTrial: true });
    const res = await admin.put(`/api/admin/users/${user.id}/subscription`, { subscriptionStatus: 'trialing' });
    const days = (Date.parse(res.json<{ trialEndDate: string }>().trialEndDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    const flag = await admin.put(`/api/admin/users/${user.id}/subscription`, { hasHadPaidSubscription: true });
    expect(flag.json()).toMatchObject({
      subscriptionStatus: 'trialing',
      hasHadPaidSubscription: true,
      trialEndDate: res.json<{ trialEndDate: string }>().trialEndDate,
    });
  });

  it('refuses an unknown status or a wrong type with 400 and changes nothing', async () => {
    const { user } = await signUp(t.app);
    for (const body of [
      { subscriptionStatus: 'premium' },
      { subscriptionStatus: '' },
      { skipTrial: 'yes' },
      { hasHadPaidSubscription: 1 },
    ]) {
      expect((await admin.put(`/api/admin/users/${user.id}/subscription`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await listed(user.id)).toMatchObject({ subscriptionStatus: 'trialing', hasHadPaidSubscription: false });
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('removes the user and everything of theirs, table by table; their share links answer 404 at once', async () => {
    const doomed = await richUser(t.app);
    const bystander = await richUser(t.app);
    const before = await userFootprint(t.app, doomed.user);
    expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([]);
    const bystanderBefore = await userFootprint(t.app, bystander.user);

    const res = await admin.delete(`/api/admin/users/${doomed.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });

    expect(await userFootprint(t.app, doomed.user)).toEqual(Object.fromEntries(Object.keys(before).map((key) => [key, 0])));
    expect(await userFootprint(t.app, bystander.user)).toEqual(bystanderBefore);
    expect((await new Client(t.app).get(`/api/shared/${doomed.collectionShareToken}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/record-stores/shared/${doomed.storeShareToken}`)).statusCode).toBe(404);
    expect((await doomed.client.get('/api/user')).statusCode).toBe(401);
    expect(await listed(doomed.user.id)).toBeUndefined();
    expect((await admin.delete(`/api/admin/users/${doomed.user.id}`)).statusCode).toBe(404);
  });

  it('does not let an administrator delete themself (400), nor anyone the last active administrator (409)', async () => {
    const self = await admin.delete(`/api/admin/users/${adminId}`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: 'You cannot delete your own account' });
    const others = (await listUsers()).filter((u) => u.isAdmin && u.accountStatus === 'active' && u.id !== adminId);
    for (const other of others) await setAccountStatus(t.app.ctx, adminId, other.id, 'paused');
    const { user } = await signUp(t.app);
    await expect(deleteUser(t.app.ctx, user.id, adminId)).rejects.toMatchObject({
      status: 409,
      message: 'The last administrator cannot be deleted',
    });
    expect(await listed(adminId)).toMatchObject({ isAdmin: true });
  });

  it('deletes another administrator while one remains', async () => {
    const second = await anotherAdmin();
    expect((await admin.delete(`/api/admin/users/${second.user.id}`)).statusCode).toBe(200);
    expect((await second.client.get('/api/admin/users')).statusCode).toBe(401);
  });
});
