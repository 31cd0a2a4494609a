/**
 * Time travel: a stream's aggregate as it stood at a moment, for the admin's event history and the
 * game page (loaded when an admin opens it).
 */
export const loadAsOfPanel = () => import('./as-of-panel');
