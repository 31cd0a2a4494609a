import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../api-client';
import { useAuth } from '../auth';
import type { CurrentUser, EditUserInput } from '@playtime/shared/contract/users';
import { userKeys } from './query-keys';

/** GET /api/get-user: the logged-in user's record. */
export type { CurrentUser, EditUserInput };

export function useCurrentUser() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: userKeys.current,
    queryFn: () => apiGet<CurrentUser>('/api/get-user'),
    enabled: isAuthenticated,
  });
}

/** POST /api/edit-user. The cache is patched at once and then refetched (after the write's position). */
export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditUserInput) => apiPost('/api/edit-user', input),
    onSuccess: (_result, input) => {
      queryClient.setQueryData<CurrentUser>(userKeys.current, (user) =>
        user ? { ...user, bio: input.bio, profilePicture: input.profilePicture } : user,
      );
      return queryClient.invalidateQueries({ queryKey: userKeys.current });
    },
  });
}
