/**
 * The notifications' kinds, who each is for, every text of them and the calls' paths and page size (issue #31):
 * written here once, the bell, the mail and the preferences all read these. Apart from the calls'
 * schemas (notifications.ts, which re-exports all of this), so the bell does not download the schema
 * library to show them.
 */
import { HOLD_RELEASED } from '../domain/games/messages';
import { formatDollars } from '../domain/money';
import { cancellationWhy } from './cancellation';

export { cancellationWhy };

// The bell's texts, the calls' paths and the page size live in notification-inbox.ts (what the bell
// loads with every signed-in page); every importer of this module keeps finding them here.
export * from './notification-inbox';

/** Who a kind is for: the profile's preferences show the groups that fit the user's role. */
export const NOTIFICATION_AUDIENCES = ['player', 'captain', 'owner', 'partner', 'admin'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export const NOTIFICATION_KINDS = [
  // For players.
  'joined',
  'moved',
  'removed',
  'refunded',
  // Issue #45: Playtime credit came to the player (a refund as credit, or credit a checkout did not use).
  'credit-granted',
  'game-cancelled',
  'spot-offered',
  'reminder',
  // Issue #44: the organizer marked the player Late or No-show.
  'attendance-marked',
  // Issue #46: someone wrote '@username' in a game's chat.
  'chat-mention',
  // For captains.
  'booking-confirmed',
  'player-joined',
  'player-left',
  'minimum-reached',
  'minimum-missed',
  // For field owners.
  'field-booked',
  'booking-cancelled',
  'payout',
  // For partners.
  'application-decided',
  // For admins.
  'reconciliation-finding',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** What each kind is called in the preferences and in the mail's unsubscribe line, and whom it is for. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; audience: NotificationAudience }> = {
  joined: { label: 'You joined a game', audience: 'player' },
  moved: { label: 'You were moved to another team', audience: 'player' },
  removed: { label: 'You were removed from a game', audience: 'player' },
  refunded: { label: 'A refund was issued to you', audience: 'player' },
  'credit-granted': { label: 'Playtime credit was added to your account', audience: 'player' },
  'game-cancelled': { label: 'A game you joined was cancelled', audience: 'player' },
  'spot-offered': { label: 'A spot is offered to you', audience: 'player' },
  reminder: { label: 'Reminder before your game', audience: 'player' },
  'attendance-marked': { label: 'You were marked Late or No-show', audience: 'player' },
  'chat-mention': { label: 'Someone mentioned you in a game chat', audience: 'player' },
  'booking-confirmed': { label: 'Your booking is confirmed', audience: 'captain' },
  'player-joined': { label: 'A player joined your game', audience: 'captain' },
  'player-left': { label: 'A player left your game', audience: 'captain' },
  'minimum-reached': { label: 'Your game reached its minimum', audience: 'captain' },
  'minimum-missed': { label: 'Your game missed its minimum', audience: 'captain' },
  'field-booked': { label: 'A booking on your field', audience: 'owner' },
  'booking-cancelled': { label: 'A booking on your field was cancelled', audience: 'owner' },
  payout: { label: 'Money received for your field', audience: 'owner' },
  'application-decided': { label: 'Your partner application was decided', audience: 'partner' },
  'reconciliation-finding': { label: 'Reconciliation found a difference', audience: 'admin' },
};

export const NOTIFICATION_AUDIENCE_TITLES: Record<NotificationAudience, string> = {
  player: 'Playing',
  captain: 'Organizing',
  owner: 'Your fields',
  partner: 'Partnership',
  admin: 'Administration',
};

/** Members hear of their game this long before its start (issue #31: a setting, REMINDER_HOURS). */
export const DEFAULT_REMINDER_HOURS = 2;

/** Mail about an event older than this is not sent: a rebuilt read model must not mail the past again. */
export const NOTIFICATION_MAIL_MAX_AGE_MS = 60 * 60_000;

const teamName = (team: 0 | 1 | 2) => (team === 0 ? 'the sideline' : `Team ${team}`);

const money = formatDollars;

/**
 * Issue #45: what became of one player's entry when they lost their place without choosing to: charged
 * and refunded, or only held on their card and released (nothing was charged); null: nothing was paid.
 */
export type EntryOutcome = { kind: 'refunded'; amountCents: number } | { kind: 'released' } | null;

/** What became of a thin game's entries when it cancelled itself: how many were refunded, how many released. */
export interface EntriesOutcome {
  refunded: number;
  released: number;
}

/** The organizer's sentence about a cancelled game's entries: what each kind of entry came to. */
function entriesOutcomeText({ refunded, released }: EntriesOutcome): string {
  if (refunded > 0 && released > 0)
    return ' Every entry fee charged is refunded, and the holds on the other cards are released.';
  if (refunded > 0) return ' Every entry fee is refunded.';
  if (released > 0) return ' No card was charged: every hold is released.';
  return '';
}

/**
 * Every notification's text, from what its event says. `game` is the game's name with its start
 * ('Tuesday Kickabout on Tue, Dec 1, 6:00 PM'), in the field's time zone; `time` a time there.
 */
export const NOTIFICATION_TEXTS = {
  joined: (game: string) => `You joined ${game}.`,
  moved: (game: string, team: 0 | 1 | 2) => `The organizer moved you to ${teamName(team)} in ${game}.`,
  removed: (game: string, entry: EntryOutcome) =>
    entry?.kind === 'refunded'
      ? `The organizer removed you from ${game}. Your entry fee of ${money(entry.amountCents)} was refunded.`
      : entry?.kind === 'released'
        ? `The organizer removed you from ${game}. ${HOLD_RELEASED}`
        : `The organizer removed you from ${game}.`,
  refunded: (amountCents: number, what: string) => `You were refunded ${money(amountCents)} for ${what}.`,
  /** Issue #45: why credit came, by the grant's reason (the wallet's reasons); `what` is the game, or an entry. */
  creditGranted: (amountCents: number, reason: string, what: string) => {
    const amount = money(amountCents);
    switch (reason) {
      case 'checkout_unused':
        return `${amount} of Playtime credit is back in your account: your checkout for ${what} was not completed.`;
      case 'place_refilled':
        return `Your place in ${what} was taken again: your entry of ${amount} is back as Playtime credit.`;
      case 'left_in_free_window':
        return `You left ${what} within free cancellation: ${amount} is back as Playtime credit.`;
      default:
        return `${amount} was refunded to your Playtime credit for ${what}.`;
    }
  },
  gameCancelled: (game: string, why: string, entry: EntryOutcome) =>
    `${game} was cancelled: ${why}.${
      entry?.kind === 'refunded'
        ? ' Your entry fee is refunded in full.'
        : entry?.kind === 'released'
          ? ` ${HOLD_RELEASED}`
          : ''
    }`,
  spotOffered: (game: string, team: 1 | 2, deadline: string) =>
    `A spot opened on Team ${team} in ${game}. Take it by ${deadline}.`,
  /** Issue #45: a party on the waitlist is offered a place for each of them. */
  placeOffered: (game: string, deadline: string, guests = 0) =>
    guests === 0
      ? `A place opened in ${game}. Pay and join by ${deadline}, or it passes to the next on the waitlist.`
      : `Places opened in ${game} for you and your ${guests === 1 ? 'guest' : `${guests} guests`}. Pay and join by ${deadline}, or they pass to the next on the waitlist.`,
  /** The mail names the map's address; the bell shows it as a short link instead (mapUrl, issue #41). */
  reminder: (game: string, address: string, team: 0 | 1 | 2, mapUrl?: string) =>
    `Reminder: ${game} at ${address}${mapUrl ? ` (map: ${mapUrl})` : ''}. You play on ${teamName(team)}.`,
  chatMention: (username: string, game: string) => `${username} mentioned you in the chat of ${game}.`,
  bookingConfirmed: (game: string, place: string) => `Your booking is confirmed: ${game} at ${place}.`,
  playerJoined: (username: string, game: string) => `${username} joined ${game}.`,
  playerLeft: (username: string, game: string) => `${username} left ${game}.`,
  minimumReached: (game: string, minPlayers: number) =>
    `${game} has reached its minimum of ${minPlayers} players: it goes ahead.`,
  minimumMissed: (game: string, minPlayers: number | null, entries: EntriesOutcome) =>
    `${game} was cancelled by itself: ${cancellationWhy('too_few_players', minPlayers)}.${entriesOutcomeText(entries)}`,
  fieldBooked: (organizer: string, place: string, game: string) => `${organizer} booked ${place} for ${game}.`,
  bookingCancelled: (place: string, game: string) => `The booking of ${place} for ${game} was cancelled.`,
  payout: (amountCents: number, what: string) => `You received ${money(amountCents)} for ${what}.`,
  applicationApproved: 'Your partner application was approved: you are a field owner now. Add your first field.',
  applicationDeclined: 'Your partner application was declined.',
  reconciliationFinding: (paymentId: string, kind: string, resolution: string) =>
    resolution === 'applied'
      ? `Reconciliation applied a payment the ledger had missed (${paymentId}: ${kind.replaceAll('_', ' ')}).`
      : `Reconciliation found a payment that needs attention (${paymentId}: ${kind.replaceAll('_', ' ')}).`,
  /** What a refund or payment was for when the game is unknown to notifications (before it was scheduled). */
  aRental: 'a field rental',
  anEntry: 'a game entry',
} as const;

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  text: string;
  /** Where it leads in the app (a path), or null. */
  link: string | null;
  /** Where the game is on OpenStreetMap (a reminder), or null: the bell shows it as a short link. */
  mapUrl: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationList {
  items: NotificationItem[];
  unread: number;
}

export interface NotificationPreference {
  kind: NotificationKind;
  inApp: boolean;
  email: boolean;
  /** Issue #46: pushed to the user's subscribed devices (contract/push.ts). */
  push: boolean;
}

export interface NotificationPreferences {
  preferences: NotificationPreference[];
}
