/** The audit feature's public surface: the admin's event history and the game page's as-of panel (loaded when an admin opens it). */
export { EventHistory } from './event-history';

export const loadAsOfPanel = () => import('./as-of-panel');
