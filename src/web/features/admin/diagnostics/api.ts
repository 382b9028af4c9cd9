import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AlbumInvestigation,
  DiagnosticsUser,
  DuplicateRemoval,
  DuplicateReport,
} from '../../../../common/admin-diagnostics.schemas';
import { apiRequest } from '../../../lib/api-client';

export const ADMIN_DIAGNOSTICS = '/api/admin/diagnostics';
export const ADMIN_DIAGNOSTICS_USERS = `${ADMIN_DIAGNOSTICS}/users`;
const userUrl = (userId: number) => `${ADMIN_DIAGNOSTICS_USERS}/${userId}`;

/** GET /api/admin/diagnostics/users: every user with their album count (the panels' selects). */
export const diagnosticsUsersQuery = () => queryOptions<DiagnosticsUser[]>({ queryKey: [ADMIN_DIAGNOSTICS_USERS] });

/** GET …/users/:id/albums: the album-count investigation. */
export const albumInvestigationQuery = (userId: number) =>
  queryOptions<AlbumInvestigation>({ queryKey: [`${userUrl(userId)}/albums`], retry: false });

/** GET …/users/:id/duplicates: the duplicate groups, oldest kept. */
export const duplicatesQuery = (userId: number) =>
  queryOptions<DuplicateReport>({ queryKey: [`${userUrl(userId)}/duplicates`], retry: false });

/** DELETE …/users/:id/duplicates; afterwards that user's results and every album count are read again. */
export function useRemoveDuplicates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<DuplicateRemoval>('DELETE', `${userUrl(userId)}/duplicates`),
    onSuccess: (_answer, userId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: duplicatesQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: albumInvestigationQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: diagnosticsUsersQuery().queryKey }),
      ]),
  });
}
