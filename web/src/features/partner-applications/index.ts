/** The partner applications feature's public surface: the admin's list, the claim notice, and the application page (loaded on first visit). */
export { FieldOwnerApplications } from './field-owner-applications';

export const loadPartnerApplicationPage = () => import('./partner-application-page');
/** Only a signed-in user sees it, so it loads after login rather than with the first page. */
export const loadPartnerClaimNotice = () => import('./partner-claim-notice');
