import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEvents } from '../../events.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { buildAlbum, signedInCollector, updateUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A collector with one collection, one album and a share link, made while the trial runs. */
async function collectorWithShare() {
  const signed = await signedInCollector(t.app, { collections: ['Jazz'] });
  const collection = signed.collections.Jazz!;
  await buildAlbum(t.app, signed.user.id, { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane' });
  const { shareToken } = (await signed.client.post(`/api/collections/${collection.id}/share`)).json<{ shareToken: string }>();
  return { ...signed, collectionId: collection.id, shareToken };
}

describe('subscription gating', () => {
  it('lets a trial user in before trialEndDate', async () => {
    const { client } = await collectorWithShare();
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await client.get('/api/collections')).statusCode).toBe(200);
    expect((await client.get('/api/albums')).statusCode).toBe(200);
  });

  for (const [label, changes, message] of [
    ['an expired trial', { trial_end_date: inDays(-0.001) }, 'Your free trial has expired. Please subscribe to continue.'],
    ['past_due', { subscription_status: 'past_due', has_had_paid_subscription: 1 }, 'Your subscription is inactive. Please subscribe to continue.'],
    ['inactive', { subscription_status: 'inactive' }, 'Your subscription is inactive. Please subscribe to continue.'],
  ] as const) {
    it(`answers 402 with the payment-required body to ${label} on data calls, and still reaches the allowed calls`, async () => {
      const { client, user, password, collectionId, shareToken } = await collectorWithShare();
      await updateUser(t.app, user.id, changes);
      const body = { message, redirectTo: '/subscription', userId: user.id, username: user.username, email: user.username };
      for (const res of [
        await client.get('/api/user'),
        await client.get('/api/collections'),
        await client.post('/api/collections', { name: 'Rock' }),
        await client.get('/api/albums'),
        await client.post('/api/albums', { collection: 'Jazz', title: 'Giant Steps', artist: 'John Coltrane' }),
        await client.post(`/api/collections/${collectionId}/share`),
      ]) {
        expect(res.statusCode).toBe(402);
        expect(res.json()).toMatchObject(body);
      }
      // Reachable whatever the subscription.
      expect((await client.get('/api/subscription')).statusCode).toBe(200);
      expect((await client.put('/api/user/update', { email: user.username, firstName: 'Still', lastName: 'Here' })).statusCode).toBe(200);
      expect((await client.get(`/api/shared/${shareToken}`)).statusCode).toBe(200);
      expect((await client.get('/api/export/albums')).statusCode).toBe(200);
      const login = await new Client(t.app).post('/api/login', { username: user.username, password });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ subscription_required: true, message });
      expect((await client.post('/api/subscription/checkout', { tier: 'premium' })).statusCode).toBe(200);
    });
  }

  it('puts a canceled paid plan on the free tier: exactly 3 collections, reads always allowed', async () => {
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { subscription_status: 'canceled', has_had_paid_subscription: 1 });
    for (const name of ['One', 'Two', 'Three']) expect((await client.post('/api/collections', { name })).statusCode).toBe(201);
    const over = await client.post('/api/collections', { name: 'Four' });
    expect(over.statusCode).toBe(402);
    expect(over.json().message).toBe('The free plan allows up to 3 collections. Please subscribe to create more.');
    expect((await client.get('/api/collections')).json()).toHaveLength(3);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('trial notices (the events behind the trial mails)', () => {
  it('announces "trial ending" once within 3 days of the end, and "trial ended" once after it', async () => {
    const ending: AppEvents['trial.ending'][] = [];
    const ended: AppEvents['trial.ended'][] = [];
    const offs = [t.app.ctx.events.on('trial.ending', (p) => void ending.push(p)), t.app.ctx.events.on('trial.ended', (p) => void ended.push(p))];
    const { client, user } = await signUp(t.app);
    const noticeOf = async () => (await t.app.ctx.db.selectFrom('users').select('trial_notice').where('id', '=', user.id).executeTakeFirstOrThrow()).trial_notice;

    await client.get('/api/user');
    expect(await noticeOf()).toBeNull();

    // A new trial end, as an administrator would set it; the status stays 'trialing' throughout (no timer).
    const soon = inDays(2.5);
    await updateUser(t.app, user.id, { trial_end_date: soon });
    await client.get('/api/user');
    await vi.waitFor(async () => expect(await noticeOf()).toBe('ending'));
    await client.get('/api/collections');
    await vi.waitFor(() => expect(ending).toEqual([{ userId: user.id, username: user.username, email: user.username, trialEndDate: soon, daysLeft: 3 }]));

    const past = inDays(-0.5);
    await updateUser(t.app, user.id, { trial_end_date: past });
    await client.get('/api/user');
    await vi.waitFor(async () => expect(await noticeOf()).toBe('ended'));
    await client.get('/api/subscription');
    await vi.waitFor(() => expect(ended).toEqual([{ userId: user.id, username: user.username, email: user.username, trialEndDate: past }]));
    expect(ending).toHaveLength(1);
    for (const off of offs) off();
  });

  it('a listener that throws never fails the request', async () => {
    const off = t.app.ctx.events.on('trial.ended', () => {
      throw new Error('mail server down');
    });
    const { client, user } = await signUp(t.app);
    await updateUser(t.app, user.id, { trial_end_date: inDays(-1) });
    expect((await client.get('/api/user')).statusCode).toBe(402);
    expect((await client.get('/api/subscription')).statusCode).toBe(200);
    off();
  });
});
