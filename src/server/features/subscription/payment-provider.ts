import type { UserRow } from '../../db/schema.js';

/** A provider's subscription, in our terms (Stripe's statuses folded onto spec 2's). */
export interface ProviderSubscription {
  id: string;
  status: 'active' | 'past_due' | 'canceled' | 'inactive';
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  customerId: string | null;
}

/** A checkout session as the provider reports it (never as the client says, D18). */
export interface ProviderCheckout {
  id: string;
  /** The user it was created for (Stripe: client_reference_id). */
  userId: number | null;
  paid: boolean;
  expired: boolean;
  subscriptionId: string | null;
  customerId: string | null;
}

export interface CreatedCheckout {
  id: string;
  url: string;
  /** Stripe: the Customer made for this user, to be stored on the account. */
  customerId: string | null;
  expiresAt: string | null;
}

/**
 * The one interface of both payment providers (D17): Stripe when keys are configured, the built-in
 * demo otherwise. `key` names the provider and mode; it is stored on the user as payment_provider.
 */
export interface PaymentProvider {
  readonly key: 'demo' | 'stripe-test' | 'stripe-live';
  readonly kind: 'demo' | 'stripe';
  readonly testMode: boolean;
  createCheckout(user: UserRow): Promise<CreatedCheckout>;
  /** null for an id the provider does not know. */
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
}
