import { z } from 'zod';
import { PAYMENT_MODES } from './subscription.schemas.js';

/** The only payment provider whose mode the dashboard switches (docs/product/admin.md#payments). */
export const PAYMENT_MODE_PROVIDER = 'stripe';

export const PAYMENT_MODE_MESSAGES = {
  unknownProvider: 'Unknown payment provider',
  invalidMode: "Mode must be 'test' or 'live'",
  liveNotConfigured:
    'Live mode is not available: no Stripe live keys are configured (STRIPE_LIVE_SECRET_KEY, or a sk_live_ STRIPE_SECRET_KEY). Payments stay in test mode.',
  testNotConfigured:
    'Test mode is not available: no Stripe test keys are configured (STRIPE_TEST_SECRET_KEY, or a sk_test_ STRIPE_SECRET_KEY). Payments stay in live mode.',
} as const;

/** :provider of /api/admin/:provider/mode; anything but 'stripe' answers 404 (checked by the route). */
export const paymentModeParamsSchema = z.object({ provider: z.string() });

/** PUT /api/admin/stripe/mode. */
export const paymentModeRequestSchema = z.object({
  mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MODE_MESSAGES.invalidMode }),
});
export type PaymentModeRequest = z.infer<typeof paymentModeRequestSchema>;

/** GET and PUT /api/admin/stripe/mode: {mode}, and what the switch needs to explain itself. */
export const paymentModeSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  /** Which checkout subscribers get: Stripe, or the built-in demo while no Stripe keys are configured. */
  provider: z.enum(['stripe', 'demo']),
  /** Whether Stripe keys exist for each mode (a switch to a mode without them is refused). */
  testKeys: z.boolean(),
  liveKeys: z.boolean(),
});
export type PaymentModeInfo = z.infer<typeof paymentModeSchema>;
