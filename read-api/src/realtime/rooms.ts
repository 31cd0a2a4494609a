import { parseRoom } from '@playtime/shared/contract/rooms';
import type { JoinAnswer } from '@playtime/shared/contract/realtime';
import type { CurrentUser } from '@playtime/shared/infra/http/current-user';

/**
 * Who may listen to which room. Games and fields are public (their pages are); a user's and an
 * owner's rooms belong to that person (and admins); the admin room to admins.
 */
export function mayJoinRoom(name: string, user: CurrentUser | null): JoinAnswer {
  const room = parseRoom(name);
  switch (room?.kind) {
    case 'game':
    case 'field':
      return { ok: true };
    case 'admin':
      return user?.role === 'admin' ? { ok: true } : { ok: false, error: 'Only admins may follow the admin room.' };
    case 'user':
    case 'owner':
      if (!user) return { ok: false, error: 'Log in to follow this room.' };
      return user.userId === room.id || user.role === 'admin' ? { ok: true } : { ok: false, error: 'You may only follow your own updates.' };
    default:
      return { ok: false, error: `Unknown room ${name}.` };
  }
}
