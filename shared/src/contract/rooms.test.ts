import { describe, expect, it } from 'vitest';
import { parseRoom, rooms } from './rooms';

describe('realtime room names', () => {
  it('parses back what the builder writes', () => {
    expect(parseRoom(rooms.game('42'))).toEqual({ kind: 'game', id: '42' });
    expect(parseRoom(rooms.field('abc-1'))).toEqual({ kind: 'field', id: 'abc-1' });
    expect(parseRoom(rooms.user('auth0|7'))).toEqual({ kind: 'user', id: 'auth0|7' });
    expect(parseRoom(rooms.owner('o1'))).toEqual({ kind: 'owner', id: 'o1' });
    expect(parseRoom(rooms.admin)).toEqual({ kind: 'admin' });
    expect(parseRoom(rooms.chat('g-1'))).toEqual({ kind: 'chat', id: 'g-1' });
  });

  it('refuses names no builder writes', () => {
    for (const name of ['secret:1', 'game:1:2', 'game:', 'field:a b', 'user:', 'admin:1', '', '*']) {
      expect(parseRoom(name), name).toBeNull();
    }
  });
});
