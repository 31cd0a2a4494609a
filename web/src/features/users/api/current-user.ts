import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useAuth } from '../../auth/use-auth';
import type { Role } from '../roles';
import { userKeys } from './query-keys';

/** GET /api/get-user: the logged-in user's record (created as a player on first call). */
export interface CurrentUser {
  userId: string;
  username: string;
  email: string;
  nickname: string;
  bio: string;
  profilePicture: string;
  role: Role;
}

export function useCurrentUser() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: userKeys.current,
    queryFn: () => apiGet<CurrentUser>('/api/get-user'),
    enabled: isAuthenticated,
  });
}

export interface EditUserInput {
  username: string;
  bio: string;
  profilePicture: string;
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
