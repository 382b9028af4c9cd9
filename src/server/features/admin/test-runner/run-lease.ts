import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import { SETTING_KEYS, settingsRepository } from '../../../db/settings.repository.js';

/** The settings row that marks a test run in progress, on any instance sharing the database. */
export const TEST_RUN_LEASE_KEY = SETTING_KEYS.testRunLease;
/** A run that has not released its lease by then (its process died) no longer blocks others. */
export const TEST_RUN_LEASE_MS = 10 * 60_000;

export interface Lease {
  release(): Promise<void>;
}

/**
 * One test run at a time across instances (docs/product/admin.md#testing): a `settings` row holds
 * `{expiresAtMs}:{owner}` while a run is in progress. It is taken by inserting it, or — when the one there has
 * expired — by a compare-and-set update (the pattern of upstream/db-pacer.ts), and deleted by its owner in the
 * end, so an idle database has no such row (the workflows suite leaves every table's count as it was). Answers
 * null when another run holds it.
 */
export async function acquireTestRunLease(db: Db, now = Date.now(), leaseMs = TEST_RUN_LEASE_MS): Promise<Lease | null> {
  const value = `${now + leaseMs}:${randomUUID()}`;
  const mine: Lease = {
    async release() {
      await settingsRepository.deleteIfValue(db, TEST_RUN_LEASE_KEY, value);
    },
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await settingsRepository.insertIfAbsent(db, TEST_RUN_LEASE_KEY, value)) return mine;
    const held = await settingsRepository.get(db, TEST_RUN_LEASE_KEY);
    if (held === undefined) continue; // released in between: try the insert again
    const expiresAt = Number.parseInt(held, 10);
    if (Number.isFinite(expiresAt) && expiresAt > now) return null;
    if (await settingsRepository.compareAndSet(db, TEST_RUN_LEASE_KEY, held, value)) return mine;
  }
  return null;
}
