import { Router, type Response } from 'express';
import type pg from 'pg';
import { PROJECTION_NAMES } from '@playtime/shared/contract/projections';
import type { PublicConfig } from '@playtime/shared/contract/public-config';
import { noShowBanOf, type Config } from '@playtime/shared/infra/config/config';
import type { NoShowBan } from '@playtime/shared/domain/users/reliability';
import type { ServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import type { Geocoder } from '@playtime/shared/infra/geocoding/port';
import type { ResolveUser, VerifyAccessToken } from '@playtime/shared/infra/http/current-user';
import { ReadPosition, type ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { auditQueryRoutes } from './audit/routes';
import { calendarQueryRoutes } from './calendar/routes';
import { chatQueryRoutes } from './chat/routes';
import { notificationQueryRoutes } from './notifications/routes';
import { pushQueryRoutes } from './push/routes';
import { fieldQueryRoutes } from './fields/routes';
import { gameQueryRoutes } from './games/routes';
import { organizerGameListRoutes } from './games/organizer-routes';
import { checkInCodeRoutes } from './games/check-in-code-routes';
import { mailQueryRoutes } from './mail/routes';
import { operationsQueryRoutes, type OperationsQueryDependencies } from './operations/routes';
import { partnerQueryRoutes } from './partners/routes';
import { paymentQueryRoutes } from './payments/routes';
import { creditQueryRoutes } from './payments/credit-routes';
import { pictureQueryRoutes } from './pictures/routes';
import { readYourWrites } from './http/read-your-writes';
import { stampReadPosition } from './http/read-position';
import { availabilityQueryRoutes } from './availability/routes';
import { adminAccountQueryRoutes } from './users/admin-account-routes';
import { userQueryRoutes } from './users/routes';
import type { VapidKeys } from '@playtime/shared/infra/push/vapid';

export interface ReadApiDependencies {
  pool: pg.Pool;
  progress: ProjectionProgress;
  projections: string[];
  resolveUser: ResolveUser;
  /** Who a token says its bearer is (a partner application's claim needs the provider's word on the email). */
  identity: { verify: VerifyAccessToken };
  publicConfig: PublicConfig;
  readWaitMs: number;
  /** Where a typed ZIP code or US city is, for the search's location box: createGeocoder(config). */
  geocoder: Geocoder;
  /** The app's public address: calendar feed addresses and their games' links start with it. */
  publicUrl: string;
  metrics: OperationsQueryDependencies['metrics'];
  /** PARTNER_SHEET_URL: the published partner spreadsheet, when one is imported. */
  partnerSheetUrl: string | null;
  jobQueues: OperationsQueryDependencies['jobQueues'];
  /** Issue #44: signs check-in codes (ServiceParts.checkInSecret), as the command API verifies them. */
  checkInSecret: string;
  /** Issue #46: the deployment's VAPID keys (ServiceParts.vapid): browsers subscribe with the public one. */
  vapid: Pick<VapidKeys, 'publicKey'>;
  /** NO_SHOW_BAN_*: which no-shows count as recent (issue #44). */
  noShowBan: NoShowBan;
}

/** Every query route of the product, by capability. */
export function createReadApi(deps: ReadApiDependencies): Router {
  const router = Router();
  router.get('/api/public-config', (_req, res: Response<PublicConfig>) => {
    res.json(deps.publicConfig);
  });
  const readPosition = new ReadPosition(deps.pool, deps.projections);
  readPosition.start(deps.progress);
  router.use('/api', readYourWrites(deps), stampReadPosition(readPosition));
  const capabilities = [
    userQueryRoutes,
    adminAccountQueryRoutes,
    fieldQueryRoutes,
    availabilityQueryRoutes,
    gameQueryRoutes,
    organizerGameListRoutes,
    checkInCodeRoutes,
    auditQueryRoutes,
    partnerQueryRoutes,
    paymentQueryRoutes,
    creditQueryRoutes,
    operationsQueryRoutes,
    mailQueryRoutes,
    pictureQueryRoutes,
    calendarQueryRoutes,
    notificationQueryRoutes,
    chatQueryRoutes,
    pushQueryRoutes,
  ];
  for (const routesOf of capabilities) router.use(routesOf(deps));
  return router;
}

/** The read API as every entry composes it: the service's parts, the configuration's settings, every projection. */
export function readApiOf(
  parts: ServiceParts,
  config: Pick<
    Config,
    'READ_WAIT_MS' | 'PARTNER_SHEET_URL' | 'NO_SHOW_BAN_COUNT' | 'NO_SHOW_BAN_WINDOW_DAYS' | 'NO_SHOW_BAN_DAYS'
  >,
  deps: Pick<ReadApiDependencies, 'geocoder' | 'metrics' | 'jobQueues'>,
): Router {
  return createReadApi({
    ...parts,
    projections: PROJECTION_NAMES,
    readWaitMs: config.READ_WAIT_MS,
    partnerSheetUrl: config.PARTNER_SHEET_URL ?? null,
    noShowBan: noShowBanOf(config),
    ...deps,
  });
}
