import path from 'node:path';
import {
  ADMIN_USER_MESSAGES,
  type AdminSubscriptionRequest,
  type AdminSubscriptionResponse,
  type AdminUpdateInfoResponse,
} from '../../../../common/admin-users.schemas.js';
import { TRIAL_DAYS, type AccountStatus } from '../../../../common/constants.js';
import type { AppContext } from '../../../context.js';
import type { UserRow, UserUpdate } from '../../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../../errors.js';
import type { AppEvents } from '../../../events.js';
import { endUserSessions } from '../../../plugins/sessions.js';
import { adminUsersRepository, presentAdminUser } from './admin-users.repository.js';
import { deleteUserAndData, removeUserExportFiles } from './user-deletion.js';
import { EMAIL_TAKEN } from '../../../security/attempt-rules.js';

/** The reason an administrator's change gives to 'subscription.deactivated' (read by the alerts). */
export const ADMIN_DEACTIVATION_REASON = 'Changed by an administrator';
/** The plan an administrator's activation names when the user has none on record. */
const DEFAULT_PLAN_TYPE = 'premium';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * PUT status (docs/product/admin.md#users): any status to active, paused or revoked. Pausing or revoking deletes the
 * account's sessions, so reactivating it later cannot revive a cookie stolen before: the owner signs
 * in again. An
 * administrator cannot pause or revoke themself (400), nor the last active administrator (409).
 */
export async function setAccountStatus(ctx: AppContext, actorId: number, userId: number, status: AccountStatus): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (status !== 'active') await adminUsersRepository.lockAdministrators(trx, ctx.dbKind);
    const user = await adminUsersRepository.findForUpdate(trx, ctx.dbKind, userId);
    if (!user) throw notFound(ADMIN_USER_MESSAGES.notFound);
    if (status !== 'active') {
      if (user.id === actorId) throw badRequest(ADMIN_USER_MESSAGES.selfStatus);
      if (
        user.is_admin &&
        user.account_status === 'active' &&
        (await adminUsersRepository.otherActiveAdmins(trx, user.id)) === 0
      ) {
        throw conflict(ADMIN_USER_MESSAGES.lastAdminStatus);
      }
    }
    await adminUsersRepository.setStatus(trx, user.id, status);
    if (status !== 'active') await endUserSessions(trx, user.id);
  });
}

/** PUT make-admin: grants the role (there is no demotion, docs/product/admin.md#users); granting it twice is harmless. */
export async function makeAdmin(ctx: AppContext, userId: number): Promise<void> {
  if (!(await adminUsersRepository.grantAdmin(ctx.db, userId))) throw notFound(ADMIN_USER_MESSAGES.notFound);
}

/**
 * PUT update-info (docs/product/admin.md#users): only the fields that differ from the stored ones are written. A new
 * username or e-mail that is already another account's username or e-mail answers 409 (registration's
 * message for an e-mail); a unique-index race ends the same way.
 */
export async function updateInfo(
  ctx: AppContext,
  userId: number,
  input: {
    username?: string | undefined;
    email?: string | null | undefined;
    firstName?: string | null | undefined;
    lastName?: string | null | undefined;
  },
): Promise<AdminUpdateInfoResponse> {
  const taken = (value: string) => conflict(looksLikeEmail(value) ? EMAIL_TAKEN : ADMIN_USER_MESSAGES.usernameTaken);
  let attempted: string | undefined;
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const user = await adminUsersRepository.findForUpdate(trx, ctx.dbKind, userId);
      if (!user) throw notFound(ADMIN_USER_MESSAGES.notFound);
      const changes: UserUpdate = {};
      if (input.username !== undefined && input.username !== user.username) changes.username = input.username;
      if (input.email !== undefined && input.email !== user.email) changes.email = input.email;
      if (input.firstName !== undefined && input.firstName !== user.first_name) changes.first_name = input.firstName;
      if (input.lastName !== undefined && input.lastName !== user.last_name) changes.last_name = input.lastName;
      for (const value of [changes.username, changes.email]) {
        if (typeof value !== 'string') continue;
        attempted = value;
        if (await adminUsersRepository.findOtherByIdentity(trx, value, user.id)) throw taken(value);
      }
      if (Object.keys(changes).length === 0) return user;
      return adminUsersRepository.update(trx, user.id, changes);
    });
    return { id: row.id, username: row.username, email: row.email, firstName: row.first_name, lastName: row.last_name };
  } catch (error) {
    // Two administrators giving two accounts one username at once: the unique index refuses the second.
    if (
      !(error instanceof AppError) &&
      attempted &&
      (await adminUsersRepository.findOtherByIdentity(ctx.db, attempted, userId))
    ) {
      throw taken(attempted);
    }
    throw error;
  }
}

/**
 * PUT subscription (docs/product/admin.md#users): status, skipTrial (forces inactive and ends the trial now; it wins
 * over a status sent with it), hasHadPaidSubscription. Trialing with no trial left starts a fresh
 * 30-day trial (docs/product/subscription.md#trial), or the choice would gate the user at once. Becoming active emits
 * 'subscription.activated' (provider 'admin'), leaving active 'subscription.deactivated', after the commit.
 */
export async function updateSubscription(
  ctx: AppContext,
  userId: number,
  input: AdminSubscriptionRequest,
): Promise<AdminSubscriptionResponse> {
  const now = new Date();
  const { before, after } = await ctx.db.transaction().execute(async (trx) => {
    const user = await adminUsersRepository.findForUpdate(trx, ctx.dbKind, userId);
    if (!user) throw notFound(ADMIN_USER_MESSAGES.notFound);
    const changes: UserUpdate = {};
    const status = input.skipTrial ? 'inactive' : input.subscriptionStatus;
    if (status !== undefined && status !== user.subscription_status) changes.subscription_status = status;
    if (input.skipTrial && (user.trial_end_date === null || Date.parse(user.trial_end_date) > now.getTime())) {
      changes.trial_end_date = now.toISOString();
    }
    if (status === 'trialing' && (user.trial_end_date === null || Date.parse(user.trial_end_date) <= now.getTime())) {
      changes.trial_end_date = new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString();
      changes.trial_notice = null;
    }
    if (status === 'active' && user.plan_type === null) changes.plan_type = DEFAULT_PLAN_TYPE;
    if (input.hasHadPaidSubscription !== undefined && input.hasHadPaidSubscription !== Boolean(user.has_had_paid_subscription)) {
      changes.has_had_paid_subscription = input.hasHadPaidSubscription ? 1 : 0;
    }
    if (Object.keys(changes).length === 0) return { before: user, after: user };
    // Only a payment confirmed after this moment may make the user active again (applySubscription).
    changes.subscription_changed_by_admin_at = now.toISOString();
    const after = await adminUsersRepository.update(trx, user.id, changes);
    return { before: user, after };
  });
  announceSubscriptionChange(ctx, before, after);
  const { subscriptionStatus, trialEndDate, subscription, hasHadPaidSubscription } = presentAdminUser(after);
  return { subscriptionStatus, trialEndDate, subscription, hasHadPaidSubscription };
}

/** After the commit, and not awaited: a listener never holds up or fails the request. */
function announceSubscriptionChange(ctx: AppContext, before: UserRow, after: UserRow): void {
  const who = { userId: after.id, username: after.username, email: after.email };
  if (after.subscription_status === 'active' && before.subscription_status !== 'active') {
    const payload: AppEvents['subscription.activated'] = {
      ...who,
      planType: after.plan_type ?? DEFAULT_PLAN_TYPE,
      provider: 'admin',
    };
    void ctx.events.emit('subscription.activated', payload);
  } else if (before.subscription_status === 'active' && after.subscription_status !== 'active') {
    void ctx.events.emit('subscription.deactivated', { ...who, reason: ADMIN_DEACTIVATION_REASON });
  }
}

/**
 * DELETE: the user and everything of theirs in one transaction (user-deletion.ts), then their kept
 * exports. Not oneself (400), not the last active administrator (409).
 */
export async function deleteUser(ctx: AppContext, actorId: number, userId: number): Promise<void> {
  if (userId === actorId) {
    // Checked before the lookup too, so an administrator learns nothing new from it.
    throw badRequest(ADMIN_USER_MESSAGES.selfDelete);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await adminUsersRepository.lockAdministrators(trx, ctx.dbKind);
    const user = await adminUsersRepository.findForUpdate(trx, ctx.dbKind, userId);
    if (!user) throw notFound(ADMIN_USER_MESSAGES.notFound);
    if (user.is_admin && user.account_status === 'active' && (await adminUsersRepository.otherActiveAdmins(trx, user.id)) === 0) {
      throw conflict(ADMIN_USER_MESSAGES.lastAdminDelete);
    }
    await deleteUserAndData(trx, user.id);
  });
  await removeUserExportFiles(path.join(ctx.config.dataDir, 'exports'), userId);
}
