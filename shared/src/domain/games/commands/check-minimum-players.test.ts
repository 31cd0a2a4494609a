import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { testGameDetails } from '../../../testing/games';
import { scheduled, at, joined } from '../../../testing/game-decider';
import { eventRegistry } from '../../event-registry';
import { gameDecider, type GameCommand } from '../decider';
import { minimumDecisionAt } from '../rules';
import type { GameEvent } from '../events';

describe('the line for a team spot, the waitlist and the minimum of players (issue #29)', () => {
  const NOON = '2026-11-22T12:00:00.000Z';
  const left = (playerId: string, time = NOON): GameEvent => ({
    type: 'PlayerLeft',
    data: { gameId: 'g1', playerId, at: time, playedSeconds: 0 },
  });
  const stateOf = (history: GameEvent[]) => fold(gameDecider, history);
  const decide = (history: GameEvent[], command: GameCommand, context: ReturnType<typeof at>) =>
    gameDecider.decide(command, stateOf(history), context);

  describe('the minimum of players', () => {
    const check: GameCommand = { type: 'CheckMinimumPlayers' };
    // At least 6 players by 15:00, three hours before the 18:00 start; the field's window is 24 hours.
    const thin = [
      scheduled({ priceCents: 500, minPlayers: 6, decisionHours: 3 }),
      joined('a', '2026-11-20T12:00:00.000Z', 'pay-a'),
      joined('b', '2026-11-20T12:00:00.000Z', 'pay-b'),
      joined('c', '2026-11-20T12:00:00.000Z', null),
      left('c', '2026-11-21T12:00:00.000Z'),
      joined('d', '2026-11-20T12:00:00.000Z', 'pay-d'),
    ];
    const decisionTime = at('2026-11-22T15:00:00.000Z', 'system');
    const cancelled = (rentalRefunded: boolean, time = '2026-11-22T15:00:00.000Z'): GameEvent => ({
      type: 'GameCancelled',
      data: {
        gameId: 'g1',
        cancelledBy: 'system',
        at: time,
        subFieldId: 'sf-a',
        fieldId: 'f1',
        ownerId: 'owner',
        subFieldName: 'Pitch A',
        rentalRefunded,
        rentalPaymentId: 'pay-rental',
        rentalRefundCents: null,
        entryRefunds: [
          { playerId: 'a', paymentId: 'pay-a' },
          { playerId: 'b', paymentId: 'pay-b' },
          { playerId: 'd', paymentId: 'pay-d' },
        ],
        reason: 'too_few_players',
      },
    });

    it('decides at start − decisionHours', () => {
      expect(minimumDecisionAt(testGameDetails({ minPlayers: 6, decisionHours: 3 }))).toEqual(
        new Date('2026-11-22T15:00:00.000Z'),
      );
      expect(minimumDecisionAt(testGameDetails({ minPlayers: null }))).toBeNull();
    });

    it('cancels a game below its minimum, refunding every entry and the rental as a captain cancelling then would get', () => {
      given(gameDecider, thin)
        .when(check, decisionTime)
        .then([cancelled(false)]);
      const lenient = [scheduled({ priceCents: 500, minPlayers: 6, cancellationWindowHours: 3 }), ...thin.slice(1)];
      given(gameDecider, lenient)
        .when(check, decisionTime)
        .then([cancelled(true)]);
      // A job running late still judges the decision time, for the rental as for the count.
      given(gameDecider, lenient)
        .when(check, at('2026-11-22T15:30:00.000Z', 'system'))
        .then([cancelled(true, '2026-11-22T15:30:00.000Z')]);
    });

    it('leaves a game with enough players, without a minimum, cancelled or over as it is', () => {
      const enough = [...thin, joined('e'), joined('f'), joined('g')];
      given(gameDecider, enough).when(check, decisionTime).then([]);
      given(gameDecider, [scheduled(), joined('a')])
        .when(check, decisionTime)
        .then([]);
      given(gameDecider, [...thin, cancelled(false)])
        .when(check, decisionTime)
        .then([]);
      given(gameDecider, thin).when(check, at('2026-11-22T20:00:00.000Z', 'system')).then([]);
      given(gameDecider, thin)
        .when(check, at('2026-11-22T14:59:59.000Z', 'system'))
        .thenRefused('decision_time_not_reached');
    });

    it('counts the players of the decision time: a removal or a join after it changes nothing', () => {
      const enough = [...thin, joined('e'), joined('f'), joined('g')];
      const afterDecision = '2026-11-22T15:10:00.000Z';
      const removal: GameEvent = {
        type: 'PlayerRemoved',
        data: {
          gameId: 'g1',
          playerId: 'e',
          username: 'e',
          removedBy: 'captain',
          at: afterDecision,
          playedSeconds: 0,
          refundedPaymentId: null,
        },
      };
      given(gameDecider, [...enough, removal])
        .when(check, at('2026-11-22T15:20:00.000Z', 'system'))
        .then([]);
      const lateJoin = joined('late', afterDecision);
      const [lateCancellation] = decide([...thin, joined('e'), lateJoin], check, at(afterDecision, 'system'));
      expect(lateCancellation).toMatchObject({ type: 'GameCancelled', data: { reason: 'too_few_players' } });
    });
  });

  it('reads a GameScheduled of version 1 as an uncapped game without a minimum', () => {
    const {
      sidelineSize: _size,
      minPlayers: _min,
      decisionHours: _hours,
      guestsPerPlayer: _guests,
      ...v1
    } = testGameDetails();
    const v1Data = { ...v1, rentalPaymentId: null, rentalCents: 0 };
    const upcast = eventRegistry.upcast({ type: 'GameScheduled', version: 1, data: v1Data });
    expect(upcast).toEqual({
      type: 'GameScheduled',
      data: { ...v1Data, sidelineSize: null, minPlayers: null, decisionHours: null, series: null, guestsPerPlayer: 0 },
    });
    expect(eventRegistry.prepare({ type: 'GameScheduled', data: upcast.data }).version).toBe(4);
  });
});
