import { z } from 'zod';
import { PROFILE_PICTURE_REFUSED, isProfilePicture } from '../domain/pictures/addresses';
import { ROLES, type Role } from '../domain/users/events';
import { requiredId, singleLineText, storableText } from './text';
import { formatDollars } from '../domain/money';
import type { Reliability } from './attendance';

export { ROLES, type Role };

export const USERNAME_MAX_LENGTH = 100;
export const PROFILE_PICTURE_MAX_LENGTH = 500;
/** What the request may carry; the domain's own (shorter) bio limit answers with its message. */
export const BIO_BODY_MAX_LENGTH = 2000;

/** POST /api/edit-user: the caller's own profile. */
export const editUserBody = z.object({
  username: singleLineText('username').max(USERNAME_MAX_LENGTH),
  bio: storableText('bio').max(BIO_BODY_MAX_LENGTH).default(''),
  profilePicture: storableText('profilePicture')
    .max(PROFILE_PICTURE_MAX_LENGTH)
    .refine(isProfilePicture, PROFILE_PICTURE_REFUSED)
    .default(''),
});
/** POST /api/admin-edit-user. */
export const adminEditUserBody = z.object({
  userId: requiredId('userId'),
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }),
});
/** POST /api/admin-delete-user. */
export const adminDeleteUserBody = z.object({ userId: requiredId('userId') });

/** POST /api/get-balance-of-account-from-username. */
export const balanceBody = z.object({
  name: singleLineText('name', 'name is required').min(1, 'name is required').max(USERNAME_MAX_LENGTH),
});

export const USER_PAGE_SIZES = [10, 20, 50] as const;
/** GET /api/get-users?page&pageSize. */
export const usersPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (size) => (USER_PAGE_SIZES as readonly number[]).includes(size),
      `pageSize must be ${USER_PAGE_SIZES.slice(0, -1).join(', ')} or ${USER_PAGE_SIZES.at(-1)}`,
    )
    .default(10),
});

/** GET /api/get-user: the logged-in user's record. */
export interface CurrentUser {
  userId: string;
  username: string;
  email: string;
  nickname: string;
  bio: string;
  profilePicture: string;
  role: Role;
  /** Issue #44: over the last 20 marked games; percent is 100 with 0 games (a new player). */
  reliability: Reliability;
}

/** A row of GET /api/get-users (its total in X-Total-Count). */
export interface AdminUserRow {
  userId: string;
  username: string;
  email: string;
  profilePicture: string | null;
  role: Role;
  /** Issue #44: no-shows within NO_SHOW_BAN_WINDOW_DAYS, and at which games (latest first), for an admin to clear. */
  noShows: number;
  noShowGameIds: string[];
}

/** The body of POST /api/edit-user as the profile page sends it. */
export interface EditUserInput {
  username: string;
  bio: string;
  profilePicture: string;
}

/** GET /api/admin/user-deletion-preview?userId and GET /api/admin/ledger?userId. */
export const adminUserQuery = z.object({ userId: requiredId('userId') });

/** An upcoming game a deleted player leaves (issue #41), with the entry it gives back (0: none held). */
export interface GameLeft {
  gameId: string;
  name: string;
  startDate: string;
  refundCents: number;
}

/**
 * What deleting an account will do (GET /api/admin/user-deletion-preview), which the admin's delete
 * dialog says before they confirm: the account's fields are withdrawn, every game not yet ended or
 * cancelled that it organized or that is played on its fields is cancelled with everything paid refunded,
 * and it leaves every other such game it plays in or waits for, its entry refunded (issue #41).
 */
export interface UserDeletionPreview {
  userId: string;
  /** The fields it owns, which leave search and holds. */
  fields: number;
  upcomingGames: number;
  /** Every paid entry and every paid rental of the cancelled games, and the entries of the games left, in cents. */
  refundCents: number;
  /** The other upcoming games the account plays in or waits for, soonest first. */
  gamesLeft: GameLeft[];
}

const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The delete dialog's line, e.g. 'Deletes 2 fields, cancels 3 upcoming games, refunds $84.00'. */
export function describeUserDeletion(
  preview: Pick<UserDeletionPreview, 'fields' | 'upcomingGames' | 'refundCents' | 'gamesLeft'>,
): string {
  const parts = [
    preview.fields > 0 ? `deletes ${counted(preview.fields, 'field')}` : null,
    preview.upcomingGames > 0 ? `cancels ${counted(preview.upcomingGames, 'upcoming game')}` : null,
    preview.gamesLeft.length > 0 ? `removes them from ${counted(preview.gamesLeft.length, 'upcoming game')}` : null,
    preview.refundCents > 0 ? `refunds ${formatDollars(preview.refundCents)}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return 'No fields or upcoming games: only the account is deleted.';
  const line = parts.join(', ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** A game the delete dialog lists (issue #41): 'Evening Cup, Tue 1 Dec, 18:00: entry of $5.00 refunded'. */
export function describeGameLeft(game: GameLeft, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(game.startDate));
  const refund = game.refundCents > 0 ? `entry of ${formatDollars(game.refundCents)} refunded` : 'no entry to refund';
  return `${game.name}, ${when}: ${refund}`;
}

/** At most this many of a receiver's ledger entries are listed, newest first. */
export const LEDGER_ENTRIES_LISTED = 500;

/**
 * A receiver's ledger as an admin reads it (GET /api/admin/ledger?userId), deleted accounts included:
 * deleting an account leaves its ledger as it was.
 */
export interface ReceiverLedger {
  userId: string;
  deleted: boolean;
  /** What they received, minus refunds and fees (DESIGN §7). */
  balanceCents: number;
  /** Newest first, at most LEDGER_ENTRIES_LISTED. */
  entries: Array<{ paymentId: string; kind: 'payment' | 'refund' | 'fee'; amountCents: number; recordedAt: string }>;
}
