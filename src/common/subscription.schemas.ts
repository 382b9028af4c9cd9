import { z } from 'zod';
import { CHECKOUT_TIER, SUBSCRIPTION_STATUSES } from './constants.js';

/**
 * The plan type stored and announced for the one paid plan (docs/product/subscription.md#plan: the
 * tier value).
 */
export const PLAN_TYPE = CHECKOUT_TIER;

export const PAYMENT_MODES = ['test', 'live'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * GET /api/subscription (docs/product/subscription.md#info). tier is 'premium' only for a paid, active
 * plan: a trial is status 'trialing' on the 'free' tier, so the page offers Subscribe Now.
 */
export const subscriptionInfoSchema = z.object({
  tier: z.enum(['premium', 'free']),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndDate: z.string().nullable(),
  trialExpired: z.boolean(),
  hasHadPaidSubscription: z.boolean(),
  subscription: z
    .object({
      planType: z.string().nullable(),
      currentPeriodStart: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
  /**
   * Which checkout a Subscribe press leads to: Stripe's, or the built-in demo
   * (docs/product/subscription.md#providers).
   */
  provider: z.enum(['stripe', 'demo']),
  /** True unless real money moves (Stripe in live mode). */
  testMode: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** POST /api/subscription/checkout. Any tier but 'premium' answers 400. */
export const checkoutRequestSchema = z.object({
  tier: z.literal(CHECKOUT_TIER, { error: 'Invalid subscription tier: only premium is offered' }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ url: z.string(), sessionId: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/subscription/direct-update. */
export const directUpdateRequestSchema = z.object({
  sessionId: z.string({ error: 'A checkout session id is required' }).trim().min(1, 'A checkout session id is required').max(255),
});
export type DirectUpdateRequest = z.infer<typeof directUpdateRequestSchema>;

/** The answer of direct-update and force-active: the subscription as it now is. */
export const activationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscription: subscriptionInfoSchema,
});
export type ActivationResponse = z.infer<typeof activationResponseSchema>;

/** POST /api/auth/force-logout: redirectUrl must be a path on this site (never an open redirect). */
export const forceLogoutRequestSchema = z.object({
  redirectUrl: z.string({ error: 'A redirect path is required' }).max(2048, 'The redirect path is too long').optional(),
});
export const forceLogoutResponseSchema = z.object({ message: z.string(), redirectUrl: z.string() });
export type ForceLogoutResponse = z.infer<typeof forceLogoutResponseSchema>;

/** POST /api/subscription/cancel answers this text (docs/product/subscription.md#api: a text response). */
export const CANCEL_SUCCESS_TEXT = 'Your subscription has been canceled successfully.';
