import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUBSCRIPTION_STATUSES,
} from './constants.js';
import { loanRemindersSchema } from './loans.schemas.js';

/** docs/product/auth.md#registration: the username is the e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const normalisedEmailSchema = emailSchema.transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const optionalName = z
  .string()
  .trim()
  .max(100, 'Name is too long')
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/register. Every other field sent (such as isAdmin) is dropped. */
export const registerRequestSchema = z.object({
  username: normalisedEmailSchema,
  password: passwordSchema,
  firstName: optionalName,
  lastName: optionalName,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/login. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254)
    .transform((value) => value.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  pendingSubscriptionSessionId: z.string().max(255).nullish(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * The signed-in user as GET /api/user returns it (docs/product/auth.md#the-signed-in-user). Never the
 * password.
 */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  trialExpired: z.boolean(),
  hasHadPaidSubscription: z.boolean(),
  /**
   * Loan reminders (docs/product/loans.md#reminders): the chosen days and the day the server counts
   * loans on.
   */
  loanReminders: loanRemindersSchema,
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  user: userSchema,
  message: z.string(),
  subscription_required: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The body of every 402 (docs/product/subscription.md#payment-required). */
export const paymentRequiredSchema = z.object({
  message: z.string(),
  redirectTo: z.literal('/subscription'),
  userId: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
});
export type PaymentRequiredBody = z.infer<typeof paymentRequiredSchema>;

/** PUT /api/user/update (docs/product/profile.md#update): email required and valid, names optional. */
export const profileUpdateSchema = z.object({
  email: normalisedEmailSchema,
  firstName: optionalName,
  lastName: optionalName,
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const messageSchema = z.object({ message: z.string() });
