import { FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/decider';
import { Router } from 'express';
import {
  addAvailabilityBody,
  deleteAvailabilityBody,
  editAvailabilityBody,
} from '@playtime/shared/contract/availability';
import { availabilityDecider, NO_SUCH_SUBFIELD, NO_SUCH_WINDOW } from '@playtime/shared/domain/availability/decider';
import { subFieldStream } from '@playtime/shared/domain/availability/events';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { findSubField, findSubFieldOfWindow } from '@playtime/shared/game-loop/sub-fields';
import { runCommand, type CommandDependencies } from '../http/run-command';
import { timeZoneOf } from '@playtime/shared/infra/http/time-zone';

export type AvailabilityCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  /** AVAILABILITY_MAX_DAYS_AHEAD: how far ahead a window may start. */
  availabilityMaxDaysAhead: number;
};

/** Commands on sub-field availability (spec §7 field-schedule calls), for the field's owner and admins. */
export function availabilityCommandRoutes(deps: AvailabilityCommandDependencies): Router {
  const router = Router();
  const fieldManager = requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS);

  router.post('/api/add-field-schedule', fieldManager, async (req, res) => {
    const body = parseBody(addAvailabilityBody, req.body);
    const timeZone = timeZoneOf(req);
    const subField = await findSubField(deps, body.subFieldId);
    if (!subField) throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    const outcome = await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), {
      type: 'AddAvailability',
      subField,
      startDate: body.startDate,
      endDate: body.endDate,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone,
      maxDaysAhead: deps.availabilityMaxDaysAhead,
    });
    const added = outcome.events.find((event) => event.type === 'AvailabilityAdded');
    if (!added) throw new Error('AddAvailability decided no AvailabilityAdded event');
    res.json({ ok: true, fieldScheduleId: added.data.windowId });
  });

  router.post('/api/edit-field-schedule', fieldManager, async (req, res) => {
    const body = parseBody(editAvailabilityBody, req.body);
    const timeZone = timeZoneOf(req);
    const subField = await findSubFieldOfWindow(deps, body.fieldScheduleId);
    if (!subField) throw new ApiError(404, 'availability_not_found', NO_SUCH_WINDOW);
    await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), {
      type: 'ChangeAvailability',
      subField,
      windowId: body.fieldScheduleId,
      startDate: body.startDate,
      endDate: body.endDate,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone,
      maxDaysAhead: deps.availabilityMaxDaysAhead,
    });
    res.json({ ok: true });
  });

  router.post('/api/delete-field-schedule', fieldManager, async (req, res) => {
    const body = parseBody(deleteAvailabilityBody, req.body);
    const timeZone = timeZoneOf(req);
    const subField = await findSubFieldOfWindow(deps, body.fieldScheduleId);
    if (!subField) throw new ApiError(404, 'availability_not_found', NO_SUCH_WINDOW);
    await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), {
      type: 'RemoveAvailability',
      subField,
      windowId: body.fieldScheduleId,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone,
    });
    res.json({ ok: true });
  });

  return router;
}
