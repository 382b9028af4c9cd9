import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, User } from '../../../common/auth.schemas';
import type { LoanRemindersUpdate } from '../../../common/loans.schemas';
import type { PasswordChangeRequest } from '../../../common/password-change.schemas';
import { apiRequest } from '../../lib/api-client';
import { API, QUERY_KEYS } from '../../lib/api-paths';

/** PUT /api/user/update; the answer (with a username the server may have changed) replaces the cached user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => apiRequest<User>('PUT', API.userUpdate, input),
    onSuccess: (user) => queryClient.setQueryData(QUERY_KEYS.user, user),
  });
}

/**
 * PUT /api/user/loan-reminders (docs/product/loans.md#reminders). The answer replaces the cached user,
 * so the home's flags and filter follow at once; analytics counts overdue loans with the days, so its
 * answer is refetched.
 */
export function useUpdateLoanReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoanRemindersUpdate) => apiRequest<User>('PUT', API.loanReminders, input),
    onSuccess: (user) => {
      queryClient.setQueryData(QUERY_KEYS.user, user);
      void queryClient.invalidateQueries({ queryKey: [API.analytics] });
    },
  });
}

/** PUT /api/user/password: this session stays signed in, so nothing cached changes. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeRequest) => apiRequest<{ message: string }>('PUT', API.userPassword, input),
  });
}
