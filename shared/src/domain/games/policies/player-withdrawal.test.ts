import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given, testContext } from '../../../testing/decider-testing';
import { testGameDetails } from '../../../testing/games';
import { gameDecider, type GameCommand } from '../decider';
import type { GameEvent } from '../events';

const NOON = '2026-11-22T12:00:00.000Z';
const admin = testContext({ now: new Date(NOON), actorId: 'admin' });
const scheduled = (priceCents: number): GameEvent => ({
  type: 'GameScheduled',
  data: { ...testGameDetails({ priceCents }), rentalPaymentId: 'rent', rentalCents: 4000 },
});
const joined = (playerId: string, paymentId: string | null = null): GameEvent => ({
  type: 'PlayerJoined',
  data: { gameId: 'g1', playerId, username: playerId, paymentId, at: NOON, guests: 0, guestNames: [] },
});
const withdraw: GameCommand = { type: 'WithdrawPlayer', playerId: 'gone', reason: 'account_deleted' };
const removed = (refundedPaymentId: string | null, username = 'gone'): GameEvent => ({
  type: 'PlayerRemoved',
  data: {
    gameId: 'g1',
    playerId: 'gone',
    username,
    removedBy: 'admin',
    at: NOON,
    playedSeconds: 0,
    refundedPaymentId,
    reason: 'account_deleted',
  },
});

describe("a deleted player's games (issue #41)", () => {
  it('takes the player off the roster with their entry refunded, without listing them as removed by the organizer', () => {
    const history = [scheduled(500), joined('stay', 'pay-stay'), joined('gone', 'pay-gone')];
    given(gameDecider, history)
      .when(withdraw, admin)
      .then([removed('pay-gone')]);
    const after = fold(gameDecider, [...history, removed('pay-gone')]);
    expect(after.status === 'scheduled' && after.participants.map((one) => one.playerId)).toEqual(['stay']);
    expect(after.status === 'scheduled' && after.removed).toEqual([]);
  });

  it('refunds the entry a player who left still holds, and takes them off the waitlist', () => {
    const left: GameEvent = {
      type: 'PlayerLeft',
      data: { gameId: 'g1', playerId: 'gone', at: NOON, playedSeconds: 0 },
    };
    given(gameDecider, [scheduled(500), joined('gone', 'pay-gone'), left])
      .when(withdraw, admin)
      .then([removed('pay-gone', '')]);
    const waiting: GameEvent = {
      type: 'WaitlistJoined',
      data: { gameId: 'g1', playerId: 'gone', username: 'gone', at: NOON },
    };
    given(gameDecider, [scheduled(0), waiting])
      .when(withdraw, admin)
      .then([{ type: 'WaitlistLeft', data: { gameId: 'g1', playerId: 'gone', at: NOON } }]);
  });

  it('changes nothing in a game they are not in, a cancelled one or one that has ended', () => {
    given(gameDecider, [scheduled(500), joined('stay', 'pay-stay')])
      .when(withdraw, admin)
      .then([]);
    const cancelled = gameDecider.decide(
      { type: 'CancelGame', actorIsAdmin: true },
      fold(gameDecider, [scheduled(0), joined('gone')]),
      admin,
    );
    given(gameDecider, [scheduled(0), joined('gone'), ...cancelled])
      .when(withdraw, admin)
      .then([]);
    given(gameDecider, [scheduled(0), joined('gone')])
      .when(withdraw, testContext({ now: new Date('2026-11-22T20:00:00.000Z'), actorId: 'admin' }))
      .then([]);
  });
});
