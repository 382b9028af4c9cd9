import { sql, type Transaction } from 'kysely';
import type { Db, Executor } from './database.js';
import type { Database } from './schema.js';

/**
 * Bumps the user's data version. Every write to a user's collections or albums calls it in its own
 * transaction, so every app instance sees from the session's user row that its cached album list is
 * stale. Done first: on PostgreSQL the row lock also serialises that user's concurrent writes, which
 * keeps the limit, duplicate and name checks that follow free of races.
 */
export async function bumpDataVersion(trx: Executor, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ data_version: sql<number>`data_version + 1` })
    .where('id', '=', userId)
    .execute();
}

/** Runs one write of the user's collections or albums in a transaction that bumps their data version. */
export function userDataWrite<T>(db: Db, userId: number, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await bumpDataVersion(trx, userId);
    return write(trx);
  });
}
