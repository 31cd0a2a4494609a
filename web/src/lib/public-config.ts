import type { PaymentsConfig } from '@playtime/shared/contract/payments';
import { apiGet } from './api-client';

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
  /** Which card processor the payment dialog talks to (absent from an older server: the simulated one). */
  payments?: PaymentsConfig;
}

export const publicConfigQueryKey = ['public-config'] as const;

let pending: Promise<PublicConfig> | undefined;

/** Fetched once per page load and shared by auth start-up and the landing page. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= apiGet<PublicConfig>('/api/public-config').catch((error: unknown) => {
    pending = undefined; // let the next caller retry
    throw error;
  });
  return pending;
}
