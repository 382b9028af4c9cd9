import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { usersRepository } from '../users/users.repository.js';

/**
 * New checkout sessions one account may open in the window. Each one is a write against the payment
 * provider's API, whose rate limit the whole site shares; a collector who abandons a checkout gets the
 * same session back (startCheckout reuses it), so five new ones in ten minutes is never met in use.
 */
export const CHECKOUTS_PER_WINDOW = 5;
export const CHECKOUT_WINDOW_MS = 10 * 60 * 1000;

export const checkoutLimitBucket = (userId: number) => `checkout-create:${userId}`;

export const checkoutLimitMessage = (minutes: number) =>
  `Too many checkout attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * Reserves one new checkout for the user, or throws 429 with Retry-After. Check and record happen in
 * one transaction under the user's row lock (PostgreSQL; SQLite has a single writer), so a burst of
 * concurrent requests, on any number of instances, lets exactly the allowance through. The rows share
 * the `login_attempts` table's bucket-and-time shape.
 */
export async function reserveCheckout(ctx: AppContext, userId: number, now = new Date()): Promise<void> {
  const bucket = checkoutLimitBucket(userId);
  const since = new Date(now.getTime() - CHECKOUT_WINDOW_MS).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await usersRepository.lock(trx, ctx.dbKind, userId);
    const recent = await trx
      .selectFrom('login_attempts')
      .select('created_at')
      .where('bucket', '=', bucket)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .limit(CHECKOUTS_PER_WINDOW)
      .execute();
    if (recent.length >= CHECKOUTS_PER_WINDOW) {
      const seconds = Math.max(1, Math.ceil((Date.parse(recent[0]!.created_at) + CHECKOUT_WINDOW_MS - now.getTime()) / 1000));
      throw new AppError('RATE_LIMITED', checkoutLimitMessage(Math.ceil(seconds / 60)), {
        headers: { 'retry-after': String(seconds) },
        body: { retryAfterSeconds: seconds },
      });
    }
    await trx.insertInto('login_attempts').values({ bucket, created_at: now.toISOString() }).execute();
    await trx.deleteFrom('login_attempts').where('bucket', '=', bucket).where('created_at', '<=', since).execute();
  });
}
