import type { UserRow } from '../../db/schema.js';

/** A provider's subscription, in our terms (Stripe's statuses folded onto ours, docs/product/subscription.md#webhook). */
export interface ProviderSubscription {
  id: string;
  status: 'active' | 'past_due' | 'canceled' | 'inactive';
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  customerId: string | null;
  /** When the subscription began: the moment its checkout was paid. */
  createdAt: string | null;
  /** The price it bills (Stripe), to tell our plan from anything else sold on the same account. */
  priceId: string | null;
  /** false for a test-mode object: it must never count in live mode, nor a live one in test mode. */
  livemode: boolean;
}

/** A checkout session as the provider reports it (never as the client says, docs/product/subscription.md#activation). */
export interface ProviderCheckout {
  id: string;
  /** The user it was created for (Stripe: client_reference_id). */
  userId: number | null;
  paid: boolean;
  expired: boolean;
  subscriptionId: string | null;
  customerId: string | null;
  livemode: boolean;
  /** Where the customer pays, while the session is open (reused rather than making another). */
  url: string | null;
}

/** What a new checkout is made with besides the user. */
export interface CheckoutOptions {
  /**
   * Paying during the trial keeps the trial's days: the paid year starts when the trial ends
   * (Stripe: subscription_data.trial_end). Null when the paid year starts at payment.
   */
  trialEnd: Date | null;
}

export interface CreatedCheckout {
  id: string;
  url: string;
  /** Stripe: the Customer made for this user, to be stored on the account. */
  customerId: string | null;
  expiresAt: string | null;
}

/**
 * The one interface of both payment providers (docs/product/subscription.md#providers): Stripe when keys are
 * configured, the built-in demo otherwise. `key` names the provider and mode; it is stored on the user as
 * payment_provider.
 */
export interface PaymentProvider {
  readonly key: 'demo' | 'stripe-test' | 'stripe-live';
  readonly kind: 'demo' | 'stripe';
  readonly testMode: boolean;
  createCheckout(user: UserRow, options: CheckoutOptions): Promise<CreatedCheckout>;
  /** null for an id the provider does not know. */
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
}

/** One billing year after a moment, by the calendar (how Stripe counts a yearly interval). */
export function oneYearAfter(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}
