import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PLAN_NAME, PRICE_USD } from '../../../common/constants.js';
import type { PaymentMode } from '../../../common/subscription.schemas.js';
import type { StripeKeys } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { oneYearAfter, type CheckoutOptions, type CreatedCheckout, type PaymentProvider, type ProviderCheckout, type ProviderSubscription } from './payment-provider.js';

/** The price is found by this lookup key (or STRIPE_*_PRICE_ID), and created on first use. */
export const PRICE_LOOKUP_KEY = 'spindle_premium_yearly';
const PRICE_CENTS = Math.round(PRICE_USD * 100);
/**
 * Stripe refuses a Checkout trial that ends less than 48 hours ahead; with less of the trial left the
 * paid year starts at payment (the collector gives up under two days rather than being unable to pay).
 */
export const MIN_TRIAL_LEFT_MS = 48 * 60 * 60 * 1000 + 10 * 60 * 1000;

/** The SDK pointed at STRIPE_API_URL when set (tests run a local fake Stripe). */
export function stripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
    timeout: 10_000,
  });
}

const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe's subscription statuses onto ours (active, past_due, canceled, inactive;
 * docs/product/subscription.md#webhook).
 */
export function foldStatus(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'inactive';
  }
}

export function presentStripeSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // Since API 2025-03-31 the period lives on the items; older objects carried it on the subscription.
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  // Paid during the app's trial: Stripe's period is the rest of the trial, but what the collector paid
  // for is the year that follows it, which is when the subscription renews.
  const paidFrom = subscription.status === 'trialing' && typeof subscription.trial_end === 'number' ? new Date(subscription.trial_end * 1000) : null;
  return {
    id: subscription.id,
    status: foldStatus(subscription.status),
    currentPeriodStart: paidFrom ? paidFrom.toISOString() : iso(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: paidFrom ? oneYearAfter(paidFrom).toISOString() : iso(item?.current_period_end ?? legacy.current_period_end),
    customerId: idOf(subscription.customer),
    createdAt: iso(subscription.created),
    priceId: idOf(item?.price),
    livemode: Boolean(subscription.livemode),
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing');
}

function providerError(ctx: AppContext, error: unknown): AppError {
  ctx.log.error({ err: error }, 'Stripe call failed');
  return new AppError('BAD_GATEWAY', 'The payment provider could not be reached. Please try again later.');
}

/** Stripe Checkout in subscription mode for the one yearly price (docs/product/subscription.md#providers). */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly key: 'stripe-test' | 'stripe-live';
  readonly testMode: boolean;
  /** Stripe's livemode flag of every object this key set makes. */
  readonly livemode: boolean;
  readonly stripe: Stripe;
  private price: Promise<string> | undefined;

  constructor(
    private readonly ctx: AppContext,
    readonly mode: PaymentMode,
    private readonly keys: StripeKeys,
    apiUrl: string | undefined,
  ) {
    this.key = mode === 'live' ? 'stripe-live' : 'stripe-test';
    this.testMode = mode === 'test';
    this.livemode = mode === 'live';
    this.stripe = stripeClient(keys.secretKey, apiUrl);
    if (keys.priceId) this.price = Promise.resolve(keys.priceId);
  }

  get webhookSecret(): string | undefined {
    return this.keys.webhookSecret;
  }

  /** Our plan's price: the configured one, else the one with our lookup key, else a new one (kept for the process). */
  priceId(): Promise<string> {
    this.price ??= (async () => {
      const found = await this.stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
      if (found.data[0]) return found.data[0].id;
      const created = await this.stripe.prices.create(
        {
          currency: 'usd',
          unit_amount: PRICE_CENTS,
          recurring: { interval: 'year' },
          lookup_key: PRICE_LOOKUP_KEY,
          product_data: { name: PLAN_NAME },
        },
        { idempotencyKey: `price-${PRICE_LOOKUP_KEY}` },
      );
      return created.id;
    })().catch((error: unknown) => {
      this.price = undefined;
      throw error;
    });
    return this.price;
  }

  async createCheckout(user: UserRow, options: CheckoutOptions): Promise<CreatedCheckout> {
    try {
      const customerId =
        user.stripe_customer_id && user.payment_provider === this.key
          ? user.stripe_customer_id
          : (
              await this.stripe.customers.create(
                { email: user.email ?? undefined, metadata: { userId: String(user.id) } },
                { idempotencyKey: `customer-${this.mode}-${user.id}-${user.stripe_customer_id ?? 'new'}` },
              )
            ).id;
      const base = this.ctx.config.publicUrl;
      const trialEnd = options.trialEnd && options.trialEnd.getTime() - Date.now() >= MIN_TRIAL_LEFT_MS ? Math.floor(options.trialEnd.getTime() / 1000) : undefined;
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: String(user.id),
          line_items: [{ price: await this.priceId(), quantity: 1 }],
          success_url: `${base}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}/subscription/cancel`,
          metadata: { userId: String(user.id) },
          subscription_data: { metadata: { userId: String(user.id) }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
        },
        { idempotencyKey: `checkout-${user.id}-${randomUUID()}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url, customerId, expiresAt: iso(session.expires_at) };
    } catch (error) {
      throw providerError(this.ctx, error);
    }
  }

  async retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      const userId = Number(session.client_reference_id);
      return {
        id: session.id,
        userId: Number.isSafeInteger(userId) ? userId : null,
        paid: session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
        expired: session.status === 'expired',
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        livemode: Boolean(session.livemode),
        url: session.status === 'open' ? (session.url ?? null) : null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw providerError(this.ctx, error);
    }
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    try {
      return presentStripeSubscription(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw providerError(this.ctx, error);
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    try {
      return presentStripeSubscription(await this.stripe.subscriptions.cancel(subscriptionId));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw providerError(this.ctx, error);
    }
  }
}
