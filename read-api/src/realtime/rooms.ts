import type { CurrentUser } from '@playtime/shared/infra/http/current-user';

/**
 * Who may listen to which room. Games and fields are public (their pages are); a user's and an
 * owner's rooms belong to that person (and admins); the admin room to admins.
 */
export function mayJoinRoom(room: string, user: CurrentUser | null): { ok: true } | { ok: false; error: string } {
  const [kind, id, ...rest] = room.split(':');
  if (rest.length > 0) return { ok: false, error: `Unknown room ${room}.` };
  if ((kind === 'game' || kind === 'field') && id && /^[\w-]{1,100}$/.test(id)) return { ok: true };
  if (kind === 'admin' && id === undefined) {
    return user?.role === 'admin' ? { ok: true } : { ok: false, error: 'Only admins may follow the admin room.' };
  }
  if ((kind === 'user' || kind === 'owner') && id) {
    if (!user) return { ok: false, error: 'Log in to follow this room.' };
    return user.userId === id || user.role === 'admin' ? { ok: true } : { ok: false, error: 'You may only follow your own updates.' };
  }
  return { ok: false, error: `Unknown room ${room}.` };
}
