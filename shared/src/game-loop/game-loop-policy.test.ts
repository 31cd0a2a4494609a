import { describe, expect, it } from 'vitest';
import { ofPitchA, testSlotBooked, testSlotHeld } from '../testing/bookings';
import { testGameDetails } from '../testing/games';
import { storedEvent } from '../testing/reactors';
import type { GameDetails } from '../domain/games/events';
import { gameLoopPolicy } from './game-loop-policy';

const reactor = gameLoopPolicy(() => new Date('2026-11-21T12:00:00Z'));

let position = 0;
const stored = (type: string, data: unknown) => storedEvent(type, data, (position += 1));
const booked = (gameId: string) => stored('SlotBooked', testSlotBooked({ holdId: `hold-of-${gameId}`, gameId }));
const scheduled = (gameId: string, details: Partial<GameDetails> = {}) =>
  stored('GameScheduled', { ...testGameDetails({ gameId, ...details }), rentalPaymentId: null, rentalCents: 0 });
const held = (holdId: string) => stored('SlotHeld', testSlotHeld({ holdId }));
const released = (holdId: string) => stored('HoldReleased', { ...ofPitchA, holdId, reason: 'released' });

describe('the game loop policy', () => {
  it('gives a hold its expiry: a delayed job at its expiresAt', () => {
    const hold = held('hold-1');
    expect(reactor.react(hold, () => [])).toEqual([
      {
        jobName: 'expire-hold',
        data: {
          kind: 'expire-hold',
          subField: { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', name: 'Pitch A' },
          holdId: 'hold-1',
        },
        delayMs: 10 * 60_000,
      },
    ]);
  });

  it('asks no expiry for a hold booked or released later in the same batch, and nothing for the release itself', () => {
    const hold = held('hold-2');
    expect(
      reactor.react(hold, () => [
        booked('game-4'),
        stored('SlotBooked', testSlotBooked({ holdId: 'hold-2', gameId: 'game-5' })),
      ]),
    ).toEqual([]);
    expect(reactor.react(hold, () => [released('hold-2')])).toEqual([]);
    expect(reactor.react(released('hold-2'), () => [])).toEqual([]);
    // Another hold's end does not end this one.
    expect(reactor.react(hold, () => [released('hold-3'), booked('game-6')])).toHaveLength(1);
  });

  it('follows a booking up with a job that makes its game', () => {
    const booking = booked('game-1');
    expect(reactor.react(booking, () => [])).toEqual([
      { jobName: 'schedule-game', data: { kind: 'schedule-game', booking: booking.data } },
    ]);
  });

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

  it('lets every offer of a spot or a place run out by itself: a delayed job at its expiresAt', () => {
    const offer = { gameId: 'game-1', playerId: 'p1', at: '2026-11-21T12:00:00.000Z' };
    expect(
      reactor.react(stored('SpotOffered', { ...offer, team: 2, expiresAt: '2026-11-21T14:00:00.000Z' }), () => []),
    ).toEqual([
      {
        jobName: 'expire-spot-offer',
        data: { kind: 'expire-spot-offer', gameId: 'game-1', playerId: 'p1', offeredAt: offer.at },
        delayMs: 2 * 3_600_000,
      },
    ]);
    expect(
      reactor.react(stored('WaitlistOffered', { ...offer, expiresAt: '2026-11-21T12:10:00.000Z' }), () => []),
    ).toEqual([
      {
        jobName: 'expire-waitlist-offer',
        data: { kind: 'expire-waitlist-offer', gameId: 'game-1', playerId: 'p1', offeredAt: offer.at },
        delayMs: 10 * 60_000,
      },
    ]);
  });
});
