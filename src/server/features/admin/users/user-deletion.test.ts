import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { richUser, tablesWithUserId, userFootprint } from './admin-users.test-support.js';
import { deleteUserAndData } from './user-deletion.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { mailWorker: false });
});
afterAll(() => t.close());

describe('deleteUserAndData', () => {
  it('finds every user-owned table in the catalog (the footprint below covers new ones by itself)', async () => {
    expect(await tablesWithUserId(t.app)).toEqual(
      expect.arrayContaining([
        'albums',
        'alert_history',
        'checkout_sessions',
        'collections',
        'demo_subscriptions',
        'images',
        'password_reset_tokens',
        'record_stores',
        'sessions',
        'wish_items',
      ]),
    );
  });

  it('removes the user and everything of theirs, table by table, and nothing of anyone else', async () => {
    const doomed = await richUser(t.app);
    const bystander = await richUser(t.app);
    const before = await userFootprint(t.app, doomed.user);
    // The fixture really put something everywhere, or the check below would prove nothing.
    expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([]);
    const bystanderBefore = await userFootprint(t.app, bystander.user);

    const deleted = await deleteUserAndData(t.app.ctx.db, doomed.user.id, { exportsDir: path.join(t.config.dataDir, 'exports') });
    expect(deleted).toMatchObject({ id: doomed.user.id, username: doomed.user.username });

    const after = await userFootprint(t.app, doomed.user);
    expect(after).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
    expect(await userFootprint(t.app, bystander.user)).toEqual(bystanderBefore);

    // Their share links answer 404 at once, and their session no longer works; the bystander's still do.
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${doomed.collectionShareToken}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/record-stores/shared/${doomed.storeShareToken}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/wishlist/shared/${doomed.wishlistShareToken}` })).statusCode).toBe(404);
    expect((await doomed.client.get('/api/user')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${bystander.collectionShareToken}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/record-stores/shared/${bystander.storeShareToken}` })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/wishlist/shared/${bystander.wishlistShareToken}` })).statusCode).toBe(200);
    expect((await bystander.client.get('/api/user')).statusCode).toBe(200);
  });

  it('runs inside a caller’s transaction, and a rollback keeps everything', async () => {
    const kept = await richUser(t.app);
    const before = await userFootprint(t.app, kept.user);
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        expect(await deleteUserAndData(trx, kept.user.id)).toMatchObject({ id: kept.user.id });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await userFootprint(t.app, kept.user)).toEqual(before);
  });

  it('answers undefined for an unknown id and changes nothing', async () => {
    expect(await deleteUserAndData(t.app.ctx.db, 987_654)).toBeUndefined();
  });
});
