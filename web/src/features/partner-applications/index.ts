/** The partner applications feature's public surface: the admin's list, the claim notice, and the application page (loaded on first visit). */
export { FieldOwnerApplications } from './field-owner-applications';
export { PartnerClaimNotice } from './partner-claim-notice';

export const loadPartnerApplicationPage = () => import('./partner-application-page');
