import { isTrialExpired } from '../../../common/access.js';
import type { SubscriptionStatus } from '../../../common/constants.js';
import { PLAN_TYPE, type SubscriptionInfo } from '../../../common/subscription.schemas.js';
import type { AppContext } from '../../context.js';
import type { CheckoutSessionRow, UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { EventName, AppEvents } from '../../events.js';
import { usersRepository } from '../users/users.repository.js';
import type { PaymentProvider, ProviderSubscription } from './payment-provider.js';
import { paymentProviders } from './payment-providers.js';
import { subscriptionRepository as repo } from './subscription.repository.js';

/** GET /api/subscription's body for a user (spec 2 §3). */
export function presentSubscription(user: UserRow, provider: Pick<PaymentProvider, 'kind' | 'testMode'>, now = new Date()): SubscriptionInfo {
  const hasPeriod = user.current_period_start !== null || user.current_period_end !== null || user.plan_type !== null;
  return {
    tier: user.subscription_status === 'active' ? 'premium' : 'free',
    status: user.subscription_status as SubscriptionStatus,
    trialEndDate: user.trial_end_date,
    trialExpired: isTrialExpired(user.trial_end_date, now),
    hasHadPaidSubscription: Boolean(user.has_had_paid_subscription),
    subscription: hasPeriod
      ? { planType: user.plan_type, currentPeriodStart: user.current_period_start, currentPeriodEnd: user.current_period_end }
      : null,
    provider: provider.kind,
    testMode: provider.testMode,
  };
}

/** The provider new checkouts use, as GET /api/subscription reports it (never failing that read). */
export async function currentProviderSummary(ctx: AppContext): Promise<Pick<PaymentProvider, 'kind' | 'testMode'>> {
  const providers = paymentProviders(ctx);
  if (!providers.stripeConfigured) return providers.demo;
  return { kind: 'stripe', testMode: (await providers.mode()) === 'test' };
}

/** POST /api/subscription/checkout: a checkout session of the current provider for this user. */
export async function startCheckout(ctx: AppContext, user: UserRow): Promise<{ url: string; sessionId: string }> {
  if (!user.email) throw badRequest('An email is required for subscription', { email: 'An email is required for subscription' });
  if (user.subscription_status === 'active') throw conflict('Your subscription is already active.');
  const provider = await paymentProviders(ctx).current();
  const created = await provider.createCheckout(user);
  if (provider.kind === 'stripe') {
    await repo.insertCheckout(ctx.db, {
      id: created.id,
      user_id: user.id,
      provider: 'stripe',
      status: 'open',
      created_at: new Date().toISOString(),
      paid_at: null,
      expires_at: created.expiresAt,
      secret_hash: null,
      provider_subscription_id: null,
      mode: provider.testMode ? 'test' : 'live',
    });
    if (created.customerId && (created.customerId !== user.stripe_customer_id || user.payment_provider !== provider.key)) {
      await usersRepository.update(ctx.db, user.id, { stripe_customer_id: created.customerId, payment_provider: provider.key });
    }
  }
  return { url: created.url, sessionId: created.id };
}

const providerKeyOf = (row: CheckoutSessionRow) => (row.provider === 'demo' ? 'demo' : `stripe-${row.mode ?? 'test'}`);

/**
 * D18: activation only after the provider confirms that a checkout session of this same user was paid.
 * Unknown and foreign sessions are not found (404, D9); unpaid and expired ones are refused (400).
 * Idempotent: the user's state is set from the provider's subscription, which a repeat reads the same.
 */
export async function activateFromCheckout(ctx: AppContext, user: UserRow, sessionId: string): Promise<UserRow> {
  const row = await repo.findUserCheckout(ctx.db, user.id, sessionId);
  if (!row) throw notFound('Checkout session not found');
  const provider = paymentProviders(ctx).byKey(providerKeyOf(row));
  // Its provider is no longer configured (a demo session once Stripe is set up, or a removed mode).
  if (!provider) throw badRequest('This checkout session can no longer be used. Please subscribe again.');
  const checkout = await provider.retrieveCheckout(sessionId);
  if (!checkout || checkout.userId !== user.id) throw notFound('Checkout session not found');
  if (checkout.expired) throw badRequest('This checkout session has expired. Please subscribe again.');
  if (!checkout.paid || !checkout.subscriptionId) throw badRequest('Payment has not been completed for this checkout session.');
  const subscription = await provider.retrieveSubscription(checkout.subscriptionId);
  if (!subscription) throw badRequest('Payment has not been completed for this checkout session.');
  if (subscription.status !== 'active') throw badRequest('The subscription of this checkout session is no longer active.');
  if (row.provider_subscription_id !== subscription.id) await repo.setCheckoutSubscription(ctx.db, row.id, subscription.id);
  return applySubscription(ctx, user.id, provider.key, subscription, 'checkout');
}

/**
 * POST /api/subscription/force-active (spec 2 §4): the same confirmation as direct-update, for the
 * user's latest paid checkout session; without one nothing changes (400).
 */
export async function forceActive(ctx: AppContext, user: UserRow): Promise<UserRow> {
  for (const row of await repo.recentUserCheckouts(ctx.db, user.id, 5)) {
    const provider = paymentProviders(ctx).byKey(providerKeyOf(row));
    const checkout = provider && (await provider.retrieveCheckout(row.id));
    if (!provider || !checkout || checkout.userId !== user.id || !checkout.paid || !checkout.subscriptionId) continue;
    return activateFromCheckout(ctx, user, row.id);
  }
  throw badRequest('No paid checkout session was found for this account.');
}

/** POST /api/subscription/cancel: cancels at the provider now; a canceled paid plan is the free tier (D6). */
export async function cancelSubscription(ctx: AppContext, user: UserRow): Promise<UserRow> {
  const provider = paymentProviders(ctx).byKey(user.payment_provider);
  const live = user.subscription_status === 'active' || user.subscription_status === 'past_due';
  if (!live || !user.provider_subscription_id || !provider) throw badRequest('You have no active subscription to cancel.');
  const subscription = await provider.cancelSubscription(user.provider_subscription_id);
  if (!subscription) throw badRequest('You have no active subscription to cancel.');
  return applySubscription(ctx, user.id, provider.key, subscription, 'canceled');
}

/**
 * Sets a user's subscription from the provider's subscription (the one place that changes it).
 * A non-active state of a subscription other than the user's current one is ignored, so an old
 * subscription's late event cannot end a newer one. A subscription that never became active here
 * (deleted before its checkout completed) leaves the user inactive rather than on the free tier.
 */
export async function applySubscription(
  ctx: AppContext,
  userId: number,
  providerKey: string,
  subscription: ProviderSubscription,
  reason: string,
): Promise<UserRow> {
  const fired: { [E in EventName]?: AppEvents[E] } = {};
  const updated = await ctx.db.transaction().execute(async (trx) => {
    // Row-locked on PostgreSQL so two deliveries of one change announce it once (SQLite serialises writes).
    const read = trx.selectFrom('users').selectAll().where('id', '=', userId);
    const user = await (ctx.dbKind === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
    if (!user) throw notFound('User not found');
    const linked = user.provider_subscription_id === null || user.provider_subscription_id === subscription.id;
    if (subscription.status !== 'active' && !linked) return user;
    const hadPaid = Boolean(user.has_had_paid_subscription) || subscription.status === 'active';
    const status: SubscriptionStatus =
      subscription.status === 'active'
        ? 'active'
        : subscription.status === 'past_due'
          ? 'past_due'
          : subscription.status === 'canceled' && hadPaid
            ? 'canceled'
            : 'inactive';
    const next = await usersRepository.update(trx, userId, {
      subscription_status: status,
      has_had_paid_subscription: hadPaid ? 1 : 0,
      provider_subscription_id: subscription.id,
      payment_provider: providerKey,
      plan_type: PLAN_TYPE,
      current_period_start: subscription.currentPeriodStart,
      current_period_end: subscription.currentPeriodEnd,
      ...(subscription.customerId ? { stripe_customer_id: subscription.customerId } : {}),
    });
    if (!next) throw notFound('User not found');
    const who = { userId, username: user.username, email: user.email };
    if (status === 'active' && user.subscription_status !== 'active') {
      fired['subscription.activated'] = { ...who, planType: PLAN_TYPE, provider: providerKey };
    }
    if (user.subscription_status === 'active' && status !== 'active') {
      fired['subscription.deactivated'] = { ...who, reason: status === 'past_due' ? 'payment_failed' : reason };
    }
    if (status === 'past_due' && user.subscription_status !== 'past_due') fired['subscription.payment_failed'] = who;
    return next;
  });
  // After the commit, and not awaited: a listener never holds up or fails the request (style §11).
  for (const [event, payload] of Object.entries(fired) as [EventName, never][]) void ctx.events.emit(event, payload);
  return updated;
}
