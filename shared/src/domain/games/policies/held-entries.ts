/**
 * Issue #45: cards held until the game is on. Pure rules over a game's state: when an entry is only
 * authorized at checkout, and which events charge or release the held ones.
 */
import type { GameDetails, GameEvent } from '../events';
import { minimumDecisionAt } from '../rules';
import type { KnownGame, PaidEntry } from '../state';

/** An authorization expires after 7 days (Stripe's card holds): an entry paid earlier than this before the start is charged at once. */
export const HOLD_DAYS_BEFORE_START = 6;
const DAY_MS = 86_400_000;

/**
 * Whether an entry paid now is only authorized: the game has a minimum of players, its decision is
 * still to come, and it starts within HOLD_DAYS_BEFORE_START days (so the hold outlives the decision).
 */
export function entryHeldAtCheckout(
  details: Pick<GameDetails, 'startDate' | 'minPlayers' | 'decisionHours'>,
  now: Date,
): boolean {
  const decisionAt = minimumDecisionAt(details);
  if (!decisionAt || now.getTime() >= decisionAt.getTime()) return false;
  return Date.parse(details.startDate) - now.getTime() <= HOLD_DAYS_BEFORE_START * DAY_MS;
}

/** The entries still only authorized: neither charged nor given back. */
export function heldEntriesOf(game: Pick<KnownGame, 'paidEntries'>): PaidEntry[] {
  return game.paidEntries.filter((entry) => entry.held && !entry.refunded);
}

/** The game goes ahead: every entry still held is charged, once (a second run finds none held). */
export function chargeHeldEntries(game: KnownGame, at: string): GameEvent[] {
  const entries = heldEntriesOf(game).map(({ playerId, paymentId }) => ({ playerId, paymentId }));
  if (entries.length === 0) return [];
  return [{ type: 'HeldEntriesCharged', data: { gameId: game.details.gameId, entries, at } }];
}

/** A leaver's entry still held is released at once: nothing was charged, so nothing is kept or refunded. */
export function releaseHoldOfLeaver(game: KnownGame, playerId: string, at: string): GameEvent[] {
  const held = heldEntriesOf(game).find((entry) => entry.playerId === playerId);
  if (!held) return [];
  return [
    {
      type: 'EntryHoldReleased',
      data: { gameId: game.details.gameId, playerId, paymentId: held.paymentId, reason: 'left', at },
    },
  ];
}

/** Whether a held entry joining now comes after the decision: then it is charged at once. */
export function decisionPassed(details: Pick<GameDetails, 'startDate' | 'minPlayers' | 'decisionHours'>, now: Date) {
  const decisionAt = minimumDecisionAt(details);
  return decisionAt !== null && now.getTime() >= decisionAt.getTime();
}
