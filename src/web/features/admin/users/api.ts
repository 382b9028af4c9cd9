import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStatusRequest,
  AdminSubscriptionRequest,
  AdminSubscriptionResponse,
  AdminUpdateInfoRequest,
  AdminUpdateInfoResponse,
  AdminUser,
} from '../../../../common/admin-users.schemas';
import { apiRequest } from '../../../lib/api-client';

export const ADMIN_USERS = '/api/admin/users';
const userUrl = (id: number, action?: string) => `${ADMIN_USERS}/${id}${action ? `/${action}` : ''}`;

/** GET /api/admin/users (docs/product/admin.md#users): every user with their counts; the tab searches and pages it. */
export const adminUsersQuery = () => queryOptions<AdminUser[]>({ queryKey: [ADMIN_USERS], retry: false });

/** Every change refreshes the list (and merges what the answer says at once, so the row never flickers back). */
function useAdminUserMutation<Vars, Result>(
  send: (vars: Vars) => Promise<Result>,
  merge?: (users: AdminUser[], vars: Vars, result: Result) => AdminUser[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result, vars) => {
      if (merge) queryClient.setQueryData<AdminUser[]>([ADMIN_USERS], (users) => (users ? merge(users, vars, result) : users));
      await queryClient.invalidateQueries({ queryKey: [ADMIN_USERS], exact: true });
    },
  });
}

const patch = (users: AdminUser[], id: number, fields: Partial<AdminUser>) =>
  users.map((user) => (user.id === id ? { ...user, ...fields } : user));

export const useSetUserStatus = () =>
  useAdminUserMutation(
    ({ id, status }: { id: number } & AdminStatusRequest) => apiRequest('PUT', userUrl(id, 'status'), { status }),
    (users, { id, status }) => patch(users, id, { accountStatus: status }),
  );

export const useMakeAdmin = () =>
  useAdminUserMutation(
    ({ id }: { id: number }) => apiRequest('PUT', userUrl(id, 'make-admin')),
    (users, { id }) => patch(users, id, { isAdmin: true }),
  );

export const useUpdateUserInfo = () =>
  useAdminUserMutation(
    ({ id, changes }: { id: number; changes: AdminUpdateInfoRequest }) =>
      apiRequest<AdminUpdateInfoResponse>('PUT', userUrl(id, 'update-info'), changes),
    (users, { id }, updated) => patch(users, id, updated),
  );

export const useUpdateUserSubscription = () =>
  useAdminUserMutation(
    ({ id, changes }: { id: number; changes: AdminSubscriptionRequest }) =>
      apiRequest<AdminSubscriptionResponse>('PUT', userUrl(id, 'subscription'), changes),
    (users, { id }, updated) => patch(users, id, updated),
  );

export const useDeleteUser = () =>
  useAdminUserMutation(
    ({ id }: { id: number }) => apiRequest('DELETE', userUrl(id)),
    (users, { id }) => users.filter((user) => user.id !== id),
  );
