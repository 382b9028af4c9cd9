import { PAYMENT_MODE_MESSAGES, type PaymentModeInfo } from '../../../../common/admin-payment-mode.schemas.js';
import type { PaymentMode } from '../../../../common/subscription.schemas.js';
import type { AppContext } from '../../../context.js';
import { conflict } from '../../../errors.js';
import { SETTING_KEYS, settingsRepository } from '../../../db/settings.repository.js';
import { paymentProviders } from '../../subscription/payment-providers.js';

/** The administrator's mode, the provider checkouts use, and which key sets exist. */
export async function paymentModeInfo(ctx: AppContext): Promise<PaymentModeInfo> {
  const providers = paymentProviders(ctx);
  return {
    mode: await providers.mode(),
    provider: providers.stripeConfigured ? 'stripe' : 'demo',
    testKeys: providers.stripe.test !== undefined,
    liveKeys: providers.stripe.live !== undefined,
  };
}

/**
 * Stores the mode checkouts use (payment-providers.ts reads it per checkout, so every instance follows
 * at once). A mode without its Stripe keys is refused with 409: live without live keys would refuse
 * every checkout, and must never fall back to the demo. With no Stripe keys at all, the demo provider
 * serves every checkout (docs/product/subscription.md#providers) and test mode is the only mode.
 */
export async function setPaymentMode(ctx: AppContext, mode: PaymentMode): Promise<PaymentModeInfo> {
  const providers = paymentProviders(ctx);
  if (mode === 'live' && !providers.stripe.live) throw conflict(PAYMENT_MODE_MESSAGES.liveNotConfigured);
  if (mode === 'test' && providers.stripeConfigured && !providers.stripe.test)
    throw conflict(PAYMENT_MODE_MESSAGES.testNotConfigured);
  await settingsRepository.put(ctx.db, SETTING_KEYS.paymentMode, mode);
  return paymentModeInfo(ctx);
}
