import { rentalRefundApplies } from '@playtime/shared/domain/games/rules';
import { minimumDecisionAt } from '@playtime/shared/domain/games/rules';
import { THIN_GAME_CANCELLED, type EntryMoney } from '@playtime/shared/contract/game-page';
import { formatDollars } from '../../../utils/money';

export interface MinimumPlayersTerms {
  minPlayers: number;
  decisionHours: number;
  startDate: string;
  /** The field's window; null: the app's default, which the page does not know. */
  cancellationWindowHours: number | null;
  /** The rental this game costs; 0 for a free rental. */
  rentalCents: number;
  /** Issue #45: what a cancellation does with the entries: refunded when charged, released when only held. */
  entries: EntryMoney;
}

/**
 * What Configure and Confirm tell the captain before paying (issue #29): a game short of its minimum
 * at the decision time cancels itself and refunds every entry charged (issue #45: releases every entry
 * only held on a card, so nothing is charged), and the rental follows the field's
 * cancellation window as if the captain had cancelled at that moment (the decider's own rule).
 */
export function minimumPlayersNotice(terms: MinimumPlayersTerms): string {
  const hours = `${terms.decisionHours} ${terms.decisionHours === 1 ? 'hour' : 'hours'}`;
  const cancellation = `If fewer than ${terms.minPlayers} players have joined by ${hours} before the start, the game ${THIN_GAME_CANCELLED[terms.entries]}`;
  if (terms.rentalCents === 0) return `${cancellation}.`;
  const rental = `the ${formatDollars(terms.rentalCents).replace(/\.00$/, '')} rental`;
  const window = terms.cancellationWindowHours;
  if (window === null) return `${cancellation}; ${rental} follows this field's cancellation policy.`;
  const decisionAt = minimumDecisionAt(terms)!;
  const refunded = rentalRefundApplies(terms.startDate, window, decisionAt);
  return `${cancellation}; ${rental} is ${refunded ? '' : 'not '}refunded under this field's ${window}-hour policy.`;
}
