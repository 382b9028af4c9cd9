import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

/** What was removed: the account's names, for logs and events (undefined when there was no such user). */
export interface DeletedUser {
  id: number;
  username: string;
  email: string | null;
}

/**
 * Removes a user and everything of theirs in one transaction (docs/product/admin.md#users): when `db` is already a
 * transaction it runs inside it (the caller commits), otherwise it opens one. Most tables cascade from
 * `users` by foreign key (collections → albums, images, record stores, sessions, reset tokens, checkout
 * sessions, demo subscriptions); the rows that only name the user are deleted here explicitly:
 * alert_history (its key is ON DELETE SET NULL, so history would outlive them), login_attempts buckets
 * keyed by their username, e-mail or id, and unsent mail to their address. The collection share tokens
 * and the record-store share token live on rows that go, so every share link answers 404 at once.
 *
 * Kept CSV exports are files, not rows: call {@link removeUserExportFiles} after the commit (or pass
 * `exportsDir`, which does so when this function owns the transaction).
 */
export async function deleteUserAndData(
  db: Executor,
  userId: number,
  options: { exportsDir?: string } = {},
): Promise<DeletedUser | undefined> {
  if (db.isTransaction) return deleteUserRows(db as Transaction<Database>, userId);
  const deleted = await db.transaction().execute((trx) => deleteUserRows(trx, userId));
  if (deleted && options.exportsDir) await removeUserExportFiles(options.exportsDir, userId);
  return deleted;
}

async function deleteUserRows(trx: Transaction<Database>, userId: number): Promise<DeletedUser | undefined> {
  // Locks the row on PostgreSQL (a concurrent album create waits on it, then fails its foreign key).
  const user = await trx
    .updateTable('users')
    .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
    .where('id', '=', userId)
    .returning(['id', 'username', 'email'])
    .executeTakeFirst();
  if (!user) return undefined;

  const addresses = [...new Set([user.username, user.email].filter((value): value is string => Boolean(value)))];
  const buckets = [
    `album-create:${user.id}`,
    `checkout-create:${user.id}`,
    ...addresses.flatMap((address) => [`login-account:${address}`, `forgot-email:${address}`]),
  ];
  await trx.deleteFrom('login_attempts').where('bucket', 'in', buckets).execute();
  await trx.deleteFrom('mail_outbox').where('status', '=', 'pending').where('to_address', 'in', addresses).execute();
  await trx.deleteFrom('alert_history').where('user_id', '=', user.id).execute();

  // Explicit, in child-to-parent order, rather than trusting that every engine cascades (SQLite only
  // does with foreign_keys on): the outcome is the same either way.
  await trx.deleteFrom('wish_items').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('albums').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('collections').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('images').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('record_stores').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('demo_subscriptions').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('checkout_sessions').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('users').where('id', '=', user.id).execute();
  return user;
}

/**
 * Removes the user's kept CSV exports (`DATA_DIR/exports/{userId}-…--{version}.csv`, see
 * export/export-files.ts). After the commit: a file is never the only copy of anything, and a crash
 * between the two leaves files no request can name (ids are never reused), not rows.
 */
export async function removeUserExportFiles(exportsDir: string, userId: number): Promise<void> {
  let names: string[];
  try {
    names = await readdir(exportsDir);
  } catch {
    return;
  }
  const prefix = `${userId}-`;
  // `{id}-all--…` or `{id}-c{collectionId}--…`: the character after the prefix is never a digit.
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && !/^\d/.test(name.slice(prefix.length)))
      .map((name) => unlink(path.join(exportsDir, name)).catch(() => undefined)),
  );
}
