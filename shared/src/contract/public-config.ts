import type { PaymentsConfig } from './payments';

/** What the server tells an anonymous browser before anything else (GET /api/public-config). */
export interface PublicConfig {
  auth: {
    /** Identity provider base URL, e.g. 'http://localhost:3000/oidc' or an Auth0 tenant domain. */
    domain: string;
    clientId: string;
    audience: string;
    /**
     * Other origins the embedded provider answers at (each loopback name beside PUBLIC_URL). A page
     * opened at one of them talks to the provider at its own origin, so its session cookie stays
     * first-party and a reload finds the session. Absent with Auth0.
     */
    alsoAt?: string[];
  };
  /** External partner-request form; null means the in-app application page is used. */
  partnerFormUrl: string | null;
  /** Which card processor the payment dialog talks to. */
  payments: PaymentsConfig;
}
