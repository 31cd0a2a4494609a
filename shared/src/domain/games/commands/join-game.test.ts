import { describe, it } from 'vitest';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, before, cancelled, joined, moved, join, move } from '../../../testing/game-decider';
import { gameDecider, type GameCommand, type GameState } from '../decider';
import { GAME_FULL } from '../messages';
import type { GameEvent } from '../events';

describe('game decider', () => {
  describe('joining', () => {
    it('puts a joiner on the sideline', () => {
      given(gameDecider, [scheduled()])
        .when(join('p1'), before('p1'))
        .then([joined('p1')]);
    });

    it('changes nothing when the player is already in, and moves a member who asks for a team', () => {
      given(gameDecider, [scheduled(), joined('p1')])
        .when(join('p1'), before('p1'))
        .then([]);
      given(gameDecider, [scheduled(), joined('p1')])
        .when(join('p1', null, 2), before('p1'))
        .then([moved('p1', 2)]);
    });

    it('joins straight onto a team when asked and there is room, and refuses the whole join when there is none', () => {
      given(gameDecider, [scheduled()])
        .when(join('p1', null, 1), before('p1'))
        .then([joined('p1'), moved('p1', 1)]);
      const full = [
        scheduled(),
        ...Array.from({ length: 14 }, (_, index) => [
          joined(`p${index}`),
          moved(`p${index}`, index % 2 === 0 ? 1 : 2),
        ]).flat(),
      ];
      given(gameDecider, full)
        .when(join('late', null, 1), before('late'))
        .thenRefused('game_full', GAME_FULL);
    });

    it('refuses joining for someone else, a cancelled game, an ended game and an unknown game', () => {
      given(gameDecider, [scheduled()]).when(join('p1'), before('p2')).thenRefused('join_for_yourself');
      given<GameCommand, GameEvent, GameState>(gameDecider, [scheduled(), cancelled()])
        .when(join('p1'), before('p1'))
        .thenRefused('game_cancelled', 'This game was cancelled.');
      given(gameDecider, [scheduled()])
        .when(join('p1'), at('2026-11-22T20:00:00.000Z', 'p1'))
        .thenRefused('game_ended', 'This game has ended.');
      given(gameDecider, []).when(join('p1'), before('p1')).thenRefused('game_not_found');
    });

    it('takes a paid join only with a verified payment of the price, by the player, for this game, once', () => {
      const priced = scheduled({ priceCents: 1250 });
      const payment = { paymentId: 'pay-1', payerId: 'p1', amountCents: 1250, gameId: 'g1' };
      given(gameDecider, [priced])
        .when(join('p1', payment), before('p1'))
        .then([joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1')]);
      given(gameDecider, [priced])
        .when(join('p1'), before('p1'))
        .thenRefused('payment_required', 'This game costs $12.50. Pay the entry fee to join.');
      given(gameDecider, [priced])
        .when(join('p1', { ...payment, amountCents: 100 }), before('p1'))
        .thenRefused('payment_amount');
      given(gameDecider, [priced])
        .when(join('p1', { ...payment, payerId: 'p2' }), before('p1'))
        .thenRefused('not_your_payment');
      // Someone else's payment is refused as such whether or not its payer has joined with it already.
      given(gameDecider, [priced, joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1')])
        .when(join('p2', payment), before('p2'))
        .thenRefused('not_your_payment');
      given(gameDecider, [priced])
        .when(join('p1', { ...payment, gameId: 'g2' }), before('p1'))
        .thenRefused('payment_for_another_game');
      // p1 joined with pay-1 and left; the same payment cannot buy a second membership.
      given<GameCommand, GameEvent, GameState>(gameDecider, [
        priced,
        joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1'),
        {
          type: 'PlayerLeft',
          data: { gameId: 'g1', playerId: 'p1', at: '2026-11-22T12:05:00.000Z', playedSeconds: 0 },
        },
      ])
        .when(join('p1', payment), before('p1'))
        .thenRefused('payment_used');
    });

    it("never moves a member for a join that brings a payment: the payment's late webhook finds the place bought", () => {
      const priced = scheduled({ priceCents: 1250 });
      const payment = { paymentId: 'pay-1', payerId: 'p1', amountCents: 1250, gameId: 'g1' };
      const onTeamTwo = [priced, joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1'), moved('p1', 2)];
      given(gameDecider, onTeamTwo).when(join('p1', payment), before('p1')).then([]);
      given(gameDecider, onTeamTwo)
        .when(join('p1', payment, 1), before('p1'))
        .then([]);
      // A second payment cannot buy a second place; refusing it lets the payment be refunded.
      given(gameDecider, onTeamTwo)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .thenRefused('already_joined', 'You are already in this game.');
    });

    it("takes a player the payment's webhook put on the sideline to the team they picked, when their own join comes after it", () => {
      const priced = scheduled({ priceCents: 1250 });
      const payment = { paymentId: 'pay-1', payerId: 'p1', amountCents: 1250, gameId: 'g1' };
      const byWebhook = [priced, joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1')];
      given(gameDecider, byWebhook)
        .when(join('p1', payment, 2), before('p1'))
        .then([moved('p1', 2)]);
      // With no room on the pitch, the place bought stays on the sideline: nothing is refused or refunded.
      const pitchFull = [
        priced,
        ...Array.from({ length: 14 }, (_, index) => [
          joined(`p${index + 10}`, '2026-11-22T12:00:00.000Z', `pay-${index + 10}`),
          moved(`p${index + 10}`, index % 2 === 0 ? 1 : 2),
        ]).flat(),
        joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1'),
      ];
      given(gameDecider, pitchFull)
        .when(join('p1', payment, 2), before('p1'))
        .then([]);
    });
  });

  describe('capacity', () => {
    it('caps the pitch at maxPlayers and each team at 15; the sideline is never full', () => {
      const fourteen = Array.from({ length: 14 }, (_, index) => `p${index}`);
      const history = [
        scheduled(),
        ...fourteen.flatMap((id, index) => [joined(id), moved(id, index % 2 === 0 ? 1 : 2)]),
        joined('late'),
      ];
      given(gameDecider, history).when(move('late', 1), before('late')).thenRefused('game_full', GAME_FULL);
      given(gameDecider, history).when(move('late', 2), before('late')).thenRefused('game_full', GAME_FULL);
      // Moving between the teams does not grow the pitch, so a full pitch still lets a player change sides.
      given(gameDecider, history)
        .when(move('p0', 2), before('p0'))
        .then([
          {
            type: 'PlayerMoved',
            data: {
              gameId: 'g1',
              playerId: 'p0',
              from: 1,
              to: 2,
              movedBy: 'p0',
              at: '2026-11-22T12:00:00.000Z',
              playedSeconds: 0,
            },
          },
        ]);
      given(gameDecider, [...history, joined('another')])
        .when(join('third'), before('third'))
        .then([joined('third')]);
    });

    it('refuses a 16th player on one team even when maxPlayers allows more', () => {
      const fifteen = Array.from({ length: 15 }, (_, index) => `p${index}`);
      const history = [
        scheduled({ maxPlayers: 22 }),
        ...fifteen.flatMap((id) => [joined(id), moved(id, 1)]),
        joined('late'),
      ];
      given(gameDecider, history).when(move('late', 1), before('late')).thenRefused('game_full', GAME_FULL);
      given(gameDecider, history)
        .when(move('late', 2), before('late'))
        .then([
          {
            type: 'PlayerMoved',
            data: {
              gameId: 'g1',
              playerId: 'late',
              from: 0,
              to: 2,
              movedBy: 'late',
              at: '2026-11-22T12:00:00.000Z',
              playedSeconds: 0,
            },
          },
        ]);
    });
  });
});
