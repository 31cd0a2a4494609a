/** The notifications feature's public surface: the header's bell and the profile's preferences (loaded after login). */
export const loadNotificationBell = () => import('./notification-bell');
export { NotificationPreferencesCard } from './notification-preferences-card';
