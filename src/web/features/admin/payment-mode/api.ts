import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentModeInfo } from '../../../../common/admin-payment-mode.schemas';
import type { PaymentMode } from '../../../../common/subscription.schemas';
import { apiRequest } from '../../../lib/api-client';

export const ADMIN_STRIPE_MODE = '/api/admin/stripe/mode';

/** GET /api/admin/stripe/mode (docs/product/admin.md#payments). */
export const paymentModeQuery = () => queryOptions<PaymentModeInfo>({ queryKey: [ADMIN_STRIPE_MODE] });

/** PUT /api/admin/stripe/mode: the answer (the mode now in force) replaces the cached one. */
export function useSetPaymentMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: PaymentMode) => apiRequest<PaymentModeInfo>('PUT', ADMIN_STRIPE_MODE, { mode }),
    onSuccess: (info) => queryClient.setQueryData(paymentModeQuery().queryKey, info),
  });
}
