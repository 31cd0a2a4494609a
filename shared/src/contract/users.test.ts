import { describe, expect, it } from 'vitest';
import { describeGameLeft, describeUserDeletion } from './users';

describe("the delete dialog's line", () => {
  it('says what the deletion withdraws, cancels and refunds', () => {
    expect(describeUserDeletion({ fields: 2, upcomingGames: 3, refundCents: 8400, gamesLeft: [] })).toBe(
      'Deletes 2 fields, cancels 3 upcoming games, refunds $84.00',
    );
    expect(describeUserDeletion({ fields: 1, upcomingGames: 1, refundCents: 0, gamesLeft: [] })).toBe(
      'Deletes 1 field, cancels 1 upcoming game',
    );
    expect(describeUserDeletion({ fields: 0, upcomingGames: 2, refundCents: 1250, gamesLeft: [] })).toBe(
      'Cancels 2 upcoming games, refunds $12.50',
    );
    expect(describeUserDeletion({ fields: 0, upcomingGames: 0, refundCents: 0, gamesLeft: [] })).toBe(
      'No fields or upcoming games: only the account is deleted.',
    );
  });

  it('says a player leaves their upcoming games, and lists each with its refund (issue #41)', () => {
    const gamesLeft = [
      { gameId: 'g1', name: 'Evening Cup', startDate: '2026-12-01T23:00:00.000Z', refundCents: 500 },
      { gameId: 'g2', name: 'Kickabout', startDate: '2026-12-02T15:30:00.000Z', refundCents: 0 },
    ];
    expect(describeUserDeletion({ fields: 0, upcomingGames: 0, refundCents: 500, gamesLeft })).toBe(
      'Removes them from 2 upcoming games, refunds $5.00',
    );
    expect(gamesLeft.map((game) => describeGameLeft(game, 'America/New_York'))).toEqual([
      'Evening Cup, Tue 1 Dec, 18:00: entry of $5.00 refunded',
      'Kickabout, Wed 2 Dec, 10:30: no entry to refund',
    ]);
  });
});
