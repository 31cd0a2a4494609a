import type { Role } from '../users/roles';

/** Who reads a game's page: a signed-in user, or a guest (null). */
export type GameViewer = { userId: string; role: Role } | null;

/**
 * Whose paid entries a game holds and who its organizer removed (with their refunds) is the organizer's
 * business (issue #41): the organizer and admins see all of it, a signed-in player only their own
 * (their page offers a free rejoin, or says they were removed), a guest none.
 */
export function rosterHistoryFor<Removed extends { userId: string }>(
  viewer: GameViewer,
  organizerId: string,
  history: { heldEntries: string[]; removed: Removed[] },
): { heldEntries: string[]; removed: Removed[] } {
  if (viewer && (viewer.userId === organizerId || viewer.role === 'admin')) return history;
  const own = (userId: string) => viewer !== null && userId === viewer.userId;
  return {
    heldEntries: history.heldEntries.filter(own),
    removed: history.removed.filter((removal) => own(removal.userId)),
  };
}
