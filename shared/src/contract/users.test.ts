import { describe, expect, it } from 'vitest';
import { describeUserDeletion } from './users';

describe("the delete dialog's line", () => {
  it('says what the deletion withdraws, cancels and refunds', () => {
    expect(describeUserDeletion({ fields: 2, upcomingGames: 3, refundCents: 8400 })).toBe(
      'Deletes 2 fields, cancels 3 upcoming games, refunds $84.00',
    );
    expect(describeUserDeletion({ fields: 1, upcomingGames: 1, refundCents: 0 })).toBe(
      'Deletes 1 field, cancels 1 upcoming game',
    );
    expect(describeUserDeletion({ fields: 0, upcomingGames: 2, refundCents: 1250 })).toBe(
      'Cancels 2 upcoming games, refunds $12.50',
    );
    expect(describeUserDeletion({ fields: 0, upcomingGames: 0, refundCents: 0 })).toBe(
      'No fields or upcoming games: only the account is deleted.',
    );
  });
});
