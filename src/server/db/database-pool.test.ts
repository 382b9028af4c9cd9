import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../test/harness.js';

// Under 200 users the pool's 10 PostgreSQL connections were all taken and requests queued for one
// (docs/operations.md#load-overload-and-per-request-cost). The pool now holds DB_POOL_MAX connections,
// 20 unless set.
describe.runIf(testDbKind === 'postgres')('the PostgreSQL connection pool', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Runs `count` queries at once, each holding its connection for 300 ms; the backends that served them. */
  async function concurrentBackends(app: TestApp['app'], count: number): Promise<number> {
    const pids = await Promise.all(
      Array.from({ length: count }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.3)`.execute(app.ctx.db).then((r) => r.rows[0]!.pid),
      ),
    );
    return new Set(pids).size;
  }

  it('uses up to 20 connections at once by default', async () => {
    t = await createTestApp();
    expect(await concurrentBackends(t.app, 25)).toBe(20);
  });

  it('uses at most DB_POOL_MAX connections, the rest waiting their turn without error', async () => {
    t = await createTestApp({ DB_POOL_MAX: '3' });
    expect(await concurrentBackends(t.app, 7)).toBe(3);
  });
});
