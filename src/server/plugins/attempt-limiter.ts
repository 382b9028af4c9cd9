import { sql } from 'kysely';
import type { Db, DbKind } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * Limits attempts per bucket in the database, so every app instance on one PostgreSQL shares the
 * counts (docs/product/auth.md#attempt-limits). A bucket is a string such as `login-ip:203.0.113.9` or
 * `login-account:ann@x.org`.
 *
 * An attempt is reserved before the expensive or revealing work runs (scrypt, the account lookup),
 * in one transaction that checks the count and records the attempt, so a burst of N concurrent
 * requests counts N: checking first and recording after the work let 60 simultaneous guesses all
 * through. The caller then keeps the reservation (a failure), or releases it when the attempt turns
 * out not to count.
 */
export interface LimitRule {
  bucket: string;
  max: number;
}

export interface Reservation {
  /** The login_attempts rows this attempt added, one per rule. */
  ids: number[];
}

export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

function tooMany(what: string, oldest: string, now: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(oldest) + ATTEMPT_WINDOW_MS - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many ${what} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(retryAfterSeconds) }, body: { retryAfterSeconds } },
  );
}

/**
 * Atomically: 429 when any bucket already holds `max` attempts inside the window, otherwise one
 * attempt recorded in every bucket. On PostgreSQL each bucket is locked for the transaction with an
 * advisory lock (taken in a fixed order, so two requests never wait on each other crosswise), which
 * serialises concurrent reservations of one bucket across instances while other buckets go on in
 * parallel. SQLite serialises every transaction on its single connection anyway.
 */
export async function reserveAttempt(db: Db, dbKind: DbKind, rules: LimitRule[], what: string, now = new Date()): Promise<Reservation> {
  const createdAt = now.toISOString();
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    if (dbKind === 'postgres') {
      for (const bucket of [...new Set(rules.map((rule) => rule.bucket))].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(trx);
      }
    }
    for (const rule of rules) {
      const rows = await trx
        .selectFrom('login_attempts')
        .select(['created_at'])
        .where('bucket', '=', rule.bucket)
        .where('created_at', '>', since)
        .orderBy('created_at', 'asc')
        .limit(rule.max)
        .execute();
      if (rows.length >= rule.max) throw tooMany(what, rows[0]!.created_at, now);
    }
    const inserted = await trx
      .insertInto('login_attempts')
      .values(rules.map((rule) => ({ bucket: rule.bucket, created_at: createdAt })))
      .returning('id')
      .execute();
    // Attempts older than the window no longer count for anything.
    await trx.deleteFrom('login_attempts').where('created_at', '<', since).execute();
    return { ids: inserted.map((row) => row.id) };
  });
}

/** Gives a reservation back: the attempt did not count (a correct password, for instance). */
export async function releaseAttempt(db: Db, reservation: Reservation): Promise<void> {
  if (reservation.ids.length === 0) return;
  await db.deleteFrom('login_attempts').where('id', 'in', reservation.ids).execute();
}

/** Forgets every attempt in a bucket (a successful login clears its account's count). */
export async function clearAttempts(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('bucket', '=', bucket).execute();
}
