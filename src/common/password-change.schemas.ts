import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { passwordSchema } from './auth.schemas.js';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Other devices have been signed out.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const PASSWORDS_DIFFER_MESSAGE = "Passwords don't match";
export const SAME_PASSWORD_MESSAGE = 'The new password must differ from the current one';

/**
 * PUT /api/user/password. The new password follows registration's rule; the confirmation is checked
 * here too, so a client that skips the form's check still cannot set a password nobody typed twice.
 */
export const passwordChangeRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirmPassword: z
      .string({ error: 'Please confirm the new password' })
      .min(1, 'Please confirm the new password')
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { message: PASSWORDS_DIFFER_MESSAGE, path: ['confirmPassword'] })
  .refine((body) => body.newPassword !== body.currentPassword, { message: SAME_PASSWORD_MESSAGE, path: ['newPassword'] });
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;
