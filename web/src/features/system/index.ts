/** The system feature's public surface: the admin's system panel. */
export { SystemPanel } from './system-panel';
