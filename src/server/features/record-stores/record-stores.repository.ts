import type { Db, Executor } from '../../db/database.js';
import type { RecordStoresTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import type { RecordStore, SharedRecordStore } from '../../../common/record-stores.schemas.js';

export type RecordStoreRow = Selectable<RecordStoresTable>;

/** What a save writes: every column the owner controls. */
export interface RecordStoreValues {
  name: string;
  address: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string | null;
  country: string;
  website: string | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
}

export const presentStore = (row: RecordStoreRow): RecordStore => ({
  id: Number(row.id),
  name: row.name,
  address: row.address,
  streetAddress: row.street_address,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  country: row.country,
  website: row.website,
  notes: row.notes,
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
});

/** Only the fields a visitor of a shared list may see (docs/product/record-stores.md#sharing). */
export const presentSharedStore = (row: RecordStoreRow): SharedRecordStore => {
  const { id, name, address, website, notes, latitude, longitude } = presentStore(row);
  return { id, name, address, website, notes, latitude, longitude };
};

/** Sorted by name, case-insensitively, in JavaScript so SQLite and PostgreSQL agree. */
const byName = (a: RecordStoreRow, b: RecordStoreRow) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || Number(a.id) - Number(b.id);

/** Queries on `record_stores` and `users.record_store_share_token`, always scoped by the owner. */
export const recordStoresRepository = {
  async list(db: Db, userId: number): Promise<RecordStoreRow[]> {
    const rows = await db.selectFrom('record_stores').selectAll().where('user_id', '=', userId).execute();
    return rows.sort(byName);
  },

  find(db: Db, userId: number, id: number): Promise<RecordStoreRow | undefined> {
    return db.selectFrom('record_stores').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  },

  async insert(db: Executor, userId: number, values: RecordStoreValues): Promise<RecordStoreRow> {
    return db
      .insertInto('record_stores')
      .values({ ...values, user_id: userId, created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(db: Db, userId: number, id: number, values: Partial<RecordStoreValues>): Promise<RecordStoreRow | undefined> {
    return db
      .updateTable('record_stores')
      .set(values)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  },

  async remove(db: Db, userId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('record_stores').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** Fills in coordinates only if the store still lacks them (a concurrent edit wins). */
  async setCoordinates(db: Db, userId: number, id: number, latitude: number, longitude: number): Promise<boolean> {
    const result = await db
      .updateTable('record_stores')
      .set({ latitude, longitude })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('latitude', 'is', null), eb('longitude', 'is', null)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /**
   * Sets the user's store-list share token unless one exists, and returns the token in force. The
   * conditional update keeps two concurrent requests from handing out two different links.
   */
  async enableShare(db: Db, userId: number, candidate: string): Promise<string> {
    await db
      .updateTable('users')
      .set({ record_store_share_token: candidate })
      .where('id', '=', userId)
      .where('record_store_share_token', 'is', null)
      .execute();
    const row = await db
      .selectFrom('users')
      .select('record_store_share_token')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.record_store_share_token ?? candidate;
  },

  /** The owner of a store-list share token; a paused or revoked owner publishes nothing. */
  async findShareOwner(db: Db, token: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('record_store_share_token', '=', token)
      .where('account_status', '=', 'active')
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  },
};
