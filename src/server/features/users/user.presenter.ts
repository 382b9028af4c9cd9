import { isTrialExpired } from '../../../common/access.js';
import type { User } from '../../../common/auth.schemas.js';
import type { AccountStatus, SubscriptionStatus } from '../../../common/constants.js';
import { loanToday } from '../../../common/loans.js';
import type { UserRow } from '../../db/schema.js';

/** The user as the owner sees it (docs/product/auth.md#the-signed-in-user). The password hash never leaves. */
export function presentUser(row: UserRow, now: Date = new Date()): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    createdAt: row.created_at,
    isAdmin: Boolean(row.is_admin),
    accountStatus: row.account_status as AccountStatus,
    subscriptionStatus: row.subscription_status as SubscriptionStatus,
    firstName: row.first_name,
    lastName: row.last_name,
    trialEndDate: row.trial_end_date,
    stripeCustomerId: row.stripe_customer_id,
    trialExpired: isTrialExpired(row.trial_end_date, now),
    hasHadPaidSubscription: Boolean(row.has_had_paid_subscription),
    loanReminders: { days: row.loan_reminder_days, today: loanToday(now) },
  };
}
