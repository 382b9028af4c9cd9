import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../../common/auth.schemas';

/** Spec 2 §5: the e-mail is required and must be valid on the forgot-password form. */
export const forgotFormSchema = z.object({ email: emailSchema });
export type ForgotFormValues = z.input<typeof forgotFormSchema>;

/** Spec 2 §5: at least 8 characters, and the confirmation must match. */
export const resetFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });
export type ResetFormValues = z.input<typeof resetFormSchema>;
