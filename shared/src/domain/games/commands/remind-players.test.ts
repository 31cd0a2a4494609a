import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, before, joined, moved } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import type { GameEvent } from '../events';

describe('the line for a team spot, the waitlist and the minimum of players (issue #29)', () => {
  describe('the reminder before the start (issue #31)', () => {
    const remind: GameCommand = { type: 'RemindPlayers' };
    const twoHoursBefore = at('2026-11-22T16:00:00.000Z', 'system');
    const reminded = (members: { playerId: string; team: 0 | 1 | 2 }[]): GameEvent => ({
      type: 'PlayersReminded',
      data: {
        gameId: 'g1',
        at: '2026-11-22T16:00:00.000Z',
        members: members.map((member) => ({ ...member, username: member.playerId })),
      },
    });
    const played = [scheduled(), joined('a'), moved('a', 2), joined('b')];
    const left = (playerId: string): GameEvent => ({
      type: 'PlayerLeft',
      data: { gameId: 'g1', playerId, at: '2026-11-22T13:00:00.000Z', playedSeconds: 0 },
    });

    it('reminds whoever is in the game then, team players and sideline, with their team', () => {
      given(gameDecider, played)
        .when(remind, twoHoursBefore)
        .then([
          reminded([
            { playerId: 'a', team: 2 },
            { playerId: 'b', team: 0 },
          ]),
        ]);
    });

    it('reminds once, and nobody of a cancelled, started or empty game', () => {
      given(gameDecider, [...played, reminded([{ playerId: 'a', team: 2 }])])
        .when(remind, twoHoursBefore)
        .then([]);
      given(gameDecider, [...played, left('a'), left('b')])
        .when(remind, twoHoursBefore)
        .then([]);
      given(gameDecider, played).when(remind, at('2026-11-22T18:00:00.000Z', 'system')).then([]);
      given(gameDecider, [scheduled()]).when(remind, twoHoursBefore).then([]);
      const cancel = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, played),
        before('captain'),
      );
      expect(cancel.map((event) => event.type)).toContain('GameCancelled');
      given(gameDecider, [...played, ...cancel])
        .when(remind, twoHoursBefore)
        .then([]);
    });
  });
});
