/** The audit feature's public surface: the admin's event history and the game page's as-of panel. */
export { AsOfPanel } from './as-of-panel';
export { EventHistory } from './event-history';
