import { randomBytes } from 'node:crypto';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../common/password-change.schemas.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { clearAttempts, releaseAttempt, reserveAttempt } from '../../plugins/attempt-limiter.js';
import { endUserSessions } from '../../plugins/sessions.js';
import { loginAccountBucket, passwordGuessRules } from '../../security/attempt-rules.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { mailTemplates } from '../mail/mail-templates.js';
import { usersRepository } from './users.repository.js';

/** Where a user's mail goes: their e-mail, else the username when it is one. */
const mailAddress = (user: UserRow): string | null => user.email ?? (user.username.includes('@') ? user.username : null);

/**
 * PUT /api/user/password: the current password is checked under sign-in's limits (a wrong one is a
 * failed attempt, so a stolen session cannot be used to guess the password without limit). Then one
 * transaction sets the new hash, ends every other session of the account (a device that knew the old
 * password is signed out) and queues the mail that tells the owner.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  keepSessionHash: string,
  input: { currentPassword: string; newPassword: string },
  clientIp: string,
): Promise<void> {
  const reservation = await reserveAttempt(ctx.db, ctx.dbKind, passwordGuessRules(user.username, clientIp), 'password');
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  await releaseAttempt(ctx.db, reservation);
  const passwordHash = await hashPassword(input.newPassword, ctx.passwordCost);
  const to = mailAddress(user);
  await ctx.db.transaction().execute(async (trx) => {
    await usersRepository.update(trx, user.id, { password_hash: passwordHash });
    await endUserSessions(trx, user.id, keepSessionHash);
    if (to) {
      const key = `password-changed:profile:${user.id}:${randomBytes(8).toString('hex')}`;
      await ctx.mail.enqueue(
        { idempotencyKey: key, kind: 'password-changed', to, ...mailTemplates.passwordChangedFromProfile(ctx.config.publicUrl) },
        trx,
      );
    }
  });
  ctx.mail.kick();
  await clearAttempts(ctx.db, loginAccountBucket(user.username));
}
