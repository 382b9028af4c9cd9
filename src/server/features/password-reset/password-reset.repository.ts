import type { Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/** Reset tokens, stored only as their SHA-256 (like sessions). */
export const passwordResetRepository = {
  async insert(db: Executor, row: { tokenHash: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
    await db
      .insertInto('password_reset_tokens')
      .values({ token_hash: row.tokenHash, user_id: row.userId, created_at: row.createdAt, expires_at: row.expiresAt, used_at: null })
      .execute();
  },

  /** The active account a usable token belongs to, if the token is unused and unexpired. */
  findUsable(db: Executor, tokenHash: string, now: string): Promise<(UserRow & { token_expires_at: string }) | undefined> {
    return db
      .selectFrom('password_reset_tokens')
      .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
      .selectAll('users')
      .select('password_reset_tokens.expires_at as token_expires_at')
      .where('password_reset_tokens.token_hash', '=', tokenHash)
      .where('password_reset_tokens.used_at', 'is', null)
      .where('password_reset_tokens.expires_at', '>', now)
      .where('users.account_status', '=', 'active')
      .executeTakeFirst();
  },

  /** Marks the token used if it still is usable; false when another request used it first. */
  async use(db: Executor, tokenHash: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Using one token ends every other token of its user. */
  async deleteOthers(db: Executor, userId: number, keepHash: string): Promise<void> {
    await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).where('token_hash', '!=', keepHash).execute();
  },

  /** Tokens long past use (expired a day ago) are of no further interest. */
  async deleteStale(db: Executor, before: string): Promise<void> {
    await db.deleteFrom('password_reset_tokens').where('expires_at', '<', before).execute();
  },
};
