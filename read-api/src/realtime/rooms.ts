import { MAX_ROOMS_PER_CONNECTION, parseRoom, TOO_MANY_ROOMS } from '@playtime/shared/contract/rooms';
import type { JoinAnswer } from '@playtime/shared/contract/realtime';
import type { CurrentUser } from '@playtime/shared/infra/http/current-user';

/**
 * Who may listen to which room. Games and fields are public (their pages are); a user's and an
 * owner's rooms belong to that person (and admins); the admin room to admins. A game's chat room is
 * for signed-in people only, and so is its payments room; who they are to the game is asked of the
 * read models by the socket server before they join (guarded-rooms.ts).
 */
export function mayJoinRoom(name: string, user: CurrentUser | null): JoinAnswer {
  const room = parseRoom(name);
  switch (room?.kind) {
    case 'game':
    case 'field':
      return { ok: true };
    case 'chat':
      return user ? { ok: true } : { ok: false, error: "Log in to follow a game's chat." };
    case 'payments':
      return user ? { ok: true } : { ok: false, error: "Log in to follow a game's payments." };
    case 'admin':
      return user?.role === 'admin' ? { ok: true } : { ok: false, error: 'Only admins may follow the admin room.' };
    case 'user':
    case 'owner':
      if (!user) return { ok: false, error: 'Log in to follow this room.' };
      return user.userId === room.id || user.role === 'admin'
        ? { ok: true }
        : { ok: false, error: 'You may only follow your own updates.' };
    default:
      return { ok: false, error: `Unknown room ${name}.` };
  }
}

/**
 * Whether a connection already following `followed` (socket.io's set, which holds the connection's
 * own id too) may follow `name` as well; following a room again is always fine.
 */
export function mayFollowMore(followed: ReadonlySet<string>, name: string): JoinAnswer {
  if (followed.has(name) || followed.size - 1 < MAX_ROOMS_PER_CONNECTION) return { ok: true };
  return { ok: false, error: TOO_MANY_ROOMS };
}
