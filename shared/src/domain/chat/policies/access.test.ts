import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { gameDecider } from '../../games/decider';
import type { GameEvent } from '../../games/events';
import { joined, scheduled } from '../../../testing/game-decider';
import { chatAccessOf, chatPeopleOf, mayReadChat, mayWriteChat } from './access';

const waitlisted = (playerId: string): GameEvent => ({
  type: 'WaitlistJoined',
  data: { gameId: 'g1', playerId, username: playerId, at: '2026-11-22T12:00:00.000Z' },
});
const game = fold(gameDecider, [
  scheduled({ organizerId: 'cap', organizerUsername: 'captain' }),
  joined('sam'),
  waitlisted('wes'),
]);

describe('who a person is to a game’s chat', () => {
  it('is the organizer, a member, a reader on the waitlist, an admin, or no one', () => {
    expect(chatAccessOf(game, 'cap', false)).toBe('organizer');
    expect(chatAccessOf(game, 'sam', false)).toBe('member');
    expect(chatAccessOf(game, 'wes', false)).toBe('reader');
    expect(chatAccessOf(game, 'stranger', true)).toBe('admin');
    expect(chatAccessOf(game, 'stranger', false)).toBe('none');
    expect(chatAccessOf(gameDecider.initialState(), 'sam', false)).toBe('none');
  });

  it('lets readers read but not write, and no one else either', () => {
    expect([mayReadChat('reader'), mayWriteChat('reader')]).toEqual([true, false]);
    expect([mayReadChat('none'), mayWriteChat('none')]).toEqual([false, false]);
    expect(['organizer', 'admin', 'member'].every((access) => mayWriteChat(access as 'member'))).toBe(true);
  });

  it('names the organizer and the players as the people a mention may name', () => {
    expect(chatPeopleOf(game)).toEqual([
      { userId: 'cap', username: 'captain' },
      { userId: 'sam', username: 'sam' },
    ]);
  });
});
