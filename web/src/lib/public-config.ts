import type { PublicConfig as ServedPublicConfig } from '@playtime/shared/contract/public-config';
import { apiGet } from './api-client';

/** GET /api/public-config as the browser reads it: an older server may not send `payments` (then the simulated processor). */
export type PublicConfig = Omit<ServedPublicConfig, 'payments'> & Partial<Pick<ServedPublicConfig, 'payments'>>;

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
