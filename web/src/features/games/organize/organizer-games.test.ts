import type { GameInList } from '@playtime/shared/contract/games';
import { describe, expect, it } from 'vitest';
import { refundNotice, restOfSeriesRefunds, toGameSummary, upcomingGames } from './organizer-games';

const NOW = new Date('2026-06-10T12:00:00Z');
const game = (gameId: string, startDate: string, endDate: string, extra: Partial<GameInList> = {}): GameInList => ({
  gameId,
  name: gameId,
  startDate,
  endDate,
  playerCount: 0,
  sidelineCount: 0,
  maxPlayers: 22,
  field: 'Riverside',
  subfield: 'North',
  price: 7.5,
  organizerUsername: 'cap',
  picture: '',
  status: 'scheduled',
  cancellationReason: null,
  cancellationWindowHours: 24,
  rentalCents: 4000,
  series: null,
  ...extra,
});

describe('upcomingGames', () => {
  it('keeps games not yet ended and not cancelled, by start, at most 4', () => {
    const games = [
      game('later', '2026-06-14T10:00:00Z', '2026-06-14T11:00:00Z'),
      game('ended', '2026-06-10T10:00:00Z', '2026-06-10T11:00:00Z'),
      game('live', '2026-06-10T11:30:00Z', '2026-06-10T12:30:00Z'),
      game('cancelled', '2026-06-11T10:00:00Z', '2026-06-11T11:00:00Z', { status: 'cancelled' }),
      game('d', '2026-06-13T10:00:00Z', '2026-06-13T11:00:00Z'),
      game('c', '2026-06-12T10:00:00Z', '2026-06-12T11:00:00Z'),
      game('b', '2026-06-11T10:00:00Z', '2026-06-11T11:00:00Z'),
    ];
    expect(upcomingGames(games, NOW).map((g) => g.gameId)).toEqual(['live', 'b', 'c', 'd']);
  });

  it('gives the game card its price in cents', () => {
    expect(toGameSummary(game('a', '2026-06-11T10:00:00Z', '2026-06-11T11:00:00Z')).price).toBe(750);
  });
});

describe('refundNotice', () => {
  it('says the rental is refunded at least the cancellation window before the start', () => {
    expect(refundNotice({ startDate: '2026-06-11T12:00:00Z', cancellationWindowHours: 24 }, NOW)).toMatch(
      /refunded in full/,
    );
    expect(refundNotice({ startDate: '2026-06-11T11:59:00Z', cancellationWindowHours: 24 }, NOW)).toMatch(
      /not refunded/,
    );
    expect(refundNotice({ startDate: '2026-06-10T20:00:00Z', cancellationWindowHours: 6 }, NOW)).toMatch(
      /refunded in full.*6 hours/,
    );
  });
});

describe('restOfSeriesRefunds (issue #30)', () => {
  it("lists this week and the later ones still to play, each refunded its own rental unless inside the field's window", () => {
    const week = (n: number, startDate: string, extra: Partial<GameInList> = {}) =>
      game(`w${n}`, startDate, startDate.replace('T10', 'T11'), {
        series: { seriesId: 's', week: n, weeks: 5 },
        ...extra,
      });
    const games = [
      week(5, '2026-07-08T10:00:00Z'),
      week(1, '2026-06-10T10:00:00Z'),
      // Tomorrow, inside the 24-hour window: the owner keeps that week's rental.
      week(2, '2026-06-11T10:00:00Z'),
      week(3, '2026-06-24T10:00:00Z', { status: 'cancelled' }),
      week(4, '2026-07-01T10:00:00Z', { rentalCents: 5000 }),
    ];
    expect(restOfSeriesRefunds(games, 2, NOW)).toEqual([
      { gameId: 'w2', week: 2, startDate: '2026-06-11T10:00:00Z', refundCents: 0 },
      { gameId: 'w4', week: 4, startDate: '2026-07-01T10:00:00Z', refundCents: 5000 },
      { gameId: 'w5', week: 5, startDate: '2026-07-08T10:00:00Z', refundCents: 4000 },
    ]);
    expect(restOfSeriesRefunds([game('single', '2026-07-01T10:00:00Z', '2026-07-01T11:00:00Z')], 1, NOW)).toEqual([]);
  });
});
