import { isTrialExpired } from '../../../common/access.js';
import type { SubscriptionStatus } from '../../../common/constants.js';
import { PLAN_TYPE, type SubscriptionInfo } from '../../../common/subscription.schemas.js';
import type { AppContext } from '../../context.js';
import type { CheckoutSessionRow, UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { EventName, AppEvents } from '../../events.js';
import { usersRepository } from '../users/users.repository.js';
import { reserveCheckout } from './checkout-limit.js';
import { DemoPaymentProvider } from './demo-provider.js';
import type { PaymentProvider, ProviderSubscription } from './payment-provider.js';
import { paymentProviders, type PaymentProviders } from './payment-providers.js';
import { subscriptionRepository as repo } from './subscription.repository.js';

/** GET /api/subscription's body for a user (docs/product/subscription.md#info). */
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

/** A session closer than this to its expiry is not handed out again: it could lapse mid-payment. */
const REUSE_MIN_LEFT_MS = 30 * 60 * 1000;

/** Refused when an administrator changed the subscription after this payment. */
export const PAID_BEFORE_ADMIN_CHANGE = 'This payment was made before an administrator changed your subscription. Please subscribe again.';
const SESSION_UNUSABLE = 'This checkout session can no longer be used. Please subscribe again.';

/**
 * The trial end a checkout keeps: paying during the trial must not throw its remaining days away, so
 * the paid year starts when the trial ends. Null once the trial is over or the user is not trialing.
 */
export function trialEndToKeep(user: UserRow, now = new Date()): Date | null {
  if (user.subscription_status !== 'trialing' || !user.trial_end_date) return null;
  const end = new Date(user.trial_end_date);
  return end.getTime() > now.getTime() ? end : null;
}

/**
 * The user's open session of the current provider and mode, handed out again instead of a new one:
 * a collector who comes back to Subscribe continues where they left off, and repeated presses cost
 * the provider no new writes. Null when there is none still open.
 */
async function reuseOpenCheckout(ctx: AppContext, provider: PaymentProvider, user: UserRow): Promise<{ url: string; sessionId: string } | null> {
  const until = new Date(Date.now() + REUSE_MIN_LEFT_MS).toISOString();
  const mode = provider.kind === 'stripe' ? (provider.testMode ? 'test' : 'live') : null;
  const row = await repo.findOpenCheckout(ctx.db, user.id, provider.kind, mode, until);
  if (!row) return null;
  if (provider instanceof DemoPaymentProvider) {
    const url = await provider.reopen(row.id);
    return url ? { url, sessionId: row.id } : null;
  }
  const checkout = await provider.retrieveCheckout(row.id);
  if (checkout?.url && !checkout.paid && !checkout.expired && checkout.livemode === !provider.testMode) return { url: checkout.url, sessionId: row.id };
  // Paid in another tab before its webhook or success page arrived: activate it now rather than let
  // the collector pay twice.
  if (checkout?.paid) {
    const activated = await activateFromCheckout(ctx, user, row.id).catch(() => null);
    if (activated?.subscription_status === 'active') throw conflict('Your subscription is already active.');
  }
  // Closed at Stripe (or paid but refused): no longer offered, so the next press makes a new session.
  await repo.setCheckoutStatus(ctx.db, row.id, checkout?.paid ? 'paid' : checkout?.expired || !checkout ? 'expired' : 'canceled');
  return null;
}

/**
 * POST /api/subscription/checkout: the user's open checkout session of the current provider, else a
 * new one within the per-account allowance (checkout-limit.ts: 429 with Retry-After beyond it).
 */
export async function startCheckout(ctx: AppContext, user: UserRow): Promise<{ url: string; sessionId: string }> {
  if (!user.email) throw badRequest('An email is required for subscription', { email: 'An email is required for subscription' });
  if (user.subscription_status === 'active') throw conflict('Your subscription is already active.');
  const provider = await paymentProviders(ctx).current();
  const reused = await reuseOpenCheckout(ctx, provider, user);
  if (reused) return reused;
  await reserveCheckout(ctx, user.id);
  const created = await provider.createCheckout(user, { trialEnd: trialEndToKeep(user) });
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
 * The provider that may still confirm a session: its own, while configured and, for Stripe, only in
 * the administrator's current mode. A test payment must not activate anything once the site is live
 * (Stripe's test card is free), nor a live one while the site is switched to test.
 */
async function usableProvider(providers: PaymentProviders, row: CheckoutSessionRow): Promise<PaymentProvider | undefined> {
  const provider = providers.byKey(providerKeyOf(row));
  if (!provider || provider.kind === 'demo') return provider;
  return (row.mode ?? 'test') === (await providers.mode()) ? provider : undefined;
}

/**
 * Activation only after the provider confirms that a checkout session of this same user was paid
 * (docs/product/subscription.md#activation). Unknown and foreign sessions are not found (404); unpaid and
 * expired ones are refused (400). Idempotent: the user's state is set from the provider's subscription, which
 * a repeat reads the same.
 */
export async function activateFromCheckout(ctx: AppContext, user: UserRow, sessionId: string): Promise<UserRow> {
  const row = await repo.findUserCheckout(ctx.db, user.id, sessionId);
  if (!row) throw notFound('Checkout session not found');
  const provider = await usableProvider(paymentProviders(ctx), row);
  // Its provider is no longer configured (a demo session once Stripe is set up, or a removed mode),
  // or the session belongs to the Stripe mode the site no longer uses.
  if (!provider) throw badRequest(SESSION_UNUSABLE);
  const checkout = await provider.retrieveCheckout(sessionId);
  if (!checkout || checkout.userId !== user.id) throw notFound('Checkout session not found');
  if (checkout.livemode === provider.testMode) throw badRequest(SESSION_UNUSABLE);
  if (checkout.expired) throw badRequest('This checkout session has expired. Please subscribe again.');
  if (!checkout.paid || !checkout.subscriptionId) throw badRequest('Payment has not been completed for this checkout session.');
  const subscription = await provider.retrieveSubscription(checkout.subscriptionId);
  if (!subscription) throw badRequest('Payment has not been completed for this checkout session.');
  if (subscription.status !== 'active') throw badRequest('The subscription of this checkout session is no longer active.');
  if (subscription.livemode === provider.testMode) throw badRequest(SESSION_UNUSABLE);
  if (row.provider_subscription_id !== subscription.id) await repo.setCheckoutSubscription(ctx.db, row.id, subscription.id);
  return applySubscription(ctx, user.id, provider.key, subscription, 'checkout', subscription.createdAt);
}

/**
 * POST /api/subscription/force-active (docs/product/subscription.md#activation): the same confirmation as
 * direct-update, for the user's latest paid checkout session; without one nothing changes (400).
 */
export async function forceActive(ctx: AppContext, user: UserRow): Promise<UserRow> {
  const providers = paymentProviders(ctx);
  for (const row of await repo.recentUserCheckouts(ctx.db, user.id, 5)) {
    const provider = await usableProvider(providers, row);
    const checkout = provider && (await provider.retrieveCheckout(row.id));
    if (!provider || !checkout || checkout.userId !== user.id || !checkout.paid || !checkout.subscriptionId) continue;
    if (checkout.livemode === provider.testMode) continue;
    return activateFromCheckout(ctx, user, row.id);
  }
  throw badRequest('No paid checkout session was found for this account.');
}

/**
 * POST /api/subscription/cancel: cancels at the provider now; a canceled paid plan is the free tier
 * (docs/product/subscription.md#cancel).
 */
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
 * After an administrator changed the subscription, only a payment confirmed later (`confirmedAt`)
 * makes the user active again: an old paid session must not undo the administrator's decision.
 */
export async function applySubscription(
  ctx: AppContext,
  userId: number,
  providerKey: string,
  subscription: ProviderSubscription,
  reason: string,
  confirmedAt: string | null = null,
): Promise<UserRow> {
  const fired: { [E in EventName]?: AppEvents[E] } = {};
  const updated = await ctx.db.transaction().execute(async (trx) => {
    // Row-locked on PostgreSQL so two deliveries of one change announce it once (SQLite serialises writes).
    const user = await usersRepository.findForUpdate(trx, ctx.dbKind, userId);
    if (!user) throw notFound('User not found');
    const linked = user.provider_subscription_id === null || user.provider_subscription_id === subscription.id;
    if (subscription.status !== 'active' && !linked) return user;
    const adminChangedAt = user.subscription_changed_by_admin_at;
    const reactivates = subscription.status === 'active' && user.subscription_status !== 'active';
    if (reactivates && adminChangedAt && !(confirmedAt && Date.parse(confirmedAt) > Date.parse(adminChangedAt))) throw badRequest(PAID_BEFORE_ADMIN_CHANGE);
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
  // After the commit, and not awaited: a listener never holds up or fails the request.
  for (const [event, payload] of Object.entries(fired) as [EventName, never][]) void ctx.events.emit(event, payload);
  return updated;
}
