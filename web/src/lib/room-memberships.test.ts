import { describe, expect, it } from 'vitest';
import { RoomMemberships } from './room-memberships';

describe('RoomMemberships', () => {
  it('joins a room for its first holder only and leaves it with its last', () => {
    const rooms = new RoomMemberships();
    expect(rooms.acquire('game:1')).toBe(true);
    expect(rooms.acquire('game:1')).toBe(false);
    expect(rooms.release('game:1')).toBe(false);
    expect(rooms.release('game:1')).toBe(true);
    expect(rooms.rooms()).toEqual([]);
  });

  it('lists the held rooms to join again after a reconnect', () => {
    const rooms = new RoomMemberships();
    rooms.acquire('admin');
    rooms.acquire('user:7');
    rooms.acquire('admin');
    rooms.release('admin');
    expect(rooms.rooms().sort()).toEqual(['admin', 'user:7']);
  });

  it('ignores releasing a room that is not held', () => {
    const rooms = new RoomMemberships();
    expect(rooms.release('field:3')).toBe(false);
    expect(rooms.acquire('field:3')).toBe(true);
  });
});
