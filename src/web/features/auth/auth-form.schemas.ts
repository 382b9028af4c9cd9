import { z } from 'zod';
import { loginRequestSchema, registerRequestSchema } from '../../../common/auth.schemas';

/** docs/product/auth.md#auth-page: every visible field is required. The login email is plain text (any username). */
export const loginFormSchema = loginRequestSchema.pick({ password: true }).extend({
  username: z.string().trim().min(1, 'Email is required').max(254, 'Email is too long'),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

const requiredName = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, 'Name is too long');

/** The server's registration rules, plus the first and last name the form requires (docs/product/auth.md#auth-page). */
export const registerFormSchema = registerRequestSchema.extend({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
});
export type RegisterFormValues = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;
