import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  cancelledCardReason,
  decisionTimeLabel,
  cancelledGameMoney,
  minimumPlayersNotice,
  playersNeededText,
  removalConsequence,
  removedEntryLabel,
  removedFromGameText,
  scheduledGameMoney,
  thinGameMoney,
} from './game-page';

/** An instant at a wall-clock time of this machine's zone, as the browser's zone shows it. */
const local = (text: string) => dayjs(text).toISOString();

describe('the game page texts of issue #41', () => {
  it('says the minimum and the decision time as a person reads them', () => {
    const thursday3pm = local('2026-12-03T15:00:00');
    const now = Date.parse(local('2026-12-01T10:00:00'));
    expect(minimumPlayersNotice(10, thursday3pm, 'refunded', now)).toBe(
      'Needs 10 players by 3 pm Thursday, or it is cancelled and everyone is refunded.',
    );
    expect(minimumPlayersNotice(10, thursday3pm, 'none', now)).toBe(
      'Needs 10 players by 3 pm Thursday, or it is cancelled.',
    );
    // Issue #45: entries only held on cards are released: nothing is charged.
    expect(minimumPlayersNotice(10, thursday3pm, 'released', now)).toBe(
      'Needs 10 players by 3 pm Thursday, or it is cancelled and no card is charged.',
    );
    expect(minimumPlayersNotice(10, thursday3pm, 'both', now)).toBe(
      'Needs 10 players by 3 pm Thursday, or it is cancelled: entry fees already charged are refunded and cards only held are released.',
    );
    expect(decisionTimeLabel(local('2026-12-03T09:30:00'), now)).toBe('9:30 am Thursday');
    expect(decisionTimeLabel(local('2026-12-10T15:00:00'), now)).toBe('3 pm Thursday, Dec 10');
  });

  it("knows a thin game's money: held within 6 days of the start, charged before (issue #45)", () => {
    const now = Date.parse('2026-12-01T10:00:00.000Z');
    const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const none = { charged: 0, held: 0 };
    // Every entry paid from now on is only held: a cancellation charges no card.
    expect(thinGameMoney({ priceCents: 500, start_date: inDays(2), entryPayments: none }, now)).toBe('released');
    expect(thinGameMoney({ priceCents: 500, start_date: inDays(6), entryPayments: { charged: 0, held: 4 } }, now)).toBe(
      'released',
    );
    // Some were charged (paid earlier than 6 days before), or entries paid now still are: both.
    expect(thinGameMoney({ priceCents: 500, start_date: inDays(2), entryPayments: { charged: 1, held: 4 } }, now)).toBe(
      'both',
    );
    expect(thinGameMoney({ priceCents: 500, start_date: inDays(9), entryPayments: none }, now)).toBe('both');
    expect(thinGameMoney({ priceCents: 0, start_date: inDays(2), entryPayments: none }, now)).toBe('none');
    expect(scheduledGameMoney(500, inDays(3), now)).toBe('released');
    expect(scheduledGameMoney(0, inDays(3), now)).toBe('none');
    // A cancelled game's page says what its standing entries came to.
    expect(cancelledGameMoney({ charged: 2, held: 0 })).toBe('refunded');
    expect(cancelledGameMoney({ charged: 0, held: 2 })).toBe('released');
    expect(cancelledGameMoney({ charged: 1, held: 2 })).toBe('both');
    expect(cancelledGameMoney(none)).toBe('none');
  });

  it("says what a removal does with the removed player's entry: refunded, or a hold released", () => {
    expect(removalConsequence('sam', { amount: '$15.00', held: false })).toBe(
      'Their entry fee of $15.00 is refunded in full. sam cannot rejoin until you allow them back.',
    );
    expect(removalConsequence('sam', { amount: '$15.00', held: true })).toBe(
      'Nothing was charged: the hold on their card is released. sam cannot rejoin until you allow them back.',
    );
    expect(removalConsequence('sam', null)).toBe('sam cannot rejoin until you allow them back.');
    expect(removedEntryLabel({ entryRefunded: true, entryReleased: true })).toBe(
      'Nothing charged: the hold on their card was released',
    );
    expect(removedEntryLabel({ entryRefunded: true, entryReleased: false })).toBe('Entry fee refunded');
    expect(removedEntryLabel({ entryRefunded: false, entryReleased: false })).toBe('No entry fee to refund');
  });

  it('says how many players are still needed', () => {
    expect(playersNeededText(10)).toBe('10 more players needed');
    expect(playersNeededText(1)).toBe('1 more player needed');
    expect(playersNeededText(0)).toBe('Enough players have joined: the game goes ahead.');
  });

  it('announces a removal as one, and says why a card was cancelled', () => {
    expect(removedFromGameText('sam')).toBe('sam was removed from the game');
    expect(cancelledCardReason(null)).toBe('The organizer cancelled it.');
    expect(cancelledCardReason('too_few_players')).toBe('Too few players had joined by the decision time.');
  });
});
