import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/database.js';

/** The settings row that marks a test run in progress, on any instance sharing the database. */
export const TEST_RUN_LEASE_KEY = 'admin_test_run';
/** A run that has not released its lease by then (its process died) no longer blocks others. */
export const TEST_RUN_LEASE_MS = 10 * 60_000;

export interface Lease {
  release(): Promise<void>;
}

/**
 * One test run at a time across instances (D19): a `settings` row holds `{expiresAtMs}:{owner}` while a
 * run is in progress. It is taken by inserting it, or — when the one there has expired — by a
 * compare-and-set update (the pattern of upstream/db-pacer.ts), and deleted by its owner in the
 * end, so an idle database has no such row (the workflows suite leaves every table's count as it was).
 * Answers null when another run holds it.
 */
export async function acquireTestRunLease(db: Db, now = Date.now(), leaseMs = TEST_RUN_LEASE_MS): Promise<Lease | null> {
  const value = `${now + leaseMs}:${randomUUID()}`;
  const mine: Lease = {
    async release() {
      await db.deleteFrom('settings').where('key', '=', TEST_RUN_LEASE_KEY).where('value', '=', value).execute();
    },
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db
      .insertInto('settings')
      .values({ key: TEST_RUN_LEASE_KEY, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return mine;
    const held = await db.selectFrom('settings').select('value').where('key', '=', TEST_RUN_LEASE_KEY).executeTakeFirst();
    if (!held) continue; // released in between: try the insert again
    const expiresAt = Number.parseInt(held.value, 10);
    if (Number.isFinite(expiresAt) && expiresAt > now) return null;
    const taken = await db
      .updateTable('settings')
      .set({ value })
      .where('key', '=', TEST_RUN_LEASE_KEY)
      .where('value', '=', held.value)
      .executeTakeFirst();
    if (taken.numUpdatedRows > 0n) return mine;
  }
  return null;
}
