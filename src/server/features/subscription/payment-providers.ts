import { PAYMENT_MODES, type PaymentMode } from '../../../common/subscription.schemas.js';
import type { AppContext } from '../../context.js';
import { SETTING_KEYS, settingsRepository } from '../../db/settings.repository.js';
import { AppError } from '../../errors.js';
import { DemoPaymentProvider } from './demo-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-provider.js';

/** Both providers of one app; which one a checkout uses is decided per call (the mode is in the database). */
export class PaymentProviders {
  readonly demo: DemoPaymentProvider;
  readonly stripe: Partial<Record<PaymentMode, StripePaymentProvider>> = {};

  constructor(private readonly ctx: AppContext) {
    this.demo = new DemoPaymentProvider(ctx);
    const stripe = ctx.config.stripe;
    if (stripe?.test) this.stripe.test = new StripePaymentProvider(ctx, 'test', stripe.test, stripe.apiUrl);
    if (stripe?.live) this.stripe.live = new StripePaymentProvider(ctx, 'live', stripe.live, stripe.apiUrl);
  }

  get stripeConfigured(): boolean {
    return this.ctx.config.stripe !== undefined;
  }

  /** The administrator's mode; unset means test, or live when only live keys exist. */
  async mode(): Promise<PaymentMode> {
    const stored = await settingsRepository.get(this.ctx.db, SETTING_KEYS.paymentMode);
    if (stored && (PAYMENT_MODES as readonly string[]).includes(stored)) return stored as PaymentMode;
    return !this.stripe.test && this.stripe.live ? 'live' : 'test';
  }

  /**
   * The provider a new checkout uses: the demo without any Stripe keys
   * (docs/product/subscription.md#providers), else Stripe in the administrator's mode. Keys for the other mode
   * only never fall back to the demo: a live site would then hand out free subscriptions.
   */
  async current(): Promise<PaymentProvider> {
    if (!this.stripeConfigured) return this.demo;
    const mode = await this.mode();
    const provider = this.stripe[mode];
    if (!provider) throw new AppError('SERVICE_UNAVAILABLE', `Payments are not configured for ${mode} mode. Please try again later.`);
    return provider;
  }

  /** The provider a stored key ('demo', 'stripe-test', 'stripe-live') names, if it is configured. */
  byKey(key: string | null | undefined): PaymentProvider | undefined {
    // Once real payments are configured, a leftover demo session must not activate anything.
    if (key === 'demo') return this.stripeConfigured ? undefined : this.demo;
    if (key === 'stripe-test') return this.stripe.test;
    if (key === 'stripe-live') return this.stripe.live;
    return undefined;
  }
}

const perApp = new WeakMap<AppContext, PaymentProviders>();

/** The app's providers, made once per app. */
export function paymentProviders(ctx: AppContext): PaymentProviders {
  let providers = perApp.get(ctx);
  if (!providers) {
    providers = new PaymentProviders(ctx);
    perApp.set(ctx, providers);
  }
  return providers;
}
