import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { before, join, joined, scheduled } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import type { GameEvent } from '../events';
import { standingEntry } from '../queries';

/** Issue #45: free cancellation, entries kept by late leavers, and their credit when the place is refilled. */
describe('late cancellations', () => {
  const T = '2026-11-22T12:00:00.000Z'; // 6 hours before the test game's start
  const payment = (playerId: string) => ({
    paymentId: `pay-${playerId}`,
    payerId: playerId,
    amountCents: 500,
    gameId: 'g1',
  });
  const left = (playerId: string, refund?: { paymentId: string; to: 'card' | 'credit' }): GameEvent => ({
    type: 'PlayerLeft',
    data: { gameId: 'g1', playerId, at: T, playedSeconds: 0, ...(refund ? { refund } : {}) },
  });
  const leave = (playerId: string, refundTo?: 'card' | 'credit'): GameCommand => ({
    type: 'LeaveGame',
    playerId,
    ...(refundTo ? { refundTo } : {}),
  });
  const game = (freeCancellationHours?: number, extra: Record<string, unknown> = {}) =>
    scheduled({ priceCents: 500, ...(freeCancellationHours === undefined ? {} : { freeCancellationHours }), ...extra });

  it('refunds a leave within free cancellation in full, to the card by default or as credit', () => {
    const history = [game(2), joined('p1', T, 'pay-p1')];
    given(gameDecider, history)
      .when(leave('p1'), before('p1'))
      .then([left('p1', { paymentId: 'pay-p1', to: 'card' })]);
    given(gameDecider, history)
      .when(leave('p1', 'credit'), before('p1'))
      .then([left('p1', { paymentId: 'pay-p1', to: 'credit' })]);
    const after = fold(gameDecider, [...history, left('p1', { paymentId: 'pay-p1', to: 'credit' })]);
    expect(after.status === 'scheduled' && standingEntry(after, 'p1')).toBeFalsy();
  });

  it('keeps the entry of a later leave (and of a game from before the window): a free rejoin', () => {
    for (const hours of [24, undefined]) {
      const history = [game(hours), joined('p1', T, 'pay-p1')];
      given(gameDecider, history)
        .when(leave('p1', 'credit'), before('p1'))
        .then([left('p1')]);
      given(gameDecider, [...history, left('p1')])
        .when(join('p1'), before('p1'))
        .then([joined('p1', T, 'pay-p1')]);
    }
  });

  it('turns a late leaver’s entry into credit once, when the waitlist takes the place again', () => {
    const members = Array.from({ length: 14 }, (_, index) => `p${index + 1}`);
    const full: GameEvent[] = [
      game(24, { sidelineSize: 0 }),
      ...members.map((id) => joined(id, T, `pay-${id}`)),
      { type: 'WaitlistJoined', data: { gameId: 'g1', playerId: 'w', username: 'w', at: T } },
      left('p1'),
      { type: 'WaitlistOffered', data: { gameId: 'g1', playerId: 'w', at: T, expiresAt: '2026-11-22T13:00:00.000Z' } },
    ];
    const decided = gameDecider.decide(join('w', payment('w')), fold(gameDecider, full), before('w'));
    expect(decided).toEqual([
      joined('w', T, 'pay-w'),
      { type: 'EntryCredited', data: { gameId: 'g1', playerId: 'p1', paymentId: 'pay-p1', at: T } },
    ]);
    // Credited, the entry is gone: nothing more to credit, and the leaver pays to come back.
    const after = fold(gameDecider, [...full, ...decided]);
    expect(after.status === 'scheduled' && after.keptEntries).toEqual([]);
    expect(after.status === 'scheduled' && standingEntry(after, 'p1')).toBeFalsy();
    given(gameDecider, [...full, ...decided])
      .when({ type: 'LeaveGame', playerId: 'p2' }, before('p2'))
      .then([left('p2')]);
  });

  it('credits nothing when the leaver takes the place back themselves', () => {
    const history = [game(24, { sidelineSize: 0 }), joined('p1', T, 'pay-p1'), left('p1')];
    const decided = gameDecider.decide(join('p1'), fold(gameDecider, history), before('p1'));
    expect(decided.map((event) => event.type)).toEqual(['PlayerJoined']);
    const after = fold(gameDecider, [...history, ...decided]);
    expect(after.status === 'scheduled' && after.keptEntries).toEqual([]);
  });
});
