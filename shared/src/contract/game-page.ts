import dayjs from 'dayjs';
import type { GameCancellationReason } from '../domain/games/events';
import { HOLD_DAYS_BEFORE_START } from '../domain/games/policies/held-entries';
import { cancellationWhy } from './cancellation';

/**
 * Texts of the game page and the game card that issue #41 asked for: a thin game's minimum and how
 * many it still needs, a removal as the page announces it, and a cancelled game on a card.
 */

/**
 * When the minimum is checked, as a person reads it: '3 pm Thursday' ('3:30 pm Thursday'), with the
 * date when it is a week or more away ('3 pm Thursday, Dec 10'). In the browser's time zone.
 */
export function decisionTimeLabel(decisionAt: string, now: number): string {
  const decision = dayjs(decisionAt);
  const time = decision.format(decision.minute() === 0 ? 'h a' : 'h:mm a');
  const day = decision.format('dddd');
  return decision.diff(dayjs(now), 'day', true) >= 6 ? `${time} ${day}, ${decision.format('MMM D')}` : `${time} ${day}`;
}

/**
 * Issue #45: what a thin game's cancellation does with its entries' money. An entry paid within
 * HOLD_DAYS_BEFORE_START days of the start is only held on the card (released, nothing charged); one paid
 * earlier is charged (refunded). 'none': a free game, or nobody paid.
 */
export type EntryMoney = 'none' | 'refunded' | 'released' | 'both';

const DAY_MS = 86_400_000;

/** The kinds of entries a game has (or may still get): charged ones are refunded, held ones released. */
function entryMoneyOf(refunded: boolean, released: boolean): EntryMoney {
  if (refunded && released) return 'both';
  return refunded ? 'refunded' : released ? 'released' : 'none';
}

/**
 * What a thin game's cancellation would do with its money, as its page says it before the decision: the
 * entries charged so far are refunded, and every entry paid within HOLD_DAYS_BEFORE_START days of the
 * start (the checkout's own rule) is only held, so released. While the start is further away than that,
 * entries paid now are still charged.
 */
export function thinGameMoney(
  game: { priceCents: number; start_date: string; entryPayments: { charged: number; held: number } },
  now: number,
): EntryMoney {
  if (game.priceCents === 0) return 'none';
  const chargedNow = Date.parse(game.start_date) - now > HOLD_DAYS_BEFORE_START * DAY_MS;
  return entryMoneyOf(game.entryPayments.charged > 0 || chargedNow, true);
}

/**
 * What a thin game's cancellation would do with the money of a game scheduled now (Configure and
 * Confirm): entries paid from HOLD_DAYS_BEFORE_START days before the start on are held, earlier ones
 * charged, and every entry is paid from now on.
 */
export function scheduledGameMoney(priceCents: number, startDate: string, now: number): EntryMoney {
  return thinGameMoney({ priceCents, start_date: startDate, entryPayments: { charged: 0, held: 0 } }, now);
}

/** What a cancelled game did with its entries: those standing at the cancellation were refunded or released. */
export const cancelledGameMoney = (entryPayments: { charged: number; held: number }): EntryMoney =>
  entryMoneyOf(entryPayments.charged > 0, entryPayments.held > 0);

/** How a thin game's cancellation ends, after 'it' or 'the game': 'is cancelled and no card is charged'. */
export const THIN_GAME_CANCELLED: Record<EntryMoney, string> = {
  none: 'is cancelled',
  refunded: 'is cancelled and everyone is refunded',
  released: 'is cancelled and no card is charged',
  both: 'is cancelled: entry fees already charged are refunded and cards only held are released',
};

/** What a cancelled game's page says became of its entries, after why ('…, so no card was charged.'). */
export const CANCELLED_GAME_MONEY: Record<EntryMoney, string> = {
  none: '.',
  refunded: ", so everyone's entry fee was refunded.",
  released: ', so no card was charged: every hold is released.',
  both: ', so every entry fee charged was refunded and every hold on a card released.',
};

/** 'Needs 10 players by 3 pm Thursday, or it is cancelled and no card is charged.' */
export function minimumPlayersNotice(minPlayers: number, decisionAt: string, money: EntryMoney, now: number): string {
  return `Needs ${minPlayers} players by ${decisionTimeLabel(decisionAt, now)}, or it ${THIN_GAME_CANCELLED[money]}.`;
}

/** How many more players the game needs to go ahead, counting everyone in it (teams and sideline). */
export function playersNeededText(needed: number): string {
  if (needed <= 0) return 'Enough players have joined: the game goes ahead.';
  return `${needed} more ${needed === 1 ? 'player' : 'players'} needed`;
}

/** The Manage area's line under a removed player: what became of their entry (issue #45: held cards are released). */
export const removedEntryLabel = (removed: { entryRefunded: boolean; entryReleased: boolean }) =>
  removed.entryReleased
    ? 'Nothing charged: the hold on their card was released'
    : removed.entryRefunded
      ? 'Entry fee refunded'
      : 'No entry fee to refund';

/**
 * What removing a player does, said before the organizer confirms (DESIGN §8): their entry comes back in
 * full, or, only held on their card (issue #45), its hold is released; `entry` null: they paid nothing.
 */
export function removalConsequence(username: string, entry: { amount: string; held: boolean } | null): string {
  const blocked = `${username} cannot rejoin until you allow them back.`;
  if (!entry) return blocked;
  return entry.held
    ? `Nothing was charged: the hold on their card is released. ${blocked}`
    : `Their entry fee of ${entry.amount} is refunded in full. ${blocked}`;
}

/** The organizer's words before cancelling a game or a series' weeks: paid entries come back, held cards are released. */
export const CANCEL_ENTRIES_TEXT =
  'Players who paid an entry fee are refunded in full, and cards only held are released uncharged.';

/** What the game page announces when the organizer removes a player (not 'left the game'). */
export const removedFromGameText = (username: string) => `${username} was removed from the game`;

/** A cancelled game's badge on its card. */
export const CANCELLED_LABEL = 'Cancelled';

/** Why a game on a card was cancelled: 'The organizer cancelled it.', 'Too few players had joined by …'. */
export function cancelledCardReason(reason: GameCancellationReason | null): string {
  const why = cancellationWhy(reason ?? undefined, null);
  return `${why.charAt(0).toUpperCase()}${why.slice(1)}.`;
}
