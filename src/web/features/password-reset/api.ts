import type { ForgotPasswordRequest, ResetPasswordRequest, VerifyResetTokenResponse } from '../../../common/password-reset.schemas';
import { apiRequest } from '../../lib/api-client';

export const PASSWORD_RESET_API = {
  forgot: '/api/auth/forgot-password',
  verify: '/api/auth/verify-reset-token',
  reset: '/api/auth/reset-password',
} as const;

/** POST /api/auth/forgot-password: the server's neutral message (docs/product/password-reset.md#request). */
export function requestPasswordReset(input: ForgotPasswordRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', PASSWORD_RESET_API.forgot, input);
}

/** GET /api/auth/verify-reset-token: whether the link can be used. */
export function verifyResetToken(token: string): Promise<VerifyResetTokenResponse> {
  return apiRequest<VerifyResetTokenResponse>('GET', `${PASSWORD_RESET_API.verify}?token=${encodeURIComponent(token)}`);
}

/** POST /api/auth/reset-password. */
export function resetPassword(input: ResetPasswordRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', PASSWORD_RESET_API.reset, input);
}
