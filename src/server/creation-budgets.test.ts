import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_COLLECTION, type ImportReport, type ImportResult } from '../common/import.schemas.js';
import type { RecordStoreRequest } from '../common/record-stores.schemas.js';
import { budgetCeilingMessage, budgetWindowMessage, CREATION_BUDGETS } from './creation-budgets.js';
import { Client, createTestApp, signUp, type TestApp } from './test/harness.js';

// Per-account creation budgets: albums per hour by single adds and imports together, record stores
// per minute and per hour, and a ceiling on what one account may hold.

let t: TestApp;
beforeAll(async () => {
  // No geocoder reachable: these stores carry their coordinates, and none may be looked up.
  t = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9' });
});
afterAll(() => t.close());

const DISCOGS_HEADER = 'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';

/** A Discogs export of `count` distinct records, as a real collection of that size would be. */
function discogsExport(count: number, prefix: string): string {
  const rows = [DISCOGS_HEADER];
  for (let i = 0; i < count; i++) rows.push(`CAT-${i},Artist ${i % 997},${prefix} Record ${i},Label,LP,,1990,${i},Uncategorized,2020-01-01 10:00:00,Mint (M),Mint (M),`);
  return rows.join('\r\n') + '\r\n';
}

function upload(client: Client, url: string, content: string) {
  const boundary = '----spindlebudget' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="collection.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

const albumCount = async (client: Client) => (await client.get('/api/albums')).json<unknown[]>().length;
const storeCount = async (client: Client) => (await client.get('/api/record-stores')).json<unknown[]>().length;

const store = (i: number): RecordStoreRequest => ({
  name: `Shop ${i}`,
  streetAddress: `${i} High Street`,
  city: 'Leeds',
  state: 'West Yorkshire',
  country: 'UK',
  latitude: 53.8,
  longitude: -1.55,
});

/** Moves a user's budget entries back in time, as if they had been made `ms` earlier. */
async function age(userId: number, ms: number) {
  const rows = await t.app.ctx.db.selectFrom('creation_budget_entries').select(['id', 'created_at']).where('user_id', '=', userId).execute();
  for (const row of rows) {
    const earlier = new Date(Date.parse(row.created_at) - ms).toISOString();
    await t.app.ctx.db.updateTable('creation_budget_entries').set({ created_at: earlier }).where('id', '=', row.id).execute();
  }
}

function expectRetryAfter(res: { headers: Record<string, unknown>; json: <T>() => T }, min: number, max: number): number {
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(min);
  expect(seconds).toBeLessThanOrEqual(max);
  expect(res.json()).toMatchObject({ retryAfterSeconds: seconds });
  return seconds;
}

describe('albums per hour, single adds and imports together', () => {
  it('a real-size import of 15,000 records goes through; a second one within the hour is refused with 429 and Retry-After, and adds nothing', async () => {
    expect(CREATION_BUDGETS.albums.windows[1]).toMatchObject({ ms: 3_600_000, max: 25_000, counts: 'items' });
    const { client, user } = await signUp(t.app);
    const first = await upload(client, '/api/import/albums', discogsExport(15_000, 'First'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportResult>()).toMatchObject({ added: 15_000 });

    // The dry run already says the next import would be refused.
    const second = discogsExport(15_000, 'Second');
    const report = (await upload(client, '/api/import/albums/dry-run', second)).json<ImportReport>();
    expect(report.toAdd.count).toBe(15_000);
    expect(report.warnings.join(' ')).toContain('You are adding albums too quickly (at most 25,000 an hour)');

    const refused = await upload(client, '/api/import/albums', second);
    expect(refused.statusCode).toBe(429);
    const seconds = expectRetryAfter(refused, 3_500, 3_600);
    expect(refused.json<{ message: string }>().message).toBe(budgetWindowMessage('albums', 25_000, 'an hour', seconds));
    expect(refused.json<{ message: string }>().message).toMatch(/^You are adding albums too quickly \(at most 25,000 an hour\)\. Please try again in \d+ minutes\.$/);
    expect(await albumCount(client)).toBe(15_000);

    // Single adds share the hour: 10,000 more would be the budget, and they are within it.
    expect((await client.post('/api/albums', { collection: DEFAULT_IMPORT_COLLECTION, title: 'One more', artist: 'Band' })).statusCode).toBe(201);

    // Once the first import is an hour old, the second goes through.
    await age(user.id, 3_600_000);
    const later = await upload(client, '/api/import/albums', second);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<ImportResult>()).toMatchObject({ added: 15_000 });
    expect(await albumCount(client)).toBe(30_001);
  }, 240_000);

  it('single adds meet the same hourly budget as imports, and a repeated import that adds nothing costs nothing of it', async () => {
    const { client, user } = await signUp(t.app);
    const small = discogsExport(100, 'Small');
    expect((await upload(client, '/api/import/albums', small)).json<ImportResult>()).toMatchObject({ added: 100 });
    expect((await upload(client, '/api/import/albums', small)).json<ImportResult>()).toMatchObject({ added: 0, duplicates: 100 });
    // 24,899 albums added in the last half hour by earlier requests (a minute old, so the per-minute limit is clear).
    await t.app.ctx.db
      .insertInto('creation_budget_entries')
      .values({ user_id: user.id, kind: 'albums', amount: 24_899, created_at: new Date(Date.now() - 30 * 60_000).toISOString() })
      .execute();
    expect((await client.post('/api/albums', { collection: DEFAULT_IMPORT_COLLECTION, title: 'Last', artist: 'Band' })).statusCode).toBe(201);
    const refused = await client.post('/api/albums', { collection: DEFAULT_IMPORT_COLLECTION, title: 'Too many', artist: 'Band' });
    expect(refused.statusCode).toBe(429);
    // Room comes back when the big entry leaves the hour, in about half an hour.
    expectRetryAfter(refused, 1_700, 1_800);
    expect(await albumCount(client)).toBe(101);
  });
});

describe('record stores per minute and per hour', () => {
  it(`allows ${CREATION_BUDGETS['record-stores'].windows[0]!.max} a minute, then 429 with Retry-After and nothing saved; another account is not affected`, async () => {
    expect(CREATION_BUDGETS['record-stores'].windows[0]).toMatchObject({ ms: 60_000, max: 20 });
    const { client } = await signUp(t.app);
    for (let i = 0; i < 20; i++) expect((await client.post('/api/record-stores', store(i))).statusCode).toBe(201);
    const refused = await client.post('/api/record-stores', store(20));
    expect(refused.statusCode).toBe(429);
    const seconds = expectRetryAfter(refused, 1, 60);
    expect(refused.json()).toMatchObject({ message: budgetWindowMessage('record stores', 20, 'a minute', seconds), code: 'RATE_LIMITED' });
    expect(await storeCount(client)).toBe(20);
    const other = await signUp(t.app);
    expect((await other.client.post('/api/record-stores', store(0))).statusCode).toBe(201);
  });

  it('counts a burst exactly: 30 concurrent stores save 20 and refuse 10', async () => {
    const { client } = await signUp(t.app);
    const statuses = (await Promise.all(Array.from({ length: 30 }, (_, i) => client.post('/api/record-stores', store(i))))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await storeCount(client)).toBe(20);
  });

  it('allows 200 an hour', async () => {
    const { client, user } = await signUp(t.app);
    await t.app.ctx.db
      .insertInto('creation_budget_entries')
      .values(Array.from({ length: 200 }, () => ({ user_id: user.id, kind: 'record-stores', amount: 1, created_at: new Date(Date.now() - 10 * 60_000).toISOString() })))
      .execute();
    const refused = await client.post('/api/record-stores', store(0));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toContain('at most 200 an hour');
    expectRetryAfter(refused, 2_900, 3_000);
    expect(await storeCount(client)).toBe(0);
  });
});

describe('the ceiling of an account', () => {
  it('at 1,000 record stores the next one is refused with 429, whenever it comes', async () => {
    const { client, user } = await signUp(t.app);
    await t.app.ctx.db
      .insertInto('record_stores')
      .values(Array.from({ length: 1_000 }, (_, i) => ({ user_id: user.id, name: `Old ${i}`, address: 'Somewhere', created_at: new Date().toISOString() })))
      .execute();
    const refused = await client.post('/api/record-stores', store(0));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(refused.json()).toMatchObject({ message: budgetCeilingMessage('record stores', 1_000, 1_001), ceiling: 1_000 });
    expect(await storeCount(client)).toBe(1_000);
  });

  it('at 100,000 albums an add or an import that would pass it is refused with 429 and adds nothing', async () => {
    expect(CREATION_BUDGETS.albums.ceiling).toBe(100_000);
    const { client, user } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Vault' })).statusCode).toBe(201);
    const vault = await t.app.ctx.db.selectFrom('collections').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    // 99,990 albums already held (written directly: no request could add them so fast).
    const now = new Date().toISOString();
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 99990)
      insert into albums (user_id, collection_id, title, artist, title_key, artist_key, is_lent, created_at, updated_at)
      select ${user.id}, ${vault.id}, 'Held ' || i, 'Band', 'held ' || i, 'band', 0, ${now}, ${now} from n
    `.execute(t.app.ctx.db);
    const fifteen = await upload(client, '/api/import/albums', discogsExport(15, 'Over'));
    expect(fifteen.statusCode).toBe(429);
    expect(fifteen.json()).toMatchObject({ message: budgetCeilingMessage('albums', 100_000, 100_005), ceiling: 100_000 });
    for (let i = 0; i < 10; i++) expect((await client.post('/api/albums', { collection: 'Vault', title: `New ${i}`, artist: 'Band' })).statusCode).toBe(201);
    const refused = await client.post('/api/albums', { collection: 'Vault', title: 'One too many', artist: 'Band' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: budgetCeilingMessage('albums', 100_000, 100_001) });
    const held = await t.app.ctx.db.selectFrom('albums').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(100_000);
  }, 120_000);

  it('on the free plan the free limits answer first, with 402', async () => {
    const { client, user } = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ subscription_status: 'canceled', has_had_paid_subscription: 1 }).where('id', '=', user.id).execute();
    const refused = await upload(client, '/api/import/albums', discogsExport(500, 'Free'));
    expect(refused.statusCode).toBe(402);
    expect(await albumCount(client)).toBe(0);
  });
});
