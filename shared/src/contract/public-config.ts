import type { PaymentsConfig } from './payments';

/** What the server tells an anonymous browser before anything else (GET /api/public-config). */
export interface PublicConfig {
  auth: {
    /** Identity provider base URL, e.g. 'http://localhost:3000/oidc' or an Auth0 tenant domain. */
    domain: string;
    clientId: string;
    audience: string;
  };
  /** External partner-request form; null means the in-app application page is used. */
  partnerFormUrl: string | null;
  /** Which card processor the payment dialog talks to. */
  payments: PaymentsConfig;
}
