import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { createTestApp, testDbKind, type TestApp } from '../test/harness.js';

// Sessions end at once on a pause (docs/product/auth.md#paused-and-revoked), though SQLite's session
// answers are kept per process to spare a lookup per request: they are checked against a commit
// signal read from the WAL index on every call. These tests make the other process's write between two
// calls over real sockets (the auth tests do it between two injected calls).
describe('sessions over HTTP: a pause or a deleted session made by another process fails the very next call', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  async function signUp(name: string): Promise<{ cookie: string; id: number }> {
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `${name}@example.com`, password: 'long-enough-1', firstName: 'A', lastName: 'B' }),
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(`${base}/api/user`, { headers: { cookie } });
    return { cookie, id: ((await me.json()) as { id: number }).id };
  }

  /** SQL run by another connection: another process on SQLite, another instance on PostgreSQL. */
  async function otherProcess(sql: string, ...params: unknown[]): Promise<void> {
    if (t.config.databaseUrl) {
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      await other.query(sql.replace(/\?/g, (_, i: number) => `$${sql.slice(0, i).split('?').length}`), params);
      await other.end();
    } else {
      const other = new SQLite(path.join(t.config.dataDir, 'spindle.sqlite'));
      other.prepare(sql).run(...params);
      other.close();
    }
  }

  const status = async (cookie: string) => (await fetch(`${base}/api/user`, { headers: { cookie } })).status;

  it('a pause by another process answers 401 at the next call, with many kept sessions', async () => {
    const users = await Promise.all(['h1', 'h2', 'h3'].map(signUp));
    for (let i = 0; i < 5; i++) expect(await Promise.all(users.map((u) => status(u.cookie)))).toEqual([200, 200, 200]);
    await otherProcess("UPDATE users SET account_status = 'paused' WHERE id = ?", users[1]!.id);
    expect(await Promise.all(users.map((u) => status(u.cookie)))).toEqual([200, 401, 200]);
  });

  it('a session deleted by another process answers 401 at the next call', async () => {
    const user = await signUp('h4');
    expect(await status(user.cookie)).toBe(200);
    await otherProcess('DELETE FROM sessions WHERE user_id = ?', user.id);
    expect(await status(user.cookie)).toBe(401);
  });

  it('is seen after the other process checkpointed and restarted the WAL as well', async () => {
    const user = await signUp('h5');
    expect(await status(user.cookie)).toBe(200);
    if (!t.config.databaseUrl) {
      const other = new SQLite(path.join(t.config.dataDir, 'spindle.sqlite'));
      other.pragma('wal_checkpoint(TRUNCATE)');
      expect(await status(user.cookie)).toBe(200);
      // The next commit starts the WAL over from its first frame (new salts).
      other.prepare("UPDATE users SET account_status = 'paused' WHERE id = ?").run(user.id);
      other.close();
    } else {
      await otherProcess("UPDATE users SET account_status = 'paused' WHERE id = ?", user.id);
    }
    expect(await status(user.cookie)).toBe(401);
  });
});

describe.runIf(testDbKind === 'sqlite')("SQLite's change token", () => {
  it('changes with every commit by another process, its own writes, and a WAL restart; not with reads', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-token-'));
    const handle = openDatabase({ dataDir });
    try {
      await handle.db.schema.createTable('t').addColumn('a', 'integer').execute();
      const other = new SQLite(path.join(dataDir, 'spindle.sqlite'));
      const seen = new Set<string | null>([handle.changeToken()]);
      const expectChanged = () => {
        const token = handle.changeToken();
        expect(seen.has(token)).toBe(false);
        seen.add(token);
      };
      for (let i = 0; i < 20; i++) {
        other.prepare('INSERT INTO t VALUES (?)').run(i);
        expectChanged();
      }
      other.prepare('SELECT count(*) FROM t').get();
      const unchanged = handle.changeToken();
      expect(handle.changeToken()).toBe(unchanged);
      other.pragma('wal_checkpoint(TRUNCATE)');
      handle.changeToken();
      other.prepare('INSERT INTO t VALUES (99)').run();
      expectChanged();
      await handle.db.insertInto('t' as never).values({ a: 1 }).execute();
      expectChanged();
      other.close();
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
