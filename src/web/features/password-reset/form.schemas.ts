import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../../common/auth.schemas';

/** docs/product/password-reset.md#pages: the e-mail is required and must be valid on the forgot-password form. */
export const forgotFormSchema = z.object({ email: emailSchema });
export type ForgotFormValues = z.input<typeof forgotFormSchema>;

/** docs/product/password-reset.md#pages: at least 8 characters, and the confirmation must match. */
export const resetFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });
export type ResetFormValues = z.input<typeof resetFormSchema>;
