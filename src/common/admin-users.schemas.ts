import { z } from 'zod';
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATUSES } from './constants.js';

/** Administration: users (docs/product/admin.md#users). */

export const adminUserParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Invalid user id' })
    .int('Invalid user id')
    .positive('Invalid user id')
    .max(2 ** 31 - 1, 'Invalid user id'),
});

export const adminSubscriptionInfoSchema = z.object({
  planType: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
});

/** One row of GET /api/admin/users. subscriptionStatus '' means none. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  isAdmin: z.boolean(),
  subscriptionStatus: z.enum([...SUBSCRIPTION_STATUSES, '']),
  trialEndDate: z.string().nullable(),
  subscription: adminSubscriptionInfoSchema,
  hasHadPaidSubscription: z.boolean(),
  collectionsCount: z.number().int(),
  albumsCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.array(adminUserSchema);

/** PUT /api/admin/users/{id}/status. */
export const adminStatusRequestSchema = z.object({
  status: z.enum(ACCOUNT_STATUSES, { error: 'Status must be one of active, paused or revoked' }),
});
export type AdminStatusRequest = z.infer<typeof adminStatusRequestSchema>;
export const adminStatusResponseSchema = z.object({ id: z.number().int(), accountStatus: z.enum(ACCOUNT_STATUSES) });

export const adminMakeAdminResponseSchema = z.object({ id: z.number().int(), isAdmin: z.literal(true) });

/** Empty (after trimming) means none: sent as null by the form, '' accepted alike. */
const nullableText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * PUT /api/admin/users/{id}/update-info: any of the four fields. Other fields (isAdmin,
 * accountStatus…) are dropped, never applied. Usernames and e-mails are stored trimmed and lower-cased,
 * as registration stores them (docs/product/auth.md#registration), so the account can still sign in.
 */
export const adminUpdateInfoRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254, 'Username is too long')
    .transform((value) => value.toLowerCase())
    .optional(),
  email: z
    .string()
    .trim()
    .max(254, 'Email is too long')
    .nullable()
    .transform((value, context) => {
      if (!value) return null;
      if (!z.email().safeParse(value).success) {
        context.addIssue({ code: 'custom', message: 'Please enter a valid email address' });
        return z.NEVER;
      }
      return value.toLowerCase();
    })
    .optional(),
  firstName: nullableText(100, 'Name is too long').optional(),
  lastName: nullableText(100, 'Name is too long').optional(),
});
export type AdminUpdateInfoRequest = z.input<typeof adminUpdateInfoRequestSchema>;

/** The updated user fields, merged into the list by the client. */
export const adminUpdateInfoResponseSchema = adminUserSchema.pick({
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
});
export type AdminUpdateInfoResponse = z.infer<typeof adminUpdateInfoResponseSchema>;

/** PUT /api/admin/users/{id}/subscription: any of the three; an unknown status is 400. */
export const adminSubscriptionRequestSchema = z.object({
  subscriptionStatus: z
    .enum(SUBSCRIPTION_STATUSES, { error: 'Subscription status must be one of inactive, active, trialing, past_due or canceled' })
    .optional(),
  skipTrial: z.boolean().optional(),
  hasHadPaidSubscription: z.boolean().optional(),
});
export type AdminSubscriptionRequest = z.infer<typeof adminSubscriptionRequestSchema>;

export const adminSubscriptionResponseSchema = adminUserSchema.pick({
  subscriptionStatus: true,
  trialEndDate: true,
  subscription: true,
  hasHadPaidSubscription: true,
});
export type AdminSubscriptionResponse = z.infer<typeof adminSubscriptionResponseSchema>;

/** Refusals that protect the administrators (decided in docs/decisions.md). */
export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  selfDelete: 'You cannot delete your own account',
  selfStatus: 'You cannot pause or revoke your own account',
  lastAdminDelete: 'The last administrator cannot be deleted',
  lastAdminStatus: 'The last administrator cannot be paused or revoked',
  usernameTaken: 'An account with this username already exists',
} as const;

/** The Users tab's toasts. */
export const ADMIN_USER_TOASTS = {
  loadFailed: 'Failed to load user data',
  statusFailed: 'Failed to update user status',
  deleteFailed: 'Failed to delete user',
  makeAdminFailed: 'Failed to update admin privileges',
  infoFailed: 'Failed to update user information',
  subscriptionFailed: 'Failed to update subscription information',
  statusUpdated: (status: string) => `User status updated to ${status}`,
  deleted: 'User deleted successfully',
  madeAdmin: 'User is now an admin',
  infoUpdated: 'User information updated successfully',
  subscriptionUpdated: 'User subscription updated successfully',
} as const;
