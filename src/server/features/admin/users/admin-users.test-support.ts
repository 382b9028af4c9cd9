import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { nowIso } from '../../../db/database.js';
import { Client, insertStoredImage, signUp } from '../../../test/harness.js';
import { settleResetRequests } from '../../password-reset/password-reset.service.js';

export interface RichUser {
  client: Client;
  user: { id: number; username: string };
  collectionShareToken: string;
  storeShareToken: string;
  wishlistShareToken: string;
}

/**
 * A user who has something in every place the app keeps things of a user: collections and albums (made
 * through the API, so the album-creation bucket fills), a stored cover, record stores, both kinds of share
 * link, a wish and its gift-list link, a covers-and-details job (paused), a session, a reset token with its pending mail, a failed login, a checkout session, a demo
 * subscription, an alert, and a kept CSV export on disk. Needs an app built with `mailWorker: false`
 * (so the reset mail stays pending).
 */
export async function richUser(app: FastifyInstance): Promise<RichUser> {
  const { client, user } = await signUp(app);
  const collection = await client.post('/api/collections', { name: 'Jazz' });
  expect(collection.statusCode).toBe(201);
  const collectionId = collection.json<{ id: number }>().id;
  await insertStoredImage(app, user.id, `${user.id}-cover.png`);
  const albumIds: number[] = [];
  for (const title of ['Blue Train', 'Giant Steps']) {
    const album = await client.post('/api/albums', {
      collection: 'Jazz',
      title,
      artist: 'John Coltrane',
      coverUrl: `/api/cover-art/${user.id}-cover.png`,
    });
    expect(album.statusCode).toBe(201);
    albumIds.push(album.json<{ id: number }>().id);
  }
  // A finished lookup of the covers-and-details job, as an import leaves it, and the job paused.
  await app.ctx.db
    .insertInto('enrichment_jobs')
    .values({ user_id: user.id, album_id: albumIds[0]!, status: 'unmatched', next_attempt_at: nowIso(), lease_owner: null, lease_until: null, created_at: nowIso(), finished_at: nowIso() })
    .execute();
  expect((await client.post('/api/enrichment/pause')).statusCode).toBe(200);
  const share = await client.post(`/api/collections/${collectionId}/share`);
  expect(share.statusCode).toBe(200);
  await app.ctx.db
    .insertInto('record_stores')
    .values({ user_id: user.id, name: 'Amoeba', address: '6200 Hollywood Blvd, Los Angeles, CA 90028', created_at: nowIso() })
    .execute();
  const storeShare = await client.post('/api/record-stores/share');
  expect(storeShare.statusCode).toBe(200);
  expect((await client.post('/api/wishlist', { title: 'A Love Supreme', artist: 'John Coltrane', notes: 'private' })).statusCode).toBe(201);
  const wishlistShare = await client.post('/api/wishlist/share');
  expect(wishlistShare.statusCode).toBe(200);
  expect((await client.get('/api/export/albums')).statusCode).toBe(200);

  // A failed login (login-account bucket) and a reset request (token + pending mail + forgot-email bucket).
  expect((await new Client(app).post('/api/login', { username: user.username, password: 'wrong password!' })).statusCode).toBe(
    401,
  );
  expect(
    (await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.username } })).statusCode,
  ).toBe(200);
  await settleResetRequests(app.ctx);

  const checkout = await client.post('/api/subscription/checkout', { tier: 'premium' });
  expect(checkout.statusCode).toBe(200);
  await app.ctx.db
    .insertInto('demo_subscriptions')
    .values({
      id: `demo_sub_${user.id}`,
      user_id: user.id,
      status: 'active',
      current_period_start: nowIso(),
      current_period_end: nowIso(),
      created_at: nowIso(),
    })
    .execute();
  await app.ctx.db
    .insertInto('alert_history')
    .values({ type: 'new_user', user_id: user.id, username: user.username, details: '{}', read: 0, created_at: nowIso() })
    .execute();
  // A MusicBrainz turn they had (their last turn in the shared queue), as a search leaves it.
  await app.ctx.db
    .insertInto('upstream_tickets')
    .values({ queue: 'musicbrainz', user_id: user.id, created_at: nowIso(), expires_at: nowIso(), served_at: nowIso() })
    .execute();
  return {
    client,
    user,
    collectionShareToken: share.json<{ shareToken: string }>().shareToken,
    storeShareToken: storeShare.json<{ shareToken: string }>().shareToken,
    wishlistShareToken: wishlistShare.json<{ shareToken: string }>().shareToken,
  };
}

/** Every table with a user_id column, read from the database's own catalog (so a new table is covered). */
export async function tablesWithUserId(app: FastifyInstance): Promise<string[]> {
  if (app.ctx.dbKind === 'postgres') {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id' order by table_name`.execute(app.ctx.db);
    return rows.map((row) => row.table_name);
  }
  const { rows } = await sql<{ name: string }>`
    select m.name from sqlite_master m join pragma_table_info(m.name) c
    where m.type = 'table' and c.name = 'user_id' order by m.name`.execute(app.ctx.db);
  return rows.map((row) => row.name);
}

/**
 * Everything of this user, table by table: rows with their user_id in every table that has one, their
 * own users row, login-attempt buckets and pending mail naming them, and their kept export files.
 */
export async function userFootprint(
  app: FastifyInstance,
  user: { id: number; username: string },
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesWithUserId(app)) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where user_id = ${user.id}`.execute(app.ctx.db);
    counts[table] = Number(rows[0]!.n);
  }
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const db = app.ctx.db;
  counts['users'] = await count(
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', user.id),
  );
  counts['login_attempts (buckets)'] = await count(
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('bucket', 'like', `%:${user.username}`), eb('bucket', '=', `album-create:${user.id}`)])),
  );
  // alert_history's key is ON DELETE SET NULL: a row left behind would only show by its username.
  counts['alert_history (by username)'] = await count(
    db
      .selectFrom('alert_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', user.username),
  );
  counts['mail_outbox (pending)'] = await count(
    db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_address', '=', user.username)
      .where('status', '=', 'pending'),
  );
  const exportsDir = path.join(app.ctx.config.dataDir, 'exports');
  counts['export files'] = (await readdir(exportsDir).catch(() => [] as string[])).filter((name) =>
    name.startsWith(`${user.id}-`),
  ).length;
  return counts;
}
