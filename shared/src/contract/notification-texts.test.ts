import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS as TEXTS } from './notification-texts';

const game = 'Thin Match on Tue, Dec 1, 6:00 PM';

/**
 * Issue #45: an entry only held on the card and given back was never charged, so its texts say the hold
 * is released, never 'refunded'; an entry charged and given back is refunded.
 */
describe('what the notifications say became of the money', () => {
  it('tells a removed player whether their entry was refunded or their hold released', () => {
    expect(TEXTS.removed(game, { kind: 'refunded', amountCents: 1500 })).toBe(
      `The organizer removed you from ${game}. Your entry fee of $15.00 was refunded.`,
    );
    expect(TEXTS.removed(game, { kind: 'released' })).toBe(
      `The organizer removed you from ${game}. Nothing was charged: the hold on your card is released.`,
    );
    expect(TEXTS.removed(game, null)).toBe(`The organizer removed you from ${game}.`);
  });

  it('tells a member of a cancelled game what became of their entry', () => {
    const why = 'fewer than 4 players had joined by the decision time';
    expect(TEXTS.gameCancelled(game, why, { kind: 'refunded', amountCents: 500 })).toBe(
      `${game} was cancelled: ${why}. Your entry fee is refunded in full.`,
    );
    expect(TEXTS.gameCancelled(game, why, { kind: 'released' })).toBe(
      `${game} was cancelled: ${why}. Nothing was charged: the hold on your card is released.`,
    );
    expect(TEXTS.gameCancelled(game, why, null)).toBe(`${game} was cancelled: ${why}.`);
  });

  it('tells the organizer of a game that missed its minimum what became of its entries', () => {
    const cancelled = `${game} was cancelled by itself: fewer than 4 players had joined by the decision time.`;
    expect(TEXTS.minimumMissed(game, 4, { refunded: 3, released: 0 })).toBe(
      `${cancelled} Every entry fee is refunded.`,
    );
    expect(TEXTS.minimumMissed(game, 4, { refunded: 0, released: 3 })).toBe(
      `${cancelled} No card was charged: every hold is released.`,
    );
    expect(TEXTS.minimumMissed(game, 4, { refunded: 1, released: 2 })).toBe(
      `${cancelled} Every entry fee charged is refunded, and the holds on the other cards are released.`,
    );
    expect(TEXTS.minimumMissed(game, 4, { refunded: 0, released: 0 })).toBe(cancelled);
  });
});
