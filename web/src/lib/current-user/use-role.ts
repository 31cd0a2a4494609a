import { useAuth } from '../auth';
import { useCurrentUser } from './current-user';
import { readStoredRole } from './role-storage';
import { isRole, type Role } from './roles';

/**
 * The logged-in user's role: from GET /api/get-user once it has answered, before that from the
 * copy kept in localStorage. Undefined while logged out or while nothing is known yet.
 */
export function useRole(): Role | undefined {
  const { isAuthenticated } = useAuth();
  const { data } = useCurrentUser();
  if (!isAuthenticated) return undefined;
  if (data && isRole(data.role)) return data.role;
  return readStoredRole(window.localStorage);
}
