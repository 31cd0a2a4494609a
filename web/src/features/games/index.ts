/** The games feature's public surface: the player's games for the profile, and the pages, each loaded on first visit. */
export { useMyGames } from './api/play';
export { playKeys } from './api/query-keys';

export const loadSearchPage = () => import('./search-page');
export const loadGameDetailsPage = () => import('./game-details-page');
export const loadOrganizeLayout = () => import('./organize/organize-layout');
export const loadOrganizerGamesPage = () => import('./organize/organizer-games-page');
export const loadOrganizeWizardPage = () => import('./organize/organize-wizard-page');
