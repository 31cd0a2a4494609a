import type { ServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { demoAccountIdentities } from '@playtime/shared/infra/identity/demo-accounts';
import type { Config } from '@playtime/shared/infra/config/config';
import type { Logger } from '@playtime/shared/infra/logging';
import { prepareUsersAtStart } from '../users/accounts';
import { demoPeople, seedDemoData, type DemoDataDependencies } from './demo-data';

/** Any number; only the processes of one deployment ever ask for it (see seedDemoAtStart). */
const SEEDING_LOCK = 0x706c6179;

/**
 * What every command side runs at start: registers the demo accounts the embedded identity provider
 * seeded (when it did), applies ADMIN_EMAILS (prepareUsersAtStart), then, when `seedDemo`, loads the
 * demo field and games once. Two command APIs starting together take turns (an advisory lock), and the
 * second finds the demo seeded. The demo's people are the demo accounts registered just before, named
 * by their own streams.
 */
export async function prepareAtStart(
  parts: ServiceParts,
  options: Pick<DemoDataDependencies, 'geocoder' | 'payments'> & {
    config: Config;
    logger: Logger;
    /** Standalone seeds the demo unless SEED_DEMO says otherwise; a service of many only when it says so. */
    standalone: boolean;
  },
): Promise<void> {
  const { config, logger } = options;
  const seedDemo = config.SEED_DEMO ?? options.standalone;
  const embedded = parts.identity.provider !== null;
  const accounts = embedded ? await demoAccountIdentities(parts.pool, `${parts.identity.auth.domain}/`) : [];
  const client = await parts.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SEEDING_LOCK]);
    await prepareUsersAtStart({ ...parts, accounts });
    if (!seedDemo) return;
    const people = await demoPeople(parts.store, accounts);
    if (!people) {
      logger.warn(
        embedded
          ? 'the demo accounts are not registered (the embedded provider seeded none): the demo field and games are loaded at the next start'
          : 'SEED_DEMO needs the embedded identity provider (its demo accounts own the demo field and games)',
      );
      return;
    }
    const seeded = await seedDemoData(
      {
        ...parts,
        geocoder: options.geocoder,
        payments: options.payments,
        cancellationWindowHours: config.CANCELLATION_WINDOW_HOURS,
        holdMinutes: config.HOLD_MINUTES,
      },
      people,
    );
    if (seeded) logger.info('seeded the demo field and games');
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SEEDING_LOCK]).catch(() => undefined);
    client.release();
  }
}
