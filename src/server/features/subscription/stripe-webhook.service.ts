import type Stripe from 'stripe';
import type { AppContext } from '../../context.js';
import type { StripePaymentProvider } from './stripe-provider.js';
import { applySubscription } from './subscription.service.js';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

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

/**
 * Applies one verified Stripe event. Nothing in the event body is trusted beyond naming what to re-read:
 * the checkout session and the subscription are retrieved from Stripe before anything changes.
 */
export async function handleStripeEvent(ctx: AppContext, provider: StripePaymentProvider, event: Stripe.Event): Promise<void> {
  let subscriptionId: string | null = null;
  let userId: number | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const checkout = await provider.retrieveCheckout(event.data.object.id);
      if (!checkout?.paid || checkout.userId === null) return;
      subscriptionId = checkout.subscriptionId;
      userId = checkout.userId;
      break;
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
      subscriptionId = invoiceSubscriptionId(event.data.object);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      subscriptionId = event.data.object.id;
      break;
    default:
      return;
  }
  if (!subscriptionId) return;
  const subscription = await provider.retrieveSubscription(subscriptionId);
  if (!subscription) return;
  if (userId === null) {
    // Our customers are made per user before checkout, so the customer names the user.
    if (!subscription.customerId) return;
    const owner = await ctx.db.selectFrom('users').select('id').where('stripe_customer_id', '=', subscription.customerId).executeTakeFirst();
    if (!owner) return;
    userId = owner.id;
  }
  if (event.type === 'checkout.session.completed') {
    await ctx.db.updateTable('checkout_sessions').set({ status: 'paid', paid_at: new Date().toISOString(), provider_subscription_id: subscription.id }).where('id', '=', event.data.object.id).execute();
  }
  await applySubscription(ctx, userId, provider.key, subscription, REASONS[event.type] ?? 'subscription_updated');
}
