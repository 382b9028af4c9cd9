import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * Counts failures per bucket in the database, so every app instance on one PostgreSQL shares the
 * counts (D8b). A bucket is a string such as `login-ip:203.0.113.9` or `login-account:ann@x.org`.
 */
export interface LimitRule {
  bucket: string;
  max: number;
}

export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

/** Throws 429 when any bucket already holds `max` failures inside the window. */
export async function assertUnderLimit(db: Db, rules: LimitRule[], what: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_MS).toISOString();
  for (const rule of rules) {
    const rows = await db
      .selectFrom('login_attempts')
      .select(['created_at'])
      .where('bucket', '=', rule.bucket)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .limit(rule.max)
      .execute();
    if (rows.length >= rule.max) {
      const oldest = Date.parse(rows[0]!.created_at);
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + ATTEMPT_WINDOW_MS - now.getTime()) / 1000));
      const minutes = Math.ceil(retryAfterSeconds / 60);
      throw new AppError(
        'RATE_LIMITED',
        `Too many ${what} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { headers: { 'retry-after': String(retryAfterSeconds) }, body: { retryAfterSeconds } },
      );
    }
  }
}

/** Records one failure in each bucket, and forgets failures older than the window. */
export async function recordFailure(db: Db, buckets: string[], now = new Date()): Promise<void> {
  const createdAt = now.toISOString();
  await db.insertInto('login_attempts').values(buckets.map((bucket) => ({ bucket, created_at: createdAt }))).execute();
  await db
    .deleteFrom('login_attempts')
    .where('created_at', '<', new Date(now.getTime() - ATTEMPT_WINDOW_MS).toISOString())
    .execute();
}

export async function clearFailures(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('bucket', '=', bucket).execute();
}
