import type { AdminSubscriptionRequest, AdminUpdateInfoRequest, AdminUser } from '../../../../common/admin-users.schemas';
import type { SubscriptionStatus } from '../../../../common/constants';

/** Rows per page of the Users tab: the table stays small however many users there are (10,000 in the issue). */
export const USERS_PAGE_SIZE = 25;

export const ACCOUNT_STATUS_LABELS = { active: 'Active', paused: 'Paused', revoked: 'Revoked' } as const;

/** docs/product/admin.md#users: Active, Trial (trialing), Inactive, Past Due, Canceled, None (anything else). */
export function subscriptionLabel(status: string): string {
  switch (status) {
    case 'active':
      return 'Active';
    case 'trialing':
      return 'Trial';
    case 'inactive':
      return 'Inactive';
    case 'past_due':
      return 'Past Due';
    case 'canceled':
      return 'Canceled';
    default:
      return 'None';
  }
}

/** The Manage Subscription select (docs/product/admin.md#users). */
export const SUBSCRIPTION_OPTIONS: readonly { value: SubscriptionStatus; label: string }[] = [
  { value: 'inactive', label: 'Inactive' },
  { value: 'active', label: 'Active' },
  { value: 'trialing', label: 'Trialing' },
  { value: 'past_due', label: 'Past Due' },
  { value: 'canceled', label: 'Canceled' },
];

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

/** docs/product/admin.md#users: 'Trial: Ends {date}' or 'Trial: Expired' when a trial end date exists, else nothing. */
export function trialLine(trialEndDate: string | null, now: Date = new Date()): string | null {
  if (!trialEndDate) return null;
  return Date.parse(trialEndDate) > now.getTime() ? `Trial: Ends ${formatDate(trialEndDate)}` : 'Trial: Expired';
}

/** Users whose username, e-mail or name contains every word typed (case-insensitive). */
export function filterUsers(users: readonly AdminUser[], query: string): readonly AdminUser[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return users;
  return users.filter((user) => {
    const text = [user.username, user.email, user.firstName, user.lastName].filter(Boolean).join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The page (1-based, clamped to the last page) and how many pages there are. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = USERS_PAGE_SIZE,
): { rows: readonly T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: items.slice((current - 1) * size, current * size), page: current, pages };
}

export interface EditUserValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const editValuesOf = (user: AdminUser): EditUserValues => ({
  username: user.username,
  email: user.email ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's field messages (the product sets no username rule beyond being there: docs/product/admin.md#users). */
export function validateEditUser(values: EditUserValues): Partial<Record<keyof EditUserValues, string>> {
  const errors: Partial<Record<keyof EditUserValues, string>> = {};
  if (!values.username.trim()) errors.username = 'Username is required';
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  return errors;
}

/**
 * docs/product/admin.md#users: only the changed fields are sent; an empty e-mail, first
 * or last name is sent as null. Null when nothing changed (the dialog then closes without
 * a request).
 */
export function editUserChanges(user: AdminUser, values: EditUserValues): AdminUpdateInfoRequest | null {
  const changes: AdminUpdateInfoRequest = {};
  const username = values.username.trim();
  if (username !== user.username) changes.username = username;
  const nullable = (value: string) => value.trim() || null;
  if (nullable(values.email) !== user.email) changes.email = nullable(values.email);
  if (nullable(values.firstName) !== user.firstName) changes.firstName = nullable(values.firstName);
  if (nullable(values.lastName) !== user.lastName) changes.lastName = nullable(values.lastName);
  return Object.keys(changes).length > 0 ? changes : null;
}

export interface SubscriptionValues {
  subscriptionStatus: SubscriptionStatus | undefined;
  endTrial: boolean;
  hasHadPaidSubscription: boolean;
}

export const subscriptionValuesOf = (user: AdminUser): SubscriptionValues => ({
  subscriptionStatus: user.subscriptionStatus === '' ? undefined : user.subscriptionStatus,
  endTrial: false,
  hasHadPaidSubscription: user.hasHadPaidSubscription,
});

/**
 * docs/product/admin.md#users: only changed values are sent; End Trial sends skipTrial
 * (the server forces inactive). Null when nothing changed and End Trial is off (the
 * dialog closes without a request).
 */
export function subscriptionChanges(user: AdminUser, values: SubscriptionValues): AdminSubscriptionRequest | null {
  const changes: AdminSubscriptionRequest = {};
  if (values.endTrial) changes.skipTrial = true;
  else if (values.subscriptionStatus !== undefined && values.subscriptionStatus !== user.subscriptionStatus) {
    changes.subscriptionStatus = values.subscriptionStatus;
  }
  if (values.hasHadPaidSubscription !== user.hasHadPaidSubscription)
    changes.hasHadPaidSubscription = values.hasHadPaidSubscription;
  return Object.keys(changes).length > 0 ? changes : null;
}
