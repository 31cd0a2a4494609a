/** The audit feature's public surface: the admin's event history. */
export { EventHistory } from './event-history';
