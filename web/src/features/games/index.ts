/** The games feature's public surface: the player's games for the profile, and the pages, each loaded on first visit. */
import type { QueryClient } from '@tanstack/react-query';
import { gameDataQuery } from './api/game-data';

export { useMyGames } from './api/play';
export { JoinNextWeek } from './play/join-next-week';
export { playKeys } from './api/query-keys';

/** Starts fetching a game's page data: the route calls it, so the request runs beside the page's code download. */
export const prefetchGameData = (queryClient: QueryClient, gameId: string) =>
  queryClient.prefetchQuery(gameDataQuery(gameId));

export const loadSearchPage = () => import('./search-page');
export const loadGameDetailsPage = () => import('./game-details-page');
export const loadOrganizeLayout = () => import('./organize/organize-layout');
export const loadOrganizerGamesPage = () => import('./organize/organizer-games-page');
export const loadOrganizeWizardPage = () => import('./organize/organize-wizard-page');
