/**
 * Who may use the product (docs/product/subscription.md#access). One pure function so the server
 * guard, the tests and the client agree.
 * - premium: everything;
 * - free: a canceled paid plan; reads everything, creates within the free-tier limits;
 * - gated: inactive, past_due, an expired trial, or canceled without a paid plan; data calls answer 402.
 */
export type AccessLevel = 'premium' | 'free' | 'gated';

export interface AccessSubject {
  isAdmin: boolean;
  subscriptionStatus: string;
  trialEndDate: string | null;
  hasHadPaidSubscription: boolean;
}

/**
 * The columns of a stored user the rule reads (the server's users row; structural, so common/ stays free
 * of server types). Lives here rather than in a feature so the infrastructure's guards import no feature.
 */
export interface AccessRow {
  is_admin: number;
  subscription_status: string;
  trial_end_date: string | null;
  has_had_paid_subscription: number;
}

/** The fields the access rule reads, from a stored user row. */
export function accessSubject(row: AccessRow): AccessSubject {
  return {
    isAdmin: Boolean(row.is_admin),
    subscriptionStatus: row.subscription_status,
    trialEndDate: row.trial_end_date,
    hasHadPaidSubscription: Boolean(row.has_had_paid_subscription),
  };
}

export function isTrialExpired(trialEndDate: string | null, now: Date = new Date()): boolean {
  return trialEndDate !== null && Date.parse(trialEndDate) <= now.getTime();
}

export function accessLevel(user: AccessSubject, now: Date = new Date()): AccessLevel {
  if (user.isAdmin) return 'premium';
  switch (user.subscriptionStatus) {
    case 'active':
      return 'premium';
    case 'trialing':
      return user.trialEndDate !== null && !isTrialExpired(user.trialEndDate, now) ? 'premium' : 'gated';
    case 'canceled':
      return user.hasHadPaidSubscription ? 'free' : 'gated';
    default:
      return 'gated';
  }
}

/** The login message for a gated user (docs/product/auth.md#login). */
export const SUBSCRIPTION_REQUIRED_MESSAGE = 'Your subscription is inactive. Please subscribe to continue.';
export const TRIAL_EXPIRED_MESSAGE = 'Your free trial has expired. Please subscribe to continue.';
