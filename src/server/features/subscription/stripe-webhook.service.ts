import type Stripe from 'stripe';
import type { AppContext } from '../../context.js';
import { usersRepository } from '../users/users.repository.js';
import type { ProviderSubscription } from './payment-provider.js';
import type { StripePaymentProvider } from './stripe-provider.js';
import { applySubscription } from './subscription.service.js';
import { subscriptionRepository as repo } from './subscription.repository.js';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/** The subscription an invoice belongs to (API 2025+: under parent; older: invoice.subscription). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
}

const REASONS: Record<string, string> = {
  'customer.subscription.deleted': 'subscription_deleted',
  'customer.subscription.updated': 'subscription_updated',
  'invoice.payment_failed': 'payment_failed',
};

/** An event that was verified but is not the app's to apply; logged by the route and answered 200. */
export interface IgnoredEvent {
  ignored: string;
  /** Expected in normal use (logged at info rather than warn). */
  routine?: boolean;
}

const ignore = (why: string, routine = false): IgnoredEvent => ({ ignored: why, routine });

/**
 * A completed checkout counts only when this app made it: its own checkout_sessions row (in this
 * mode), for the user that row names, paid by that user's own Customer, for our plan's price. The
 * same Stripe account may sell other things, and Payment Links let anyone set client_reference_id.
 */
async function ownCheckout(
  ctx: AppContext,
  provider: StripePaymentProvider,
  sessionId: string,
): Promise<{ userId: number; subscription: ProviderSubscription } | IgnoredEvent | null> {
  const row = await repo.findCheckout(ctx.db, sessionId);
  if (!row || row.provider !== 'stripe' || (row.mode ?? 'test') !== provider.mode) return ignore('a checkout session this app did not create');
  const checkout = await provider.retrieveCheckout(sessionId);
  if (!checkout?.paid || !checkout.subscriptionId) return null;
  if (checkout.livemode !== provider.livemode) return ignore('a checkout session of the other Stripe mode');
  if (checkout.userId !== row.user_id) return ignore('a checkout session naming another user than the one it was made for');
  const owner = await usersRepository.findById(ctx.db, row.user_id);
  if (!owner || !checkout.customerId || checkout.customerId !== owner.stripe_customer_id) return ignore('a checkout session paid by another customer');
  const subscription = await provider.retrieveSubscription(checkout.subscriptionId);
  if (!subscription) return null;
  if (subscription.customerId !== checkout.customerId || subscription.priceId !== (await provider.priceId())) return ignore('a subscription to another price');
  return { userId: row.user_id, subscription };
}

/**
 * A subscription or invoice event counts only for a subscription the app already knows: the user's
 * current one, or one a checkout of ours led to (checked for price and customer when it completed).
 */
async function ownSubscription(ctx: AppContext, provider: StripePaymentProvider, subscriptionId: string): Promise<{ userId: number; subscription: ProviderSubscription } | IgnoredEvent | null> {
  const subscription = await provider.retrieveSubscription(subscriptionId);
  if (!subscription?.customerId) return null;
  // Our customers are made per user before checkout, so the customer names the user.
  const owner = await usersRepository.findByStripeCustomerId(ctx.db, subscription.customerId);
  if (!owner) return ignore('a subscription of a customer this app did not make');
  const known =
    owner.provider_subscription_id === subscription.id ||
    (await repo.hasUserCheckoutOfSubscription(ctx.db, owner.id, subscription.id));
  // Stripe does not order its events: an invoice of a new subscription can come before the
  // checkout.session.completed that links it, which then applies it. Routine for our own customers.
  if (!known) return ignore('a subscription no checkout of this app led to (yet)', true);
  if (subscription.livemode !== provider.livemode) return ignore('a subscription of the other Stripe mode');
  return { userId: owner.id, subscription };
}

/**
 * Applies one verified Stripe event. Nothing in the event body is trusted beyond naming what to re-read:
 * the checkout session and the subscription are retrieved from Stripe before anything changes.
 * Returns why an event was ignored when it is not the app's own (the route logs it).
 */
export async function handleStripeEvent(ctx: AppContext, provider: StripePaymentProvider, event: Stripe.Event): Promise<IgnoredEvent | undefined> {
  let found: { userId: number; subscription: ProviderSubscription } | IgnoredEvent | null;
  let confirmedAt: string | null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      found = await ownCheckout(ctx, provider, event.data.object.id);
      confirmedAt = found && 'subscription' in found ? found.subscription.createdAt : null;
      break;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      found = subscriptionId ? await ownSubscription(ctx, provider, subscriptionId) : null;
      // A renewal paid after an administrator's change is a new payment and may re-activate.
      confirmedAt = iso(invoice.status_transitions?.paid_at) ?? iso(event.created);
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      found = await ownSubscription(ctx, provider, event.data.object.id);
      confirmedAt = found && 'subscription' in found ? found.subscription.createdAt : null;
      break;
    default:
      return undefined;
  }
  if (!found) return undefined;
  if ('ignored' in found) return found;
  const { userId, subscription } = found;
  if (event.type === 'checkout.session.completed') {
    await repo.markCheckoutPaid(ctx.db, event.data.object.id, subscription.id, new Date().toISOString());
  }
  await applySubscription(ctx, userId, provider.key, subscription, REASONS[event.type] ?? 'subscription_updated', confirmedAt);
  return undefined;
}
