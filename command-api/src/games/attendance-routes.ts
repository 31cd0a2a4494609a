import { Router, type Request } from 'express';
import {
  checkInBody,
  clearAttendanceMarkBody,
  markAttendanceBody,
  setMinReliabilityBody,
} from '@playtime/shared/contract/attendance';
import { checkInSignerOf } from '@playtime/shared/game-loop/check-in/check-in-codes';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import type { CommandDependencies } from '../http/run-command';
import { commandOnGameOf } from './routes';

export type AttendanceCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  /** Signs check-in codes (CHECK_IN_SECRET, or the deployment's derived one): the read API shows them. */
  checkInSecret: string;
};

const isAdmin = (req: Request) => req.user!.role === 'admin';

/**
 * Issue #44: check-in at the field with the organizer's code, the organizer's attendance marks, and an
 * admin's clearing of a mark with a reason, and 'Reliable players only'. Each is a decision on the game's stream.
 */
export function attendanceCommandRoutes(deps: AttendanceCommandDependencies): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  const decideOnGame = commandOnGameOf(deps);

  router.post('/api/check-in', signedIn, async (req, res) => {
    const { gameId, code } = parseBody(checkInBody, req.body);
    await decideOnGame(req, res, gameId, {
      type: 'CheckIn',
      code,
      codeOf: checkInSignerOf(deps.checkInSecret, gameId),
    });
  });

  router.post('/api/mark-attendance', signedIn, async (req, res) => {
    const { gameId, participantId, status } = parseBody(markAttendanceBody, req.body);
    const actorIsAdmin = isAdmin(req);
    await decideOnGame(req, res, gameId, { type: 'MarkAttendance', playerId: participantId, status, actorIsAdmin });
  });

  router.post('/api/admin/clear-attendance-mark', signedIn, async (req, res) => {
    const { gameId, participantId, reason } = parseBody(clearAttendanceMarkBody, req.body);
    const actorIsAdmin = isAdmin(req);
    await decideOnGame(req, res, gameId, {
      type: 'ClearAttendanceMark',
      playerId: participantId,
      reason,
      actorIsAdmin,
    });
  });

  router.post('/api/set-min-reliability', signedIn, async (req, res) => {
    const { gameId, minReliability } = parseBody(setMinReliabilityBody, req.body);
    const actorIsAdmin = isAdmin(req);
    await decideOnGame(req, res, gameId, { type: 'SetMinReliability', minReliability, actorIsAdmin });
  });

  return router;
}
