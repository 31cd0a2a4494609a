import { describe, expect, it } from 'vitest';
import { belowReliabilityText, noShowBanText } from '@playtime/shared/contract/attendance';
import { ApiError } from '../../../lib/api-error';
import {
  GAME_FULL_JOIN_WAITLIST,
  SERIES_WEEK_NOT_OPEN,
  spotOfferedToOther,
} from '@playtime/shared/domain/games/messages';
import { SERIES_WEEK_NOT_OPEN_CODE } from '@playtime/shared/domain/games/policies/regulars-first';
import {
  cancellationMessage,
  FIRST_JOIN_FAILED,
  GAME_FULL,
  joinFailureMessage,
  MOVE_FAILED,
  REMOVED_BY_ORGANIZER,
  REMOVED_HOLD_RELEASED,
} from './messages';

describe('join failure messages', () => {
  it('passes on the full-pitch refusal', () => {
    expect(joinFailureMessage(new ApiError(409, 'game_full', GAME_FULL), false)).toBe(
      'Game is full. Try joining sideline.',
    );
  });

  it("passes on a full game's and an offered spot's refusals (issue #29)", () => {
    expect(joinFailureMessage(new ApiError(409, 'game_full', GAME_FULL_JOIN_WAITLIST), true)).toBe(
      'This game is full. Join the waitlist to be offered the next place.',
    );
    expect(joinFailureMessage(new ApiError(409, 'spot_offered', spotOfferedToOther(2)), false)).toBe(
      'The free spot on Team 2 is offered to the first in line.',
    );
  });

  it('tells a removed player why they cannot join', () => {
    expect(joinFailureMessage(new ApiError(403, 'removed_by_organizer', REMOVED_BY_ORGANIZER), true)).toBe(
      'The organizer removed you from this game. Your entry fee was refunded.',
    );
    // Issue #45: an entry only held on the card was released, not refunded.
    expect(joinFailureMessage(new ApiError(403, 'removed_by_organizer', REMOVED_HOLD_RELEASED), true)).toBe(
      'The organizer removed you from this game. Nothing was charged: the hold on your card is released.',
    );
  });

  it('tells a newcomer to a regulars-first week why and until when, as the server says it (issue #41)', () => {
    const message = 'Regulars pick first until Friday 6 pm; you can join then or join the waitlist';
    expect(joinFailureMessage(new ApiError(403, 'regulars_first', message), true)).toBe(message);
    const notOpen = new ApiError(409, SERIES_WEEK_NOT_OPEN_CODE, SERIES_WEEK_NOT_OPEN);
    expect(joinFailureMessage(notOpen, true)).toBe(SERIES_WEEK_NOT_OPEN);
  });

  it('passes on a refusal of who may join: the pause after no-shows and the minimum reliability (issue #44)', () => {
    const ban = noShowBanText(2, 'Dec 5');
    expect(joinFailureMessage(new ApiError(403, 'no_show_ban', ban), true)).toBe(ban);
    const below = belowReliabilityText(80, 62);
    expect(joinFailureMessage(new ApiError(403, 'below_reliability', below), false)).toBe(below);
  });

  it("uses the spec's texts for other failures", () => {
    expect(joinFailureMessage(new ApiError(500, 'error', 'boom'), true)).toBe(FIRST_JOIN_FAILED);
    expect(joinFailureMessage(new TypeError('Failed to fetch'), false)).toBe(MOVE_FAILED);
    expect(FIRST_JOIN_FAILED).toBe('Error joining the game. Please try again.');
    expect(MOVE_FAILED).toBe('Error joining. Please try again.');
  });
});

describe('the cancellation and why (issue #29)', () => {
  const game = {
    start_date: '2027-03-02T20:00:00.000Z',
    decisionAt: '2027-03-02T17:00:00.000Z',
    minPlayers: 10,
    entryPayments: { charged: 2, held: 0 },
  };

  it('says a thin game was cancelled by its minimum, when, and that everyone was refunded', () => {
    expect(cancellationMessage({ ...game, cancellationReason: 'too_few_players' })).toBe(
      "This game was cancelled. Fewer than 10 players had joined by 3 hours before the start, so everyone's entry fee was refunded.",
    );
    expect(
      cancellationMessage({ ...game, decisionAt: '2027-03-02T19:00:00.000Z', cancellationReason: 'too_few_players' }),
    ).toContain('by 1 hour before the start');
    expect(
      cancellationMessage({ ...game, entryPayments: { charged: 0, held: 0 }, cancellationReason: 'too_few_players' }),
    ).toBe('This game was cancelled. Fewer than 10 players had joined by 3 hours before the start.');
  });

  it('says held cards were released, not refunded, when the entries were only held (issue #45)', () => {
    expect(
      cancellationMessage({ ...game, entryPayments: { charged: 0, held: 3 }, cancellationReason: 'too_few_players' }),
    ).toBe(
      'This game was cancelled. Fewer than 10 players had joined by 3 hours before the start, so no card was charged: every hold is released.',
    );
    expect(
      cancellationMessage({ ...game, entryPayments: { charged: 1, held: 2 }, cancellationReason: 'too_few_players' }),
    ).toBe(
      'This game was cancelled. Fewer than 10 players had joined by 3 hours before the start, so every entry fee charged was refunded and every hold on a card released.',
    );
  });

  it("keeps the spec's sentence when the organizer or an admin cancelled, and names a closed account", () => {
    expect(cancellationMessage({ ...game, cancellationReason: null })).toBe('This game was cancelled.');
    expect(cancellationMessage({ ...game, cancellationReason: 'organizer_deleted' })).toContain(
      "Its organizer's account was closed",
    );
  });
});
