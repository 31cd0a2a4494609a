import { rooms } from '@playtime/shared/contract/rooms';
import { useEffect } from 'react';
import { useLiveRoom } from '../../hooks/use-live-room';
import { useCurrentUser } from '../../lib/current-user/current-user';
import { userKeys } from '../../lib/current-user/query-keys';
import { storeRole } from '../../lib/current-user/role-storage';

/**
 * Mounted once in the app shell: mirrors the role into localStorage and listens on the user's own
 * room, so an admin changing this user's role updates the navigation without a reload.
 */
export function CurrentUserSync() {
  const { data: user } = useCurrentUser();

  useEffect(() => {
    if (user) storeRole(window.localStorage, user.role);
  }, [user]);

  useLiveRoom(user ? rooms.user(user.userId) : null, [userKeys.all]);
  return null;
}
