import type { FastifyRequest } from 'fastify';
import { accessLevel, accessSubject, isTrialExpired, SUBSCRIPTION_REQUIRED_MESSAGE, TRIAL_EXPIRED_MESSAGE, type AccessLevel } from '../../common/access.js';
import type { PaymentRequiredBody } from '../../common/auth.schemas.js';
import type { UserRow } from '../db/schema.js';
import { AppError, forbidden, unauthorized } from '../errors.js';

/** The signed-in user, or 401. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Not authenticated');
  return request.user;
}

export function paymentRequiredBody(user: UserRow): PaymentRequiredBody {
  const expiredTrial = user.subscription_status === 'trialing' && isTrialExpired(user.trial_end_date);
  return {
    message: expiredTrial ? TRIAL_EXPIRED_MESSAGE : SUBSCRIPTION_REQUIRED_MESSAGE,
    redirectTo: '/subscription',
    userId: user.id,
    username: user.username,
    email: user.email,
  };
}

export function paymentRequired(user: UserRow, message?: string): AppError {
  const body = paymentRequiredBody(user);
  return new AppError('PAYMENT_REQUIRED', message ?? body.message, { body: { ...body, message: message ?? body.message } });
}

export function userAccess(user: UserRow, now: Date = new Date()): AccessLevel {
  return accessLevel(accessSubject(user), now);
}

/** preValidation guard: a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  currentUser(request);
}

/**
 * preValidation guard for data calls (docs/product/subscription.md#access): signed in and not gated
 * (402 with the body of docs/product/subscription.md#payment-required).
 */
export async function requireAccess(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (userAccess(user) === 'gated') throw paymentRequired(user);
}

/** The /api/admin scope's guard (docs/product/admin.md#access): 401 signed out, 403 for non-administrators. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (!user.is_admin) throw forbidden('Administrator access required');
}
