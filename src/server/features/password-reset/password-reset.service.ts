import { createHash, randomBytes } from 'node:crypto';
import { INVALID_RESET_TOKEN_MESSAGE } from '../../../common/password-reset.schemas.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { clearAttempts, reserveAttempt } from '../../plugins/attempt-limiter.js';
import { endUserSessions } from '../../plugins/sessions.js';
import { hashPassword } from '../../security/password.js';
import { mailTemplates } from '../mail/mail-templates.js';
import { usersRepository } from '../users/users.repository.js';
import { passwordResetRepository } from './password-reset.repository.js';

/** A reset link is valid for one hour (docs/product/password-reset.md#tokens). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/**
 * Forgot-password requests are limited like failed logins, per account (e-mail) and per client address
 * (docs/product/password-reset.md#request).
 */
const MAX_PER_EMAIL = 10;
const MAX_PER_ADDRESS = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a user's mail goes: their e-mail, else the username when it is one (docs/product/auth.md#registration). */
const mailAddress = (user: UserRow): string | null => user.email ?? (user.username.includes('@') ? user.username : null);

/**
 * The work a forgot-password request causes, kept off the request's path so that the answer takes the
 * same time whether or not the account exists (the lookup and the writes happen after it). Tracked per
 * app so tests and shutdown can wait for it.
 */
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves once every forgot-password request's background work has finished. */
export async function settleResetRequests(ctx: AppContext): Promise<void> {
  await Promise.all([...(inFlight.get(ctx) ?? [])]);
}

/**
 * POST /api/auth/forgot-password: counts the attempt (429 beyond the limits, the only answer that
 * differs, and it differs for every address alike), then issues the token and queues the mail once
 * `afterResponse` says the answer is out. 256 random bits; only their hash is stored.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, clientIp: string, afterResponse: (run: () => void) => void): Promise<void> {
  await reserveAttempt(
    ctx.db,
    ctx.dbKind,
    [
      { bucket: `forgot-email:${email}`, max: MAX_PER_EMAIL },
      { bucket: `forgot-ip:${clientIp}`, max: MAX_PER_ADDRESS },
    ],
    'password reset',
  );
  const set = inFlight.get(ctx) ?? new Set();
  inFlight.set(ctx, set);
  const work = new Promise<void>((resolve) => afterResponse(resolve))
    .then(() => issueResetToken(ctx, email))
    .catch((error: unknown) => ctx.log.error({ err: error }, 'password reset request failed'))
    .finally(() => set.delete(work));
  set.add(work);
}

async function issueResetToken(ctx: AppContext, email: string): Promise<void> {
  const user =
    (await usersRepository.findByUsername(ctx.db, email)) ??
    (await usersRepository.findByEmail(ctx.db, email));
  // Paused and revoked accounts cannot log in (docs/product/auth.md#paused-and-revoked), so a new password
  // would not help them.
  if (!user || user.account_status !== 'active') return;
  const to = mailAddress(user);
  if (!to) return;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await passwordResetRepository.deleteStale(trx, new Date(now.getTime() - 86_400_000).toISOString());
    await passwordResetRepository.insert(trx, { tokenHash, userId: user.id, createdAt: now.toISOString(), expiresAt });
    await ctx.mail.enqueue(
      { idempotencyKey: `password-reset:${tokenHash}`, kind: 'password-reset', to, expiresAt, ...mailTemplates.passwordReset(ctx.config.publicUrl, token) },
      trx,
    );
  });
  ctx.mail.kick();
}

const invalidToken = () => new AppError('BAD_REQUEST', INVALID_RESET_TOKEN_MESSAGE, { body: { valid: false } });

/** GET /api/auth/verify-reset-token: whether the link can still be used. */
export async function isResetTokenUsable(ctx: AppContext, token: string): Promise<boolean> {
  return (await passwordResetRepository.findUsable(ctx.db, hashToken(token), new Date().toISOString())) !== undefined;
}

/**
 * POST /api/auth/reset-password: one transaction uses the token (a conditional update, so two
 * requests with one token cannot both succeed), sets the password, ends the user's other tokens and
 * every session, and queues the "password changed" mail.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  const user = await passwordResetRepository.findUsable(ctx.db, tokenHash, new Date().toISOString());
  if (!user) throw invalidToken();
  const passwordHash = await hashPassword(password, ctx.passwordCost);
  const to = mailAddress(user);
  await ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    if (!(await passwordResetRepository.use(trx, tokenHash, now))) throw invalidToken();
    await usersRepository.update(trx, user.id, { password_hash: passwordHash });
    await passwordResetRepository.deleteOthers(trx, user.id, tokenHash);
    await endUserSessions(trx, user.id);
    if (to) {
      await ctx.mail.enqueue({ idempotencyKey: `password-changed:${tokenHash}`, kind: 'password-changed', to, ...mailTemplates.passwordChanged(ctx.config.publicUrl) }, trx);
    }
  });
  ctx.mail.kick();
  // The owner has proved control of the mailbox: earlier failed logins no longer hold the account back.
  await clearAttempts(ctx.db, `login-account:${user.username}`);
}
