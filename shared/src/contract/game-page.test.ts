import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  cancelledCardReason,
  decisionTimeLabel,
  minimumPlayersNotice,
  playersNeededText,
  removedFromGameText,
} from './game-page';

/** An instant at a wall-clock time of this machine's zone, as the browser's zone shows it. */
const local = (text: string) => dayjs(text).toISOString();

describe('the game page texts of issue #41', () => {
  it('says the minimum and the decision time as a person reads them', () => {
    const thursday3pm = local('2026-12-03T15:00:00');
    const now = Date.parse(local('2026-12-01T10:00:00'));
    expect(minimumPlayersNotice(10, thursday3pm, true, now)).toBe(
      'Needs 10 players by 3 pm Thursday, or it is cancelled and everyone is refunded.',
    );
    expect(minimumPlayersNotice(10, thursday3pm, false, now)).toBe(
      'Needs 10 players by 3 pm Thursday, or it is cancelled.',
    );
    expect(decisionTimeLabel(local('2026-12-03T09:30:00'), now)).toBe('9:30 am Thursday');
    expect(decisionTimeLabel(local('2026-12-10T15:00:00'), now)).toBe('3 pm Thursday, Dec 10');
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
