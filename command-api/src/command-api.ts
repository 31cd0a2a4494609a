import { Router } from 'express';
import type { ResolveUser } from '@playtime/shared/infra/http/current-user';
import type { CommandDependencies } from './http/run-command';
import { userCommandRoutes } from './users/routes';

export type CommandApiDependencies = CommandDependencies & { resolveUser: ResolveUser };

/** Every command route of the product, by capability. */
export function createCommandApi(deps: CommandApiDependencies): Router {
  const router = Router();
  router.use(userCommandRoutes(deps));
  return router;
}
