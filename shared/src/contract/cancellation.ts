/**
 * Why a game was cancelled, as its players read it: the bell and the mail (contract/notifications) and
 * a cancelled game's card (contract/game-page) say it alike. A module of its own without zod, so the
 * pages that show cards (search, the game page) do not download the notifications' schemas.
 */

/** The event's reason; none: its organizer or an admin cancelled it. */
export function cancellationWhy(reason: string | undefined, minPlayers: number | null): string {
  switch (reason) {
    case 'too_few_players':
      return minPlayers
        ? `fewer than ${minPlayers} players had joined by the decision time`
        : 'too few players had joined by the decision time';
    case 'organizer_deleted':
      return "the organizer's account was deleted";
    case 'owner_deleted':
      return "the field owner's account was deleted";
    default:
      return 'the organizer cancelled it';
  }
}
