import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@playtime/shared/infra/http/current-user';
import { MAX_ROOMS_PER_CONNECTION, TOO_MANY_ROOMS } from '@playtime/shared/contract/rooms';
import { mayFollowMore, mayJoinRoom } from './rooms';

const player: CurrentUser = { userId: 'p1', username: 'p', email: 'p@x', role: 'player' };
const admin: CurrentUser = { userId: 'a1', username: 'a', email: 'a@x', role: 'admin' };

describe('room permissions', () => {
  it('lets anyone follow games and fields', () => {
    expect(mayJoinRoom('game:42', null).ok).toBe(true);
    expect(mayJoinRoom('field:abc-1', null).ok).toBe(true);
  });
  it('keeps user and owner rooms to their person and admins', () => {
    expect(mayJoinRoom('user:p1', player).ok).toBe(true);
    expect(mayJoinRoom('user:p2', player).ok).toBe(false);
    expect(mayJoinRoom('owner:p2', admin).ok).toBe(true);
    expect(mayJoinRoom('user:p1', null).ok).toBe(false);
  });
  it("never lets an anonymous socket follow a game's chat (who may read it is checked at the join)", () => {
    expect(mayJoinRoom('chat:42', null).ok).toBe(false);
    expect(mayJoinRoom('chat:42', player).ok).toBe(true);
  });
  it("never lets an anonymous socket follow a game's payments (the organizer is checked at the join)", () => {
    expect(mayJoinRoom('payments:42', null).ok).toBe(false);
    expect(mayJoinRoom('payments:42', player).ok).toBe(true);
  });
  it('keeps the admin room to admins and refuses unknown rooms', () => {
    expect(mayJoinRoom('admin', admin).ok).toBe(true);
    expect(mayJoinRoom('admin', player).ok).toBe(false);
    expect(mayJoinRoom('secret:1', admin).ok).toBe(false);
    expect(mayJoinRoom('game:1:2', admin).ok).toBe(false);
    expect(mayJoinRoom('game:', admin).ok).toBe(false);
  });
  it('lets one connection follow a bounded number of rooms, and the ones it follows again', () => {
    const followed = new Set(['socket-id']);
    for (let index = 0; index < MAX_ROOMS_PER_CONNECTION; index++) {
      expect(mayFollowMore(followed, `game:${index}`)).toEqual({ ok: true });
      followed.add(`game:${index}`);
    }
    expect(mayFollowMore(followed, 'game:one-more')).toEqual({ ok: false, error: TOO_MANY_ROOMS });
    expect(mayFollowMore(followed, 'game:0')).toEqual({ ok: true });
    followed.delete('game:0');
    expect(mayFollowMore(followed, 'game:one-more')).toEqual({ ok: true });
  });
});
