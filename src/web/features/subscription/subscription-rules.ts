import { accessLevel } from '../../../common/access';
import { PRICE_USD } from '../../../common/constants';
import type { SubscriptionInfo } from '../../../common/subscription.schemas';
import type { SessionUser } from '../../lib/session';

export type { SubscriptionInfo } from '../../../common/subscription.schemas';

/** The delays of docs/product/subscription.md#pages and docs/product/subscription.md#after-payment. */
export const SUBSCRIBE_REDIRECT_DELAY_MS = 100;
export const CHECKOUT_AFTER_EMAIL_DELAY_MS = 500;
export const POST_PAYMENT_REDIRECT_DELAY_MS = 2000;
export const REDIRECT_TO_CHECKOUT_TOAST_MS = 2000;

/**
 * Where the success page ends: the landing address that asks the visitor to log in again
 * (docs/product/subscription.md#after-payment).
 */
export const ACTIVATED_REDIRECT = '/?subscription_activated=true';

/** "less than $1.42 per month" (docs/product/subscription.md#plan), from the one yearly price. */
export function monthlyPriceCeiling(yearly: number = PRICE_USD): string {
  return `$${(Math.ceil((yearly * 100) / 12) / 100).toFixed(2)}`;
}

export type StatusLabel = 'Free Trial' | 'Active' | 'Free' | 'Inactive';

/**
 * The status the page shows (docs/product/subscription.md#pages): trialing is Free Trial; a canceled paid
 * plan is the free tier.
 */
export function statusLabel(user: Pick<SessionUser, 'subscriptionStatus' | 'trialExpired' | 'hasHadPaidSubscription'>): StatusLabel {
  switch (user.subscriptionStatus) {
    case 'active':
      return 'Active';
    case 'trialing':
      return user.trialExpired ? 'Inactive' : 'Free Trial';
    case 'canceled':
      return user.hasHadPaidSubscription ? 'Free' : 'Inactive';
    default:
      return 'Inactive';
  }
}

/**
 * docs/product/subscription.md#pages: tier premium and status active or trialing reads "Your
 * subscription is active"; a user in the free trial sees Subscribe Now. The session user's own trial
 * wins, so a server that reports the trial as premium/trialing still lets the trial user pay.
 */
export function isActivePremium(
  info: Pick<SubscriptionInfo, 'tier' | 'status'> | undefined,
  user: Pick<SessionUser, 'subscriptionStatus'>,
): boolean {
  if (user.subscriptionStatus === 'trialing') return false;
  if (info) return info.tier === 'premium' && (info.status === 'active' || info.status === 'trialing');
  // Until the subscription call answers, the session user's own status decides.
  return user.subscriptionStatus === 'active';
}

/** docs/product/subscription.md#pages: gated users (inactive, past_due, an expired trial) belong on /subscribe. */
export function belongsOnSubscribePage(user: SessionUser): boolean {
  if (user.placeholder) return true;
  if (user.subscriptionStatus === 'inactive' || user.trialExpired) return true;
  return accessLevel(user) === 'gated';
}

/** docs/product/subscription.md#pages: the alert of /subscribe when no message was handed over. */
export function subscribeAlertTitle(hasHadPaidSubscription: boolean): string {
  return hasHadPaidSubscription ? 'Subscription Inactive' : 'Your Free Trial Has Expired';
}

/** Whole days left until the trial ends, never negative (a part day counts as a day). */
export function trialDaysLeft(trialEndDate: string | null, now: Date = new Date()): number | null {
  if (!trialEndDate) return null;
  const end = Date.parse(trialEndDate);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / 86_400_000));
}

/** docs/product/subscription.md#pages: dates in the en-US long style with hour and minute ("November 24, 2026 at 10:30 AM"). */
export function formatSubscriptionDate(value: string | null | undefined, timeZone?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

const CHECKOUT_STATUS_TEXT: Record<number, string> = {
  400: 'Missing required information for subscription',
  401: 'You need to be logged in to subscribe',
  403: "You don't have permission to access this subscription",
  500: 'Server Error: Subscription Failed. Please try again later.',
};
export const CHECKOUT_DEFAULT_TEXT = 'Failed to create checkout session';

/**
 * docs/product/subscription.md#pages: the text of the 'Subscription Failed' toast. The
 * response message, with any details appended after a period; a body that cannot be read
 * falls back to the text for its status.
 */
export function checkoutErrorText(status: number | null, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { message, details } = body as { message?: unknown; details?: unknown };
    if (typeof message === 'string' && message) {
      if (typeof details !== 'string' || !details) return message;
      return `${message.replace(/\.$/, '')}. ${details}`;
    }
  }
  return (status !== null && CHECKOUT_STATUS_TEXT[status]) || CHECKOUT_DEFAULT_TEXT;
}

/** Back and Return to Home (docs/product/subscription.md#pages): / or /?collection={stored selected collection}. */
export function homeWithCollection(selected: string | null): string {
  return selected ? `/?collection=${encodeURIComponent(selected)}` : '/';
}

/** Only a same-site path is followed after the forced logout (the server checks too). */
export function sameSitePath(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : fallback;
}
