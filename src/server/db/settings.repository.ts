import type { Executor } from './database.js';

/**
 * Every key of the `settings` table, so no two features can claim one by accident. Each value is a
 * string the owning module parses.
 */
export const SETTING_KEYS = {
  /** The settings row the admin's test/live switch writes (/api/admin/stripe/mode, docs/product/admin.md#payments); subscription reads it per checkout. */
  paymentMode: 'stripe_mode',
  /** The next free MusicBrainz request slot, ms since the epoch (upstream/db-pacer.ts). */
  musicBrainzNextSlot: 'musicbrainz_next_slot',
  /** The next free geocoder request slot, ms since the epoch (upstream/db-pacer.ts). */
  geocoderNextSlot: 'geocoder_next_slot',
  /** `{expiresAtMs}:{owner}` while an administrator's test run is in progress (admin/test-runner). */
  testRunLease: 'admin_test_run',
  /** `{"since": ISO time | null}`: when this operational alert's episode began (admin/operational-alerts). */
  operationalAlert: (kind: string) => `operational_alert:${kind}`,
} as const;

/**
 * Reads and writes of `settings`: single rows changed by compare-and-set, so instances sharing the
 * database agree on who changed a value first without engine-specific locking.
 */
export const settingsRepository = {
  async get(db: Executor, key: string): Promise<string | undefined> {
    return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  },

  /** Stores the value whatever was there. */
  async put(db: Executor, key: string, value: string): Promise<void> {
    await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  },

  /** Stores the value only where the key has none; false when it had one. */
  async insertIfAbsent(db: Executor, key: string, value: string): Promise<boolean> {
    const result = await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  },

  /** Replaces `expected` by `next`; false when the value was no longer `expected` (another writer won). */
  async compareAndSet(db: Executor, key: string, expected: string, next: string): Promise<boolean> {
    const result = await db.updateTable('settings').set({ value: next }).where('key', '=', key).where('value', '=', expected).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Deletes the row only while it still holds `expected` (an owner releasing what it took). */
  async deleteIfValue(db: Executor, key: string, expected: string): Promise<void> {
    await db.deleteFrom('settings').where('key', '=', key).where('value', '=', expected).execute();
  },
};
