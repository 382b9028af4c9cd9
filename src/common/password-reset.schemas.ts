import { z } from 'zod';
import { normalisedEmailSchema, passwordSchema } from './auth.schemas.js';

/** docs/product/password-reset.md#request: one neutral answer whether or not the account exists. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a password reset link has been sent to it.';
export const RESET_DONE_MESSAGE = 'Your password has been reset successfully.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';

/** POST /api/auth/forgot-password. */
export const forgotPasswordRequestSchema = z.object({ email: normalisedEmailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

const tokenSchema = z.string({ error: 'The reset token is required' }).min(1, 'The reset token is required').max(200, 'The reset token is invalid');

/** GET /api/auth/verify-reset-token?token=… */
export const verifyResetTokenQuerySchema = z.object({ token: tokenSchema });
/**
 * Its answer: whether the link can be used. An unusable link is an answer too (200, with the message),
 * not an error: the page shows its invalid state and the browser logs no failed request.
 */
export const verifyResetTokenResponseSchema = z.union([z.object({ valid: z.literal(true) }), z.object({ valid: z.literal(false), message: z.string() })]);
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;

/** POST /api/auth/reset-password: the password follows registration's rule (8–256 characters). */
export const resetPasswordRequestSchema = z.object({ token: tokenSchema, password: passwordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
