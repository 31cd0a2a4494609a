import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiGetWithHeaders, apiPost } from '../../../lib/api-client';
import { totalFromHeader } from '../../../components/paging';
import { TOTAL_COUNT_HEADER } from '@playtime/shared/contract/headers';
import type { AdminUserRow, Role, UserDeletionPreview } from '@playtime/shared/contract/users';
import { adminUserKeys } from '../../../lib/current-user/query-keys';

export type { AdminUserRow };

export interface UsersPage {
  users: AdminUserRow[];
  total: number;
}

/** GET /api/get-users?page&pageSize, paged by the server; the previous page stays shown while loading. */
export function useUsersPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: adminUserKeys.page(page, pageSize),
    queryFn: async (): Promise<UsersPage> => {
      const { data, headers } = await apiGetWithHeaders<AdminUserRow[]>('/api/get-users', { page, pageSize });
      return { users: data, total: totalFromHeader(headers.get(TOTAL_COUNT_HEADER), data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin-edit-user {userId, role}; the list reloads afterwards. */
export function useAdminEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; role: Role }) => apiPost('/api/admin-edit-user', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/**
 * GET /api/admin/user-deletion-preview: what deleting a user will withdraw, cancel and refund, asked
 * afresh each time the delete dialog is about to open (a game booked a minute ago counts).
 */
export function useFetchUserDeletionPreview() {
  const queryClient = useQueryClient();
  return (userId: string) =>
    queryClient.fetchQuery({
      queryKey: adminUserKeys.deletionPreview(userId),
      queryFn: () => apiGet<UserDeletionPreview>('/api/admin/user-deletion-preview', { userId }),
      staleTime: 0,
    });
}

/** POST /api/admin-delete-user {userId}. */
export function useAdminDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string }) => apiPost('/api/admin-delete-user', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** POST /api/admin/clear-attendance-mark {gameId, participantId, reason} (issue #44); the list reloads afterwards. */
export function useClearAttendanceMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { gameId: string; participantId: string; reason: string }) =>
      apiPost('/api/admin/clear-attendance-mark', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    meta: { silent: true },
  });
}
