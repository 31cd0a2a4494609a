import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, before, joined, moved, move } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import { playTimeAt } from '../queries';
import type { GameEvent } from '../events';

describe('game decider', () => {
  describe('organizer moves', () => {
    it('lets only the organizer (or an admin) move, switch or remove another player', () => {
      const history = [scheduled(), joined('p1'), joined('p2'), moved('p2', 1)];
      given(gameDecider, history).when(move('p1', 1), before('p2')).thenRefused('not_organizer');
      given(gameDecider, history)
        .when({ type: 'RemovePlayer', playerId: 'p1', actorIsAdmin: false }, before('p2'))
        .thenRefused('not_organizer');
      given(gameDecider, history)
        .when({ type: 'SwitchPlayers', incomingId: 'p1', outgoingId: 'p2', actorIsAdmin: false }, before('p1'))
        .thenRefused('not_organizer');
      given(gameDecider, history)
        .when({ type: 'RemovePlayer', playerId: 'p1', actorIsAdmin: true }, before('admin'))
        .then([
          {
            type: 'PlayerRemoved',
            data: {
              gameId: 'g1',
              playerId: 'p1',
              username: 'p1',
              removedBy: 'admin',
              at: '2026-11-22T12:00:00.000Z',
              playedSeconds: 0,
              refundedPaymentId: null,
            },
          },
        ]);
    });

    it('substitutes only a sideline player for a pitch player', () => {
      const history = [scheduled(), joined('bench'), joined('striker'), moved('striker', 2)];
      given(gameDecider, history)
        .when(
          { type: 'SwitchPlayers', incomingId: 'striker', outgoingId: 'bench', actorIsAdmin: false },
          before('captain'),
        )
        .thenRefused('not_on_sideline');
      given(gameDecider, [...history, joined('other')])
        .when(
          { type: 'SwitchPlayers', incomingId: 'bench', outgoingId: 'other', actorIsAdmin: false },
          before('captain'),
        )
        .thenRefused('not_on_pitch');
    });
  });

  describe('play time, from the server clock, only while the game is live and on the pitch', () => {
    it('accrues across moves, a substitution and the end of the game, to the second', () => {
      const events: GameEvent[] = [scheduled(), joined('a'), joined('b')];
      const run = (command: GameCommand, iso: string, actorId: string) => {
        const decided = gameDecider.decide(command, fold(gameDecider, events), at(iso, actorId));
        events.push(...decided);
      };
      // Before kick-off nothing accrues, even on the pitch.
      run(move('a', 1), '2026-11-22T17:00:00.000Z', 'a');
      // 18:00–18:10:30 on team 1, then team 2 keeps the clock running until 18:20:00.
      run(move('a', 2), '2026-11-22T18:10:30.000Z', 'a');
      run(
        { type: 'SwitchPlayers', incomingId: 'b', outgoingId: 'a', actorIsAdmin: false },
        '2026-11-22T18:20:00.000Z',
        'captain',
      );
      const state = fold(gameDecider, events);
      if (state.status !== 'scheduled') throw new Error('game not scheduled');
      const a = state.participants.find((participant) => participant.playerId === 'a')!;
      const b = state.participants.find((participant) => participant.playerId === 'b')!;
      expect(a.team).toBe(0);
      expect(a.playedSeconds).toBe(20 * 60);
      expect(playTimeAt(a, Date.parse('2026-11-22T19:00:00.000Z'), state.start, state.end)).toBe(20 * 60);
      expect(b.team).toBe(2);
      // b has played from 18:20 and stops at the end of the game, 20:00, however late we look.
      expect(playTimeAt(b, Date.parse('2026-11-22T18:20:45.000Z'), state.start, state.end)).toBe(45);
      expect(playTimeAt(b, Date.parse('2026-11-23T09:00:00.000Z'), state.start, state.end)).toBe(100 * 60);
    });
  });
});
