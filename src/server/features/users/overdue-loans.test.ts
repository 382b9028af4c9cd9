import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { buildAlbum } from '../../test/factories.js';
import { usersRepository } from './users.repository.js';

/**
 * The overdue count the header menu shows on every signed-in page: the collector's overdue albums
 * across all their collections, counted on the server's UTC day with their own reminder days.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The UTC date `days` before today (YYYY-MM-DD). */
function daysBefore(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * 86_400_000).toISOString().slice(0, 10);
}

async function lend(userId: number, collection: string, title: string, lentDate: string | null, isLent = true): Promise<void> {
  await buildAlbum(t.app, userId, { collection, title, artist: 'Band', isLent, lentTo: isLent ? 'Sam' : null, lentDate });
}

const overdueCount = async (client: Client) => {
  const res = await client.get('/api/user/overdue-loans');
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number }>().count;
};

describe('GET /api/user/overdue-loans', () => {
  it('counts overdue albums across collections: lent N + 1 days ago is overdue, N days ago is not', async () => {
    const { client, user } = await signUp(t.app);
    expect(await overdueCount(client)).toBe(0);
    for (const name of ['Living Room', 'Jazz']) expect((await client.post('/api/collections', { name })).statusCode).toBe(201);
    await lend(user.id, 'Living Room', 'Thirty', daysBefore(30));
    await lend(user.id, 'Living Room', 'Thirty-one', daysBefore(31));
    await lend(user.id, 'Jazz', 'A year', daysBefore(365));
    await lend(user.id, 'Jazz', 'Home', null, false);
    const res = await client.get('/api/user/overdue-loans');
    expect(res.statusCode).toBe(200);
    // Only the count leaves the server.
    expect(res.json()).toEqual({ count: 2 });
  });

  it('follows the collector’s reminder days', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Shelf' })).statusCode).toBe(201);
    await lend(user.id, 'Shelf', 'Eight', daysBefore(8));
    await lend(user.id, 'Shelf', 'Forty', daysBefore(40));
    expect(await overdueCount(client)).toBe(1);
    expect((await client.put('/api/user/loan-reminders', { days: 7 })).statusCode).toBe(200);
    expect(await overdueCount(client)).toBe(2);
    expect((await client.put('/api/user/loan-reminders', { days: 60 })).statusCode).toBe(200);
    expect(await overdueCount(client)).toBe(0);
  });

  it('never counts another user’s loans', async () => {
    const owner = await signUp(t.app);
    expect((await owner.client.post('/api/collections', { name: 'Shelf' })).statusCode).toBe(201);
    await lend(owner.user.id, 'Shelf', 'Long gone', daysBefore(100));
    const other = await signUp(t.app);
    expect(await overdueCount(owner.client)).toBe(1);
    expect(await overdueCount(other.client)).toBe(0);
  });

  it('answers 401 signed out and 402 to a user whose trial has ended', async () => {
    expect((await new Client(t.app).get('/api/user/overdue-loans')).statusCode).toBe(401);
    const { client, user } = await signUp(t.app);
    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'trialing', trial_end_date: '2020-01-01T00:00:00.000Z' });
    expect((await client.get('/api/user/overdue-loans')).statusCode).toBe(402);
  });
});
