import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { scheduled, before, joined, moved, join } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import type { GameEvent } from '../events';

describe('game decider', () => {
  describe('leaving, rejoining and removal (DESIGN §8)', () => {
    const T = '2026-11-22T12:00:00.000Z';
    const priced = scheduled({ priceCents: 1250 });
    const payment = { paymentId: 'pay-1', payerId: 'p1', amountCents: 1250, gameId: 'g1' };
    const left = (playerId: string): GameEvent => ({
      type: 'PlayerLeft',
      data: { gameId: 'g1', playerId, at: T, playedSeconds: 0 },
    });
    const removed = (playerId: string, refundedPaymentId: string | null): GameEvent => ({
      type: 'PlayerRemoved',
      data: {
        gameId: 'g1',
        playerId,
        username: playerId,
        removedBy: 'captain',
        at: T,
        playedSeconds: 0,
        refundedPaymentId,
      },
    });
    const allowedBack = (playerId: string): GameEvent => ({
      type: 'PlayerAllowedBack',
      data: { gameId: 'g1', playerId, allowedBy: 'captain', at: T },
    });
    const remove = (playerId: string): GameCommand => ({ type: 'RemovePlayer', playerId, actorIsAdmin: false });
    const allowBack = (playerId: string): GameCommand => ({ type: 'AllowPlayerBack', playerId, actorIsAdmin: false });

    it('lets a player who paid and left rejoin for free with the entry they hold, and refuses a second payment', () => {
      const history = [priced, joined('p1', T, 'pay-1'), left('p1')];
      given(gameDecider, history)
        .when(join('p1'), before('p1'))
        .then([joined('p1', T, 'pay-1')]);
      given(gameDecider, history)
        .when(join('p1', null, 2), before('p1'))
        .then([joined('p1', T, 'pay-1'), moved('p1', 2)]);
      given(gameDecider, history)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .thenRefused('entry_held', 'You have paid for this game already: join again without paying.');
      // The rejoin's entry is still the one payment: cancelling refunds it once.
      const cancelled = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, [...history, joined('p1', T, 'pay-1')]),
        before('captain'),
      );
      expect(cancelled[0]).toMatchObject({ data: { entryRefunds: [{ playerId: 'p1', paymentId: 'pay-1' }] } });
    });

    it('refunds a player who left when the game is cancelled: the entry stayed theirs', () => {
      const cancelled = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, [priced, joined('p1', T, 'pay-1'), left('p1')]),
        before('captain'),
      );
      expect(cancelled[0]).toMatchObject({ data: { entryRefunds: [{ playerId: 'p1', paymentId: 'pay-1' }] } });
    });

    it('refunds a removed player in full, once, and blocks their join until the organizer allows them back', () => {
      const history = [priced, joined('p1', T, 'pay-1'), moved('p1', 1)];
      given(gameDecider, history)
        .when(remove('p1'), before('captain'))
        .then([removed('p1', 'pay-1')]);
      const afterRemoval = [...history, removed('p1', 'pay-1')];
      given(gameDecider, afterRemoval)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .thenRefused('removed_by_organizer', 'The organizer removed you from this game. Your entry fee was refunded.');
      // The refunded entry is not cancelled's to refund again.
      const cancelled = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, afterRemoval),
        before('captain'),
      );
      expect(cancelled[0]).toMatchObject({ data: { entryRefunds: [] } });
      // Allowed back, the refund stands: they pay again with a new payment, and the refunded one buys nothing.
      given(gameDecider, afterRemoval)
        .when(allowBack('p1'), before('captain'))
        .then([allowedBack('p1')]);
      given(gameDecider, afterRemoval).when(allowBack('p1'), before('p1')).thenRefused('not_organizer');
      const back = [...afterRemoval, allowedBack('p1')];
      given(gameDecider, back).when(join('p1'), before('p1')).thenRefused('payment_required');
      given(gameDecider, back).when(join('p1', payment), before('p1')).thenRefused('payment_used');
      given(gameDecider, back)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .then([joined('p1', T, 'pay-2')]);
      given(gameDecider, back).when(allowBack('p1'), before('captain')).then([]);
    });

    it('removes a player of a free game without a refund and tells them so', () => {
      const history = [scheduled(), joined('p1'), removed('p1', null)];
      given(gameDecider, [scheduled(), joined('p1')])
        .when(remove('p1'), before('captain'))
        .then([removed('p1', null)]);
      given(gameDecider, history)
        .when(join('p1'), before('p1'))
        .thenRefused('removed_by_organizer', 'The organizer removed you from this game.');
      given(gameDecider, [...history, allowedBack('p1')])
        .when(join('p1'), before('p1'))
        .then([joined('p1')]);
    });

    it("keeps a paid entry the player's when a removal refunded nothing (recorded before removals refunded): allowed back, they rejoin free", () => {
      const back = [priced, joined('p1', T, 'pay-1'), removed('p1', null), allowedBack('p1')];
      given(gameDecider, back)
        .when(join('p1'), before('p1'))
        .then([joined('p1', T, 'pay-1')]);
    });
  });
});
