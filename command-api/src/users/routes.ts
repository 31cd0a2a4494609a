import { Router } from 'express';
import { z } from 'zod';
import { userDecider } from '@playtime/shared/domain/users/decider';
import { ROLES, userStream } from '@playtime/shared/domain/users/events';
import { parseBody } from '@playtime/shared/infra/http/errors';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { runCommand, type CommandDependencies } from '../http/run-command';

const editUserBody = z.object({
  username: z.string().max(100),
  bio: z.string().max(2000).default(''),
  profilePicture: z.string().max(500).default(''),
});
const adminEditUserBody = z.object({ userId: z.string().min(1, 'userId is required'), role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }) });
const adminDeleteUserBody = z.object({ userId: z.string().min(1, 'userId is required') });

/** Commands on user accounts: a user edits their profile; admins change roles and delete accounts. */
export function userCommandRoutes(deps: CommandDependencies & { resolveUser: ResolveUser }): Router {
  const router = Router();

  router.post('/api/edit-user', requireUser(deps.resolveUser), async (req, res) => {
    const body = parseBody(editUserBody, req.body);
    await runCommand(deps, req, res, userDecider, userStream(req.user!.userId), { type: 'EditProfile', ...body });
    res.json({ ok: true });
  });

  router.post('/api/admin-edit-user', requireUser(deps.resolveUser, ['admin']), async (req, res) => {
    const body = parseBody(adminEditUserBody, req.body);
    await runCommand(deps, req, res, userDecider, userStream(body.userId), { type: 'ChangeRole', role: body.role });
    res.json({ ok: true });
  });

  router.post('/api/admin-delete-user', requireUser(deps.resolveUser, ['admin']), async (req, res) => {
    const body = parseBody(adminDeleteUserBody, req.body);
    await runCommand(deps, req, res, userDecider, userStream(body.userId), { type: 'DeleteUser' });
    res.json({ ok: true });
  });

  return router;
}
