import { Router } from 'express';
import { StreamStateCache } from '@playtime/shared/infra/commands/stream-state-cache';
import type { ResolveUser } from '@playtime/shared/infra/http/current-user';
import type { Geocoder } from '@playtime/shared/infra/geocoding/port';
import { fieldCommandRoutes } from './fields/routes';
import type { ReadModelDependencies } from './fields/read-model';
import type { CommandDependencies } from './http/run-command';
import { scheduleCommandRoutes } from './schedules/routes';
import { userCommandRoutes } from './users/routes';

export type CommandApiDependencies = CommandDependencies &
  ReadModelDependencies & {
    resolveUser: ResolveUser;
    /** Where ZIP codes are: createGeocoder(config). */
    geocoder: Geocoder;
  };

/** Every command route of the product, by capability. */
export function createCommandApi(dependencies: CommandApiDependencies): Router {
  const deps = { ...dependencies, streamStates: dependencies.streamStates ?? new StreamStateCache() };
  const router = Router();
  router.use(userCommandRoutes(deps));
  router.use(fieldCommandRoutes(deps));
  router.use(scheduleCommandRoutes(deps));
  return router;
}
