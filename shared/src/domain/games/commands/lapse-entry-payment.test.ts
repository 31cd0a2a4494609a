import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { at, before, cancelled, join, joined, scheduled } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import type { GameEvent } from '../events';
import { PAYMENT_LAPSED } from '../messages';
import { entryPaymentsOf } from '../queries';
import type { KnownGame } from '../state';

/** Issue #45: a credit payment no join used lapses on the game's stream; a join and the lapse never both win. */
describe('a credit payment that lapses unused (issue #45)', () => {
  const game = scheduled({ priceCents: 500 });
  const AT = '2026-11-22T12:00:00.000Z';
  const lapse: GameCommand = { type: 'LapseEntryPayment', playerId: 'p1', paymentId: 'credit_a' };
  const lapsed: GameEvent = {
    type: 'EntryPaymentLapsed',
    data: { gameId: 'g1', playerId: 'p1', paymentId: 'credit_a', at: AT },
  };
  const paid = (paymentId: string) => ({ paymentId, payerId: 'p1', amountCents: 500, gameId: 'g1' });

  it('lapses a payment no join used, once', () => {
    given(gameDecider, [game]).when(lapse, before('system')).then([lapsed]);
    given(gameDecider, [game, lapsed]).when(lapse, before('system')).then([]);
  });

  it('never lapses a payment a join used first, even after the player left', () => {
    given(gameDecider, [game, joined('p1', AT, 'credit_a')])
      .when(lapse, before('system'))
      .then([]);
    const left: GameEvent = { type: 'PlayerLeft', data: { gameId: 'g1', playerId: 'p1', at: AT, playedSeconds: 0 } };
    given(gameDecider, [game, joined('p1', AT, 'credit_a'), left])
      .when(lapse, before('system'))
      .then([]);
  });

  it('lapses in a cancelled game too, and nothing on a stream with no game', () => {
    given(gameDecider, []).when(lapse, before('system')).then([]);
    given(gameDecider, [game, cancelled(AT)])
      .when(lapse, before('system'))
      .then([lapsed]);
  });

  it('refuses a join with a lapsed payment as no longer valid, and a new checkout is a new payment', () => {
    given(gameDecider, [game, lapsed])
      .when(join('p1', paid('credit_a')), before('p1'))
      .thenRefused('payment_lapsed', PAYMENT_LAPSED);
    const stateOf = (history: GameEvent[]) => fold(gameDecider, history) as KnownGame;
    expect(entryPaymentsOf(stateOf([game]), 'p1')).toBe(0);
    expect(entryPaymentsOf(stateOf([game, lapsed]), 'p1')).toBe(1);
    // Another payment still joins.
    const joinedAgain = gameDecider.decide(
      join('p1', paid('credit_b')),
      fold(gameDecider, [game, lapsed]),
      at(AT, 'p1'),
    );
    expect(joinedAgain).toEqual([joined('p1', AT, 'credit_b')]);
  });
});
