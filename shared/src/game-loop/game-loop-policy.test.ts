import { describe, expect, it } from 'vitest';
import { gameLoopEvents, POLICY_NOW } from '../testing/game-loop-events';
import { gameLoopPolicy } from './game-loop-policy';

/**
 * The game loop's policy as the projector runs it: every use case's policy asked in turn. Each use
 * case's own tests are in its folder; here, what a game's scheduling asks of several of them.
 */
const { stored, held, booked, scheduled } = gameLoopEvents();
const reactor = gameLoopPolicy(POLICY_NOW);

describe('the game loop policy', () => {
  /** The reminder of a game at 18:00 on 22 November: 2 hours before (16:00), 28 hours after the reactor's now. */
  const reminderOf = (gameId: string) => ({
    jobName: 'remind-players',
    data: { kind: 'remind-players', gameId },
    delayMs: 28 * 3_600_000,
  });

  it('asks for nothing when its game is already made later in the same batch, and only its reminder for the game itself', () => {
    const booking = booked('game-2');
    const game = scheduled('game-2');
    expect(reactor.react(booking, () => [booked('game-3'), game])).toEqual([]);
    expect(reactor.react(game, () => [])).toEqual([reminderOf('game-2')]);
    // Another game's making does not stand in for this one's.
    expect(reactor.react(booking, () => [scheduled('game-3')])).toHaveLength(1);
  });

  it('checks a game with a minimum of players at its decision time, and nothing for a game without one', () => {
    // 18:00 on 22 November, 3 hours before: 15:00, 27 hours after the reactor's now.
    const thin = scheduled('game-7', { minPlayers: 10, decisionHours: 3 });
    expect(reactor.react(thin, () => [])).toEqual([
      reminderOf('game-7'),
      {
        jobName: 'check-minimum-players',
        data: { kind: 'check-minimum-players', gameId: 'game-7' },
        delayMs: 27 * 3_600_000,
      },
    ]);
    expect(reactor.react(scheduled('game-8', { minPlayers: null }), () => [])).toEqual([reminderOf('game-8')]);
    // A decision time already passed is checked at once.
    const late = scheduled('game-9', { minPlayers: 10, decisionHours: 48 });
    expect(reactor.react(late, () => [])).toMatchObject([
      { jobName: 'remind-players' },
      { jobName: 'check-minimum-players', delayMs: 0 },
    ]);
  });

  it('handles every event one of its use cases reacts to, and asks nothing of the others', () => {
    expect([...reactor.handles].sort()).toEqual(
      [
        'SlotHeld',
        'HoldReleased',
        'SlotBooked',
        'GameScheduled',
        'PlayerRemoved',
        'GameCancelled',
        'SpotOffered',
        'WaitlistOffered',
        // Issue #44: the player's own stream records their attendance.
        'PlayerCheckedIn',
        'AttendanceMarked',
        'AttendanceMarkCleared',
        'PlayerLeft',
        // Issue #45: held entries are captured or released.
        'HeldEntriesCharged',
        'EntryHoldReleased',
        // Issue #45: a refund within free cancellation, and a refilled place's entry as credit.
        'EntryCredited',
        // Issue #45: credit spent at checkout comes back when nothing used it.
        'CreditSpent',
      ].sort(),
    );
    expect(reactor.react(held('hold-1'), () => [])).toMatchObject([{ jobName: 'expire-hold' }]);
    expect(reactor.react(stored('UserDeleted', { userId: 'u1', deletedBy: 'admin-1' }), () => [])).toEqual([]);
  });
});
