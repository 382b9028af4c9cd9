import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseTestLine,
  TEST_SUITE_IDS,
  type ParsedTestLine,
  type TestSuiteInfo,
} from '../../../../common/admin-testing.schemas.js';
import { Client, createTestApp, signUp, testDbKind, type TestApp } from '../../../test/harness.js';
import { countRows } from './catalog.js';
import { TEST_RUN_LEASE_KEY } from './run-lease.js';
import { TEST_SUITES } from './test-suites.js';
import type { TestSuite } from './test-suite.js';
import { SELF_TEST_DOMAIN } from './workflows-suite.js';

const ADMIN = { username: 'admin@example.com', password: 'admin-password' };
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await signIn(t);
});
afterAll(() => t.close());

async function signIn(app: TestApp): Promise<Client> {
  const client = new Client(app.app);
  expect((await client.post('/api/login', ADMIN)).statusCode).toBe(200);
  return client;
}

/** Runs a suite through the route and reads its lines back. */
async function run(client: Client, suiteId: string) {
  const response = await client.post('/api/admin/run-tests', { suiteId });
  const lines = response.body.split('\n').filter(Boolean);
  return { response, lines, results: lines.map((line) => parseTestLine(line)) };
}

function byName(results: (ParsedTestLine | null)[], name: string): ParsedTestLine {
  const found = results.find((result) => result?.name === name);
  if (!found) throw new Error(`no result for ${name}`);
  return found;
}

describe('GET /api/admin/test-suites', () => {
  it('lists the three suites with their tests', async () => {
    const response = await admin.get('/api/admin/test-suites');
    expect(response.statusCode).toBe(200);
    const { suites } = response.json<{ suites: TestSuiteInfo[] }>();
    expect(suites.map((suite) => suite.id)).toEqual(['core', 'database', 'workflows']);
    expect(suites[0]!.tests).toContain('Mail path ready');
    for (const suite of suites) expect(suite.tests.length).toBeGreaterThan(2);
  });
});

describe('POST /api/admin/run-tests', () => {
  it.each(TEST_SUITE_IDS)(
    'streams one passing line per test of %s, in the suite’s order, on a healthy system',
    async (suiteId) => {
      const { response, lines, results } = await run(admin, suiteId);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(lines.every((line) => /^✓ .+ \(\d+ ms\)$/u.test(line))).toBe(true);
      expect(results.map((result) => result?.name)).toEqual(TEST_SUITES[suiteId].tests);
    },
  );

  it('workflows: leaves the row count of every table as it was, and no throwaway account behind', async () => {
    // Someone else's data is there too, and stays untouched.
    const { client } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Bystander' })).statusCode).toBe(201);
    const before = await countRows(t.app.ctx.db, t.app.ctx.dbKind);
    const { results } = await run(admin, 'workflows');
    expect(results.every((result) => result?.passed)).toBe(true);
    expect(await countRows(t.app.ctx.db, t.app.ctx.dbKind)).toEqual(before);
    const left = await t.app.ctx.db
      .selectFrom('users')
      .select('username')
      .where('username', 'like', `%@${SELF_TEST_DOMAIN}`)
      .execute();
    expect(left).toEqual([]);
  });

  it('workflows: passes while real clients have used up the per-address limits, and leaves them as they were', async () => {
    const db = t.app.ctx.db;
    const now = new Date().toISOString();
    const buckets = [
      ...Array.from({ length: 30 }, () => 'login-ip:127.0.0.1'),
      ...Array.from({ length: 10 }, () => 'email-taken-ip:127.0.0.1'),
    ];
    await db
      .insertInto('login_attempts')
      .values(buckets.map((bucket) => ({ bucket, created_at: now })))
      .execute();
    try {
      // The limits are real: a client at that address is refused.
      expect(
        (await new Client(t.app).post('/api/login', { username: ADMIN.username, password: 'not the password' })).statusCode,
      ).toBe(429);
      const before = await countRows(db, t.app.ctx.dbKind);
      const { results } = await run(admin, 'workflows');
      expect(results.filter((result) => !result?.passed)).toEqual([]);
      expect(await countRows(db, t.app.ctx.dbKind)).toEqual(before);
    } finally {
      await db.deleteFrom('login_attempts').where('bucket', 'in', ['login-ip:127.0.0.1', 'email-taken-ip:127.0.0.1']).execute();
    }
  });

  it('database: a dropped index shows as ✗ with its name', async () => {
    await sql`drop index albums_user_collection`.execute(t.app.ctx.db);
    try {
      const { results } = await run(admin, 'database');
      const indexes = byName(results, 'Expected indexes present');
      expect(indexes.passed).toBe(false);
      expect(indexes.reason).toBe('missing index: albums_user_collection');
      expect(byName(results, 'Database integrity').passed).toBe(true);
    } finally {
      await sql`create index albums_user_collection on albums (user_id, collection_id)`.execute(t.app.ctx.db);
    }
  });

  it('database: an album whose collection was deleted behind the foreign keys shows as ✗ (integrity, orphans, counts)', async () => {
    const { client, user } = await signUp(t.app);
    const collection = await client.post('/api/collections', { name: 'Doomed' });
    const collectionId = collection.json<{ id: number }>().id;
    expect(
      (await client.post('/api/albums', { collection: 'Doomed', title: 'Kind of Blue', artist: 'Miles Davis' })).statusCode,
    ).toBe(201);
    const db = t.app.ctx.db;
    if (testDbKind === 'sqlite') {
      await sql`pragma foreign_keys = off`.execute(db);
      await db.deleteFrom('collections').where('id', '=', collectionId).execute();
      await sql`pragma foreign_keys = on`.execute(db);
    } else {
      await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx.deleteFrom('collections').where('id', '=', collectionId).execute();
      });
    }
    try {
      const { results } = await run(admin, 'database');
      const integrity = byName(results, 'Database integrity');
      expect(integrity.passed).toBe(false);
      expect(integrity.reason).toMatch(/1 row of albums → collections/);
      expect(byName(results, 'No orphaned records')).toMatchObject({
        passed: false,
        reason: '1 album whose collection no longer exists',
      });
      expect(byName(results, 'Counts consistent')).toMatchObject({
        passed: false,
        reason: expect.stringMatching(/^1 of \d+ albums are not counted/) as unknown,
      });
    } finally {
      await db.deleteFrom('albums').where('user_id', '=', user.id).execute();
    }
    expect((await run(admin, 'database')).results.every((result) => result?.passed)).toBe(true);
  });

  it.runIf(testDbKind === 'postgres')('database on PostgreSQL: a constraint never validated shows as ✗', async () => {
    await sql`alter table albums add constraint albums_price_check check (price_cents >= 0) not valid`.execute(t.app.ctx.db);
    try {
      const integrity = byName((await run(admin, 'database')).results, 'Database integrity');
      expect(integrity).toMatchObject({ passed: false, reason: 'constraints not validated: albums.albums_price_check' });
    } finally {
      await sql`alter table albums drop constraint albums_price_check`.execute(t.app.ctx.db);
    }
  });

  it('core: cover storage that refuses writes shows as ✗ with the database’s reason', async () => {
    const db = t.app.ctx.db;
    if (testDbKind === 'sqlite') {
      await sql`create trigger images_read_only before insert on images begin select raise(abort, 'cover storage is read-only'); end`.execute(
        db,
      );
    } else {
      await sql`create function images_read_only() returns trigger language plpgsql as $$ begin raise exception 'cover storage is read-only'; end $$`.execute(
        db,
      );
      await sql`create trigger images_read_only before insert on images for each row execute function images_read_only()`.execute(
        db,
      );
    }
    try {
      const covers = byName((await run(admin, 'core')).results, 'Cover storage readable and writable');
      expect(covers.passed).toBe(false);
      expect(covers.reason).toMatch(/cover storage is read-only/);
    } finally {
      if (testDbKind === 'sqlite') await sql`drop trigger images_read_only`.execute(db);
      else await sql`drop trigger images_read_only on images; drop function images_read_only()`.execute(db);
    }
  });

  it('core: a production configuration with a default password, no PUBLIC_URL, an unreachable SMTP server and Stripe down shows ✗ for each', async () => {
    const broken = await createTestApp({
      NODE_ENV: 'production',
      ADMIN_EMAIL: ADMIN.username,
      ADMIN_PASSWORD: 'changeme',
      SMTP_URL: 'smtp://127.0.0.1:1',
      STRIPE_TEST_SECRET_KEY: 'sk_test_selftest',
      STRIPE_TEST_WEBHOOK_SECRET: 'whsec_selftest',
      STRIPE_API_URL: 'http://127.0.0.1:1',
    });
    try {
      const client = new Client(broken.app);
      expect((await client.post('/api/login', { username: ADMIN.username, password: 'changeme' })).statusCode).toBe(200);
      const { results } = await run(client, 'core');
      expect(byName(results, 'Configuration is sane')).toMatchObject({
        passed: false,
        reason: 'PUBLIC_URL is not set: links in mail point at localhost; ADMIN_PASSWORD is a well-known default',
      });
      expect(byName(results, 'Mail path ready')).toMatchObject({
        passed: false,
        reason: expect.stringMatching(/^the SMTP server did not accept a connection: .*ECONNREFUSED/) as unknown,
      });
      expect(byName(results, 'Payment provider reachable')).toMatchObject({
        passed: false,
        reason: expect.stringMatching(/^Stripe \(test mode\) did not answer/) as unknown,
      });
      expect(byName(results, 'Database reachable and migrations current').passed).toBe(true);
    } finally {
      await broken.close();
    }
  });

  it('answers 409 while another run is in progress, here or on another instance, and takes over a stale lease', async () => {
    // A run held open until the gate opens (the real suites finish too quickly here to overlap reliably).
    let open!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const running = new Promise<void>((resolve) => (started = resolve));
    const real = TEST_SUITES.database;
    TEST_SUITES.database = {
      ...real,
      tests: ['held'],
      run: async (_env, check) => void (await check('held', () => (started(), gate))),
    };
    try {
      const first = run(admin, 'database');
      await running;
      const second = await run(admin, 'workflows');
      expect(second.response.statusCode).toBe(409);
      expect(second.response.json()).toMatchObject({
        message: 'A test run is already in progress. Please wait for the current test to complete.',
      });
      open();
      expect((await first).response.statusCode).toBe(200);
    } finally {
      TEST_SUITES.database = real;
    }
    // Once it has ended, the next run goes ahead.
    expect((await run(admin, 'database')).response.statusCode).toBe(200);

    const db = t.app.ctx.db;
    // Another instance's run, still within its lease:
    await db
      .insertInto('settings')
      .values({ key: TEST_RUN_LEASE_KEY, value: `${Date.now() + 60_000}:other-instance` })
      .execute();
    expect((await run(admin, 'core')).response.statusCode).toBe(409);
    // Its process died long ago: the lease has run out and the next run goes ahead, then leaves no row.
    await db
      .updateTable('settings')
      .set({ value: `${Date.now() - 1}:other-instance` })
      .where('key', '=', TEST_RUN_LEASE_KEY)
      .execute();
    expect((await run(admin, 'core')).response.statusCode).toBe(200);
    expect(
      await db.selectFrom('settings').select('value').where('key', '=', TEST_RUN_LEASE_KEY).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses an unknown suite or a bad body with 400', async () => {
    for (const payload of [{ suiteId: 'everything' }, {}, { suiteId: 3 }]) {
      const response = await admin.post('/api/admin/run-tests', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('refuses non-administrators (403) and signed-out callers (401) without running anything', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post('/api/admin/run-tests', { suiteId: 'workflows' })).statusCode).toBe(403);
    expect((await client.get('/api/admin/test-suites')).statusCode).toBe(403);
    expect((await new Client(t.app).post('/api/admin/run-tests', { suiteId: 'core' })).statusCode).toBe(401);
  });
});

describe('the stream over real HTTP', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  function post(path: string, body: unknown, onLine: (line: string) => void): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${base}${path}`,
        { method: 'POST', headers: { cookie: admin.cookie, 'content-type': 'application/json' } },
        (response) => {
          let body = '';
          let pending = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
            pending += chunk;
            let newline: number;
            while ((newline = pending.indexOf('\n')) >= 0) {
              onLine(pending.slice(0, newline));
              pending = pending.slice(newline + 1);
            }
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(body));
    });
  }

  it('sends each line as its test ends: the next test waits on a gate opened only when the first line has arrived', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated: TestSuite = {
      ...TEST_SUITES.core,
      tests: ['first', 'second'],
      async run(_env, check) {
        await check('first', async () => {});
        await check('second', () => gate);
      },
    };
    const real = TEST_SUITES.core;
    TEST_SUITES.core = gated;
    const seen: string[] = [];
    try {
      // Were the answer held back until the end, the gate would never open and this would time out.
      const answer = await post('/api/admin/run-tests', { suiteId: 'core' }, (line) => {
        seen.push(line);
        if (seen.length === 1) open();
      });
      expect(answer.status).toBe(200);
      expect(seen.map((line) => parseTestLine(line)?.name)).toEqual(['first', 'second']);
    } finally {
      TEST_SUITES.core = real;
    }
  });

  it('finishes the run and its cleanup when the client goes away mid-stream', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const real = TEST_SUITES.workflows;
    TEST_SUITES.workflows = {
      ...real,
      tests: ['first', 'held', ...real.tests],
      async run(env, check) {
        await check('first', async () => {});
        await check('held', () => gate);
        await real.run(env, check);
      },
    };
    try {
      await new Promise<void>((resolve, reject) => {
        const request = http.request(
          `${base}/api/admin/run-tests`,
          { method: 'POST', headers: { cookie: admin.cookie, 'content-type': 'application/json' } },
          (response) => {
            response.once('data', () => request.destroy());
          },
        );
        request.on('close', () => resolve());
        request.on('error', (error) =>
          error.message.includes('socket hang up') || error.message.includes('aborted') ? resolve() : reject(error),
        );
        request.end(JSON.stringify({ suiteId: 'workflows' }));
      });
      open();
      const db = t.app.ctx.db;
      await expect
        .poll(
          async () => (await db.selectFrom('settings').select('key').where('key', '=', TEST_RUN_LEASE_KEY).execute()).length,
          { timeout: 20_000 },
        )
        .toBe(0);
      expect(await db.selectFrom('users').select('id').where('username', 'like', `%@${SELF_TEST_DOMAIN}`).execute()).toEqual([]);
    } finally {
      TEST_SUITES.workflows = real;
    }
    expect((await admin.get('/api/admin/test-suites')).statusCode).toBe(200);
  });

  it('streams the real workflows suite line by line to a raw HTTP client', async () => {
    const seen: string[] = [];
    const answer = await post('/api/admin/run-tests', { suiteId: 'workflows' }, (line) => seen.push(line));
    expect(answer.status).toBe(200);
    expect(seen).toHaveLength(TEST_SUITES.workflows.tests.length);
    expect(seen.every((line) => line.startsWith('✓ '))).toBe(true);
  });
});
