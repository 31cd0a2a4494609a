import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, before, joined } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';

describe('game decider', () => {
  describe('cancelling', () => {
    const paid = [
      scheduled({ priceCents: 500 }),
      joined('p1', '2026-11-20T12:00:00.000Z', 'pay-1'),
      joined('p2', '2026-11-20T12:00:00.000Z', 'pay-2'),
    ];
    it('refunds every paid entry and the rental when at least the window before the start', () => {
      given(gameDecider, paid)
        .when({ type: 'CancelGame', actorIsAdmin: false }, at('2026-11-21T18:00:00.000Z', 'captain'))
        .then([
          {
            type: 'GameCancelled',
            data: {
              gameId: 'g1',
              cancelledBy: 'captain',
              at: '2026-11-21T18:00:00.000Z',
              subFieldId: 'sf-a',
              fieldId: 'f1',
              ownerId: 'owner',
              subFieldName: 'Pitch A',
              rentalRefunded: true,
              rentalPaymentId: 'pay-rental',
              rentalRefundCents: null,
              entryRefunds: [
                { playerId: 'p1', paymentId: 'pay-1' },
                { playerId: 'p2', paymentId: 'pay-2' },
              ],
            },
          },
        ]);
    });

    it('keeps the rental for the owner inside the window, and refuses players and a second cancellation', () => {
      const late = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, paid),
        at('2026-11-21T18:00:01.000Z', 'captain'),
      );
      expect(late[0]).toMatchObject({ type: 'GameCancelled', data: { rentalRefunded: false } });
      given(gameDecider, paid)
        .when({ type: 'CancelGame', actorIsAdmin: false }, before('p1'))
        .thenRefused('not_organizer');
      given(gameDecider, [...paid, ...late])
        .when({ type: 'CancelGame', actorIsAdmin: false }, before('captain'))
        .thenRefused('game_cancelled');
    });
  });
});

describe('withdrawing a game because an account was deleted', () => {
  const paid = [
    scheduled({ priceCents: 500 }),
    joined('p1', '2026-11-20T12:00:00.000Z', 'pay-1'),
    joined('p2', '2026-11-20T12:00:00.000Z', null),
    joined('p3', '2026-11-20T12:00:00.000Z', 'pay-3'),
  ];
  const withdraw: GameCommand = { type: 'WithdrawGame', reason: 'organizer_deleted' };
  // An hour before the start: well inside the 24-hour window, where a captain's own cancellation keeps the rental.
  const lateInTheDay = at('2026-11-22T17:00:00.000Z', 'admin');

  it('refunds the rental whatever the window and every paid entry, and says why', () => {
    const [cancelled, ...more] = gameDecider.decide(withdraw, fold(gameDecider, paid), lateInTheDay);
    expect(more).toEqual([]);
    // As a captain's own cancellation at that moment would say, but for the rental and the reason.
    const byCaptain = gameDecider.decide(
      { type: 'CancelGame', actorIsAdmin: false },
      fold(gameDecider, paid),
      at('2026-11-22T17:00:00.000Z', 'captain'),
    )[0]!;
    expect(byCaptain.data).toMatchObject({ rentalRefunded: false });
    expect(cancelled).toEqual({
      type: 'GameCancelled',
      data: { ...byCaptain.data, cancelledBy: 'admin', rentalRefunded: true, reason: 'organizer_deleted' },
    });
    expect(cancelled!.data).toMatchObject({
      rentalPaymentId: 'pay-rental',
      rentalRefundCents: null,
      entryRefunds: [
        { playerId: 'p1', paymentId: 'pay-1' },
        { playerId: 'p3', paymentId: 'pay-3' },
      ],
    });
  });

  it('withdraws a game that has begun, and leaves a cancelled or ended game as it is (the job may run again)', () => {
    const live = gameDecider.decide(
      { type: 'WithdrawGame', reason: 'owner_deleted' },
      fold(gameDecider, paid),
      at('2026-11-22T19:00:00.000Z', 'admin'),
    );
    expect(live).toMatchObject([{ type: 'GameCancelled', data: { reason: 'owner_deleted', rentalRefunded: true } }]);
    given(gameDecider, [...paid, ...live])
      .when(withdraw, lateInTheDay)
      .then([]);
    given(gameDecider, paid).when(withdraw, at('2026-11-22T20:00:00.000Z', 'admin')).then([]);
  });

  it('refuses a game that is not there yet (its booking is still being made into it)', () => {
    given(gameDecider, []).when(withdraw, lateInTheDay).thenRefused('game_not_found');
  });
});
