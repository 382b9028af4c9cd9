import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../security/password.js';
import { createPostgresDatabase, createTestApp, TEST_SCRYPT, testDbKind } from '../test/harness.js';
import { migrateToLatest, openDatabase, type DbHandle } from './database.js';
import { migrations } from './migrations/index.js';

// Upgrades: a database left at any earlier schema version, holding data written by that version,
// reaches the current schema with every row intact, and the current app serves it. Also what a rolling
// upgrade relies on: statements of the older version keep working during and after the migration.

type LooseDb = Kysely<Record<string, Record<string, unknown>>>;
const names = Object.keys(migrations);
const PASSWORD = 'correct horse battery';

/** Rows as a version that had just `migration` would write them: only the columns it knew. */
type Seed = (db: LooseDb, tag: string, ids: Record<string, number>) => Promise<void>;

const seeds: Record<string, Seed> = {
  '001-initial': async (db, tag, ids) => {
    const now = new Date().toISOString();
    const user = await db
      .insertInto('users')
      .values({
        username: `${tag}@example.com`,
        email: `${tag}@example.com`,
        password_hash: await hashPassword(PASSWORD, TEST_SCRYPT),
        first_name: 'Old',
        last_name: 'Timer',
        created_at: now,
        is_admin: 0,
        account_status: 'active',
        subscription_status: 'trialing',
        trial_end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        has_had_paid_subscription: 0,
        record_store_share_token: `stores-${tag}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.user = user.id as number;
    await db.insertInto('sessions').values({ id_hash: sessionHash(tag), user_id: ids.user, created_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString() }).execute();
    await db.insertInto('settings').values({ key: `upgrade-${tag}`, value: 'kept' }).execute();
    const collection = await db
      .insertInto('collections')
      .values({ user_id: ids.user, name: `Jazz ${tag}`, name_key: `jazz ${tag}`, share_token: `share-${tag}`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('albums')
      .values({
        user_id: ids.user,
        collection_id: collection.id,
        title: 'Kind of Blue',
        artist: 'Miles Davis',
        title_key: 'kind of blue',
        artist_key: 'miles davis',
        purchase_location: 'Rough Trade',
        purchase_date: '2020-05-01',
        price_cents: 2599,
        genre: 'Jazz',
        label: 'Columbia',
        release_year: 1959,
        country: 'US',
        media_condition: 'Near Mint (NM or M-)',
        sleeve_condition: 'Very Good Plus (VG+)',
        is_lent: 1,
        lent_to: 'Ana',
        lent_date: '2024-01-02',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.insertInto('images').values({ name: `img-${tag}`, user_id: ids.user, content_type: 'image/png', data: Buffer.from([1, 2, 3]), width: 1, height: 1, sha256: `sha-${tag}`, created_at: now }).execute();
    await db.insertInto('http_cache').values({ key: `cache-${tag}`, content_type: 'application/json', body: Buffer.from('{}'), expires_at: now }).execute();
    await db
      .insertInto('record_stores')
      .values({ user_id: ids.user, name: 'Rough Trade', address: '130 Bedford Ave, Brooklyn', city: 'Brooklyn', latitude: 40.72, longitude: -73.96, created_at: now })
      .execute();
    await db.insertInto('password_reset_tokens').values({ token_hash: `reset-${tag}`, user_id: ids.user, created_at: now, expires_at: now }).execute();
    await db.insertInto('checkout_sessions').values({ id: `cs-${tag}`, user_id: ids.user, provider: 'demo', status: 'open', created_at: now }).execute();
    await db.insertInto('alert_history').values({ type: 'new_user', user_id: ids.user, username: `${tag}@example.com`, details: '{}', read: 0, created_at: now }).execute();
    // The configuration a later migration seeds: an administrator's own threshold must survive it.
    await db.insertInto('alert_configs').values({ type: 'album_count', enabled: 1, threshold: 5, email_notification: 1, notification_email: 'ops@example.com' }).onConflict((oc) => oc.doNothing()).execute();
  },
  '003-subscription': async (db, tag, ids) => {
    const now = new Date().toISOString();
    await db.insertInto('demo_subscriptions').values({ id: `sub-${tag}`, user_id: ids.user, status: 'active', current_period_start: now, current_period_end: now, created_at: now }).execute();
    await db.insertInto('webhook_events').values({ id: `evt-${tag}`, type: 'checkout.session.completed', received_at: now }).execute();
  },
  '004-mail-outbox': async (db, tag) => {
    const now = new Date().toISOString();
    await db
      .insertInto('mail_outbox')
      .values({ idempotency_key: `mail-${tag}`, kind: 'test', to_address: `${tag}@example.com`, subject: 'Hello', text_body: 'Hi', status: 'sent', attempts: 1, next_attempt_at: now, created_at: now, sent_at: now })
      .execute();
  },
  // From 010 on the app writes added_at with every album; the album seeded above stands for one it wrote.
  '010-collector-fields': async (db, _tag, ids) => {
    await db.updateTable('albums').set({ added_at: sql`created_at` }).where('user_id', '=', ids.user!).where('added_at', 'is', null).execute();
  },
};

const sessionHash = (tag: string) => createHash('sha256').update(`session-${tag}`).digest('hex');

/** Every table's rows, in a stable order, for before/after comparison. */
async function snapshot(db: LooseDb): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = [
    'users', 'sessions', 'settings', 'collections', 'albums', 'images', 'http_cache', 'record_stores', 'password_reset_tokens',
    'checkout_sessions', 'alert_configs', 'alert_history', 'demo_subscriptions', 'webhook_events', 'mail_outbox',
  ];
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) {
    try {
      const rows = await db.selectFrom(table).selectAll().execute();
      result[table] = rows.map((row) => ({ ...row })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    } catch {
      // Not created yet at this version.
    }
  }
  return result;
}

/** Each row of `before` is still there with the same values in the columns it had then. */
function expectKept(before: Record<string, Record<string, unknown>[]>, after: Record<string, Record<string, unknown>[]>) {
  for (const [table, rows] of Object.entries(before)) {
    const later = after[table] ?? [];
    for (const row of rows) {
      const match = later.find((candidate) => Object.entries(row).every(([column, value]) => JSON.stringify(candidate[column]) === JSON.stringify(value)));
      expect(match, `${table} row ${JSON.stringify(row).slice(0, 200)}`).toBeDefined();
    }
  }
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A new empty database of this run's engine: its handle and the settings the app needs to open it. */
async function freshDatabase(): Promise<{ handle: DbHandle; env: Record<string, string>; open: () => DbHandle }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-upgrade-'));
  cleanups.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
  if (testDbKind === 'postgres') {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const open = () => openDatabase({ databaseUrl: database.url, dataDir });
    return { handle: open(), env: { DATABASE_URL: database.url }, open };
  }
  const open = () => openDatabase({ dataDir });
  return { handle: open(), env: { DATA_DIR: dataDir }, open };
}

describe('upgrading from every earlier schema version', () => {
  for (const [index, from] of names.slice(0, -1).entries()) {
    it(`from ${from}: migrates to the latest with the data intact, logs each migration, and the app serves the old data`, async () => {
      const { handle, env } = await freshDatabase();
      const db = handle.db as unknown as LooseDb;
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const partial = await migrator.migrateTo(from);
      expect(partial.error).toBeUndefined();

      const tag = randomBytes(4).toString('hex');
      const ids: Record<string, number> = {};
      for (const name of names.slice(0, index + 1)) await seeds[name]?.(db, tag, ids);
      const before = await snapshot(db);

      const logged: string[] = [];
      await migrateToLatest(handle.db, { info: (fields) => logged.push(fields.migration) });
      expect(logged).toEqual(names.slice(index + 1));
      expectKept(before, await snapshot(db));
      // New columns arrived with their defaults on the old rows.
      const user = await db.selectFrom('users').selectAll().where('id', '=', ids.user!).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ data_version: 0, loan_reminder_days: 30 });
      // An album that was there before the collector's details: added when it was created (set by the
      // migration that brought the details when this upgrade ran it, else by the version that wrote it:
      // the 010 seed above), no details.
      const album = await db.selectFrom('albums').selectAll().where('user_id', '=', ids.user!).executeTakeFirstOrThrow();
      expect(album).toMatchObject({ added_at: album.created_at, format: null, catalog_number: null, tracklist: null, rating: null });
      // The administrator's own alert setting survived the migration that seeds the defaults.
      if (names.indexOf('005-admin-alerts') > index) expect(await db.selectFrom('alert_configs').selectAll().where('type', '=', 'album_count').executeTakeFirst()).toMatchObject({ threshold: 5, notification_email: 'ops@example.com' });
      await handle.close();

      // The current app on the upgraded database: the old session, collection and album are served.
      const t = await createTestApp(env);
      cleanups.push(() => t.close());
      const cookie = `spindle_session=session-${tag}`;
      const albums = await t.app.inject({ method: 'GET', url: '/api/albums', headers: { cookie } });
      expect(albums.statusCode).toBe(200);
      expect(albums.json()).toEqual([expect.objectContaining({ title: 'Kind of Blue', artist: 'Miles Davis', collection: `Jazz ${tag}`, price: 25.99, releaseYear: 1959, lentTo: 'Ana', format: null, addedAt: album.created_at })]);
      // Notes and tracklist come with the album's own read, not the list (docs/product/albums.md#album-list).
      const [listed] = albums.json<{ id: number }[]>();
      const one = await t.app.inject({ method: 'GET', url: `/api/albums/${listed!.id}`, headers: { cookie } });
      expect(one.json()).toMatchObject({ title: 'Kind of Blue', notes: null, tracklist: null });
      const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: `${tag}@example.com`, password: PASSWORD } });
      expect(login.statusCode).toBe(200);
    });
  }
});

describe('old and new versions side by side', () => {
  it('statements of the oldest version keep working while the latest migrates and after it has', async () => {
    const { handle, open } = await freshDatabase();
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo(names[0]!)).error).toBeUndefined();
    // The old instance: its own connections (a pool on PostgreSQL, a connection on SQLite), as a separate process would have.
    const old = open();
    const oldDb = old.db as unknown as LooseDb;
    await seeds['001-initial']!(oldDb, `first-${randomBytes(3).toString('hex')}`, {});

    // The old instance keeps writing and reading its way while the new one migrates.
    let stop = false;
    const oldWork = (async () => {
      let rounds = 0;
      while (!stop || rounds === 0) {
        await seeds['001-initial']!(oldDb, `during-${rounds}-${randomBytes(3).toString('hex')}`, {});
        await oldDb.selectFrom('albums').select(['title', 'artist', 'is_lent']).execute();
        rounds++;
      }
      return rounds;
    })();
    await migrateToLatest(handle.db);
    stop = true;
    expect(await oldWork).toBeGreaterThan(0);

    // And after: the old version's rows get the new columns' defaults.
    await seeds['001-initial']!(oldDb, `after-${randomBytes(3).toString('hex')}`, {});
    const users = await (handle.db as unknown as LooseDb).selectFrom('users').select(['data_version', 'loan_reminder_days', 'payment_provider']).execute();
    for (const user of users) expect(user).toEqual({ data_version: 0, loan_reminder_days: 30, payment_provider: null });
    await old.close();
    await handle.close();
  });
});
