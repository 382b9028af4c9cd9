import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/**
 * Album creations one account may make per minute (issue 9): far above anyone typing albums in (a
 * fast collector adds a few a minute), low enough that a script cannot grow a collection without
 * bound. A request counts once, whatever it adds, so a bulk import would count as one.
 */
export const ALBUM_CREATIONS_PER_MINUTE = 120;
const WINDOW_MS = 60 * 1000;

export const creationLimitMessage = (seconds: number) =>
  `You are adding albums too quickly (at most ${ALBUM_CREATIONS_PER_MINUTE} a minute). Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * Reserves one album creation for the user, or throws 429 with Retry-After. Call it inside the write's
 * transaction after bumpDataVersion: the user's row lock (PostgreSQL) or the single writer (SQLite)
 * makes check-and-insert atomic across concurrent requests and instances, and a create that fails
 * rolls its reservation back. The reservations share the `login_attempts` table's bucket-and-time rows.
 */
export async function reserveAlbumCreation(trx: Transaction<Database>, userId: number, now = new Date()): Promise<void> {
  const bucket = `album-create:${userId}`;
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const recent = await trx
    .selectFrom('login_attempts')
    .select('created_at')
    .where('bucket', '=', bucket)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(ALBUM_CREATIONS_PER_MINUTE)
    .execute();
  if (recent.length >= ALBUM_CREATIONS_PER_MINUTE) {
    const oldest = Date.parse(recent[0]!.created_at);
    const seconds = Math.min(60, Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000)));
    throw new AppError('RATE_LIMITED', creationLimitMessage(seconds), {
      headers: { 'retry-after': String(seconds) },
      body: { retryAfterSeconds: seconds },
    });
  }
  await trx.insertInto('login_attempts').values({ bucket, created_at: now.toISOString() }).execute();
  await trx.deleteFrom('login_attempts').where('bucket', '=', bucket).where('created_at', '<=', since).execute();
}
