import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import type pg from 'pg';
import {
  ROTATE_CALENDAR_FEED_PATH,
  calendarFeedUrl,
  type CalendarFeedAnswer,
} from '@playtime/shared/contract/calendar';
import { STALE_HEADER } from '@playtime/shared/contract/headers';
import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { adminDeleteUserBody, adminEditUserBody, editUserBody } from '@playtime/shared/contract/users';
import { DEFAULT_AVATAR } from '@playtime/shared/domain/pictures/addresses';
import { userDecider } from '@playtime/shared/domain/users/decider';
import { userStream } from '@playtime/shared/domain/users/events';
import { parseBody } from '@playtime/shared/infra/http/errors';
import {
  requireIdentity,
  requireUser,
  type ResolveUser,
  type VerifyAccessToken,
} from '@playtime/shared/infra/http/current-user';
import { formatCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { POSITION_HEADER, runCommand, type CommandDependencies } from '../http/run-command';
import { changeRole, deleteUser, registerUser, type RegistrationDependencies } from './accounts';

export type UserCommandDependencies = CommandDependencies &
  RegistrationDependencies & {
    pool: pg.Pool;
    resolveUser: ResolveUser;
    identity: { verify: VerifyAccessToken };
    /** The app's public address: a calendar feed's address starts with it. */
    publicUrl: string;
    /** How far each projection has applied the log: a new feed address is answered once it is readable. */
    progress: Pick<ProjectionProgress, 'waitFor'>;
    /** READ_WAIT_MS: the longest that answer waits for the calendar read model. */
    readWaitMs: number;
  };

/** Commands on user accounts: a user registers and edits their profile; admins change roles and delete accounts. */
export function userCommandRoutes(deps: UserCommandDependencies): Router {
  const router = Router();

  // The web calls this after every login, before anything else; reads never register anyone.
  router.post('/api/register-user', requireIdentity(deps.identity.verify), async (req, res) => {
    const identity = req.identity!;
    const { userId, appended } = await registerUser(deps, {
      issuer: identity.iss,
      subject: identity.sub,
      email: identity.email ?? '',
      emailVerified: identity.emailVerified,
      nickname: identity.nickname ?? identity.name ?? '',
      profilePicture: identity.picture ?? DEFAULT_AVATAR,
      demoRole: identity.demoRole,
    });
    // Logging in gives no role: an approved partner application is applied to the account once, when decided or claimed.
    if (appended) res.setHeader(POSITION_HEADER, formatCheckpoint(appended.checkpoint));
    res.json({ userId });
  });

  router.post('/api/edit-user', requireUser(deps.resolveUser), async (req, res) => {
    const body = parseBody(editUserBody, req.body);
    await runCommand(deps, req, res, userDecider, userStream(req.user!.userId), { type: 'EditProfile', ...body });
    res.json({ ok: true });
  });

  // A new private address for the caller's calendar feed; the old one stops answering (issue #31).
  router.post(ROTATE_CALENDAR_FEED_PATH, requireUser(deps.resolveUser), async (req, res) => {
    const feedId = randomBytes(24).toString('base64url');
    const { position } = await runCommand(deps, req, res, userDecider, userStream(req.user!.userId), {
      type: 'RotateCalendarFeed',
      feedId,
    });
    // The address is answered once the feed answers at it (issue #41): a person pastes it into a
    // calendar app at once, and calendar apps send no position to wait for. A wait that runs out says so.
    if (position && !(await deps.progress.waitFor([PROJECTIONS.calendar], position, deps.readWaitMs)))
      res.setHeader(STALE_HEADER, 'true');
    const answer: CalendarFeedAnswer = { url: calendarFeedUrl(deps.publicUrl, feedId) };
    res.json(answer);
  });

  router.post('/api/admin-edit-user', requireUser(deps.resolveUser, ['admin']), async (req, res) => {
    const body = parseBody(adminEditUserBody, req.body);
    await changeRole(deps, req, res, body.userId, body.role);
    res.json({ ok: true });
  });

  router.post('/api/admin-delete-user', requireUser(deps.resolveUser, ['admin']), async (req, res) => {
    const body = parseBody(adminDeleteUserBody, req.body);
    await deleteUser(deps, req, res, body.userId);
    res.json({ ok: true });
  });

  return router;
}
