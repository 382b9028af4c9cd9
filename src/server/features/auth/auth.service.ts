import { TRIAL_DAYS } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict } from '../../errors.js';
import { clearAttempts, releaseAttempt, reserveAttempt } from '../../plugins/attempt-limiter.js';
import { usersRepository } from '../users/users.repository.js';
import { EMAIL_TAKEN, emailProbeRule, loginAccountBucket, passwordGuessRules } from '../../security/attempt-rules.js';
import { hashPassword, verifyPassword, type ScryptCost } from '../../security/password.js';

export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * The hash an unknown e-mail is checked against, one per scrypt cost: it must cost what the app's real
 * hashes cost, or a missing account answers faster than a wrong password. (One module-wide hash, made
 * at the cost of whichever app asked first, let a second app in the process answer unknown e-mails in
 * 10 ms against 500 ms for known ones: the security suite's timing test.)
 */
const dummyHashes = new Map<string, Promise<string>>();
const dummyHash = (cost: ScryptCost): Promise<string> => {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not the password', cost);
    dummyHashes.set(key, hash);
  }
  return hash;
};

/**
 * A new account with a 30-day trial (docs/product/auth.md#registration, docs/product/subscription.md#trial).
 * The attempt is reserved against the client address before any work, like a login; a 409 keeps it, a new
 * account gives it back (as a right password does).
 */
export async function registerUser(
  ctx: AppContext,
  input: { username: string; password: string; firstName: string | null; lastName: string | null },
  clientIp: string,
): Promise<UserRow> {
  const reservation = await reserveAttempt(ctx.db, ctx.dbKind, [emailProbeRule(clientIp)], 'registration');
  const user = await insertTrialUser(ctx, input);
  await releaseAttempt(ctx.db, reservation);
  // Not awaited: a listener (admin alerts) never holds up or fails the registration.
  void ctx.events.emit('user.registered', { userId: user.id, username: user.username, email: user.email });
  return user;
}

async function insertTrialUser(
  ctx: AppContext,
  input: { username: string; password: string; firstName: string | null; lastName: string | null },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password, ctx.passwordCost);
  const now = new Date();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (await usersRepository.findByUsername(trx, input.username)) throw conflict(EMAIL_TAKEN);
      return usersRepository.insert(trx, {
        username: input.username,
        email: input.username,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        created_at: now.toISOString(),
        subscription_status: 'trialing',
        trial_end_date: new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A concurrent registration of the same e-mail loses on the unique index.
    if (await usersRepository.findByUsername(ctx.db, input.username)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/**
 * Checks credentials with the attempt limits (docs/product/auth.md#attempt-limits). The attempt is reserved
 * in both buckets before anything else, so concurrent guesses count one by one; a wrong password keeps it (a
 * failure), a right one gives it back and clears the account's count (the address count only ages out).
 * Unknown e-mail and wrong password answer alike, and both pay for one scrypt hash so their timing matches.
 */
export async function authenticate(ctx: AppContext, username: string, password: string, clientIp: string): Promise<UserRow> {
  const accountBucket = loginAccountBucket(username);
  const reservation = await reserveAttempt(ctx.db, ctx.dbKind, passwordGuessRules(username, clientIp), 'login');
  const user = await usersRepository.findByUsername(ctx.db, username);
  const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash(ctx.passwordCost)));
  if (!user || !valid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  await releaseAttempt(ctx.db, reservation);
  if (user.account_status === 'paused') {
    throw new AppError('FORBIDDEN', 'Your account has been paused. Please contact support to reactivate it.');
  }
  if (user.account_status === 'revoked') {
    throw new AppError('FORBIDDEN', 'Your account has been revoked. Please contact support.');
  }
  await clearAttempts(ctx.db, accountBucket);
  return user;
}

export const ADMIN_CONFLICT_LOG =
  'ADMIN_EMAIL names an existing account whose password is not ADMIN_PASSWORD: it was NOT made an administrator (see the README, "The administrator account")';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD make sure that account exists and is an administrator
 * (docs/product/auth.md#administrator-account). Start-up never hands the role to an account whose password
 * the operator did not set: anyone can register an address, or change their profile to it, before the
 * operator names it (or after the administrator moved to another address). So a missing account is created,
 * an existing one is promoted only when ADMIN_PASSWORD verifies against it, and otherwise it is left as it is
 * and the conflict is logged as an error for the operator to settle.
 */
export async function ensureBootstrapAdmin(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin) return;
  const username = admin.email.trim().toLowerCase();
  const existing = await usersRepository.findByUsername(ctx.db, username);
  if (existing) {
    if (existing.is_admin) return;
    if (!(await verifyPassword(admin.password, existing.password_hash))) {
      ctx.log.error({ username, userId: existing.id }, ADMIN_CONFLICT_LOG);
      return;
    }
    await usersRepository.update(ctx.db, existing.id, { is_admin: 1 });
    ctx.log.info({ username }, 'made the existing account of ADMIN_EMAIL an administrator (ADMIN_PASSWORD is its password)');
    return;
  }
  await usersRepository.insert(ctx.db, {
    username,
    email: username,
    password_hash: await hashPassword(admin.password, ctx.passwordCost),
    created_at: nowIso(),
    is_admin: 1,
    subscription_status: 'active',
  });
  ctx.log.info({ username }, 'created the administrator account from ADMIN_EMAIL');
}
