import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, User } from '../../../common/auth.schemas';
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
