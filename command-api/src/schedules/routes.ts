import { FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/decider';
import { Router } from 'express';
import { z } from 'zod';
import { availabilityDecider } from '@playtime/shared/domain/schedules/decider';
import { subFieldStream } from '@playtime/shared/domain/schedules/events';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { findSubField, findSubFieldOfWindow, type ReadModelDependencies } from '../fields/read-model';
import { runCommand, type CommandDependencies } from '../http/run-command';
import { timeZoneOf } from '../http/time-zone';

export type ScheduleCommandDependencies = CommandDependencies & ReadModelDependencies & { resolveUser: ResolveUser };

const id = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100);
/** The web sends Date objects, which JSON writes as ISO 8601 in UTC; a time without its zone would be a guess. */
const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 date and time with its zone, e.g. 2026-11-22T18:00:00Z` })
    .transform((value) => new Date(value));

const windowTimes = { startDate: instant('Start date'), endDate: instant('End date') };
const addBody = z.object({ subFieldId: id('subFieldId'), ...windowTimes });
const editBody = z.object({ fieldScheduleId: id('fieldScheduleId'), ...windowTimes });
const deleteBody = z.object({ fieldScheduleId: id('fieldScheduleId') });

const NO_SUCH_SUBFIELD = 'There is no sub-field with this id.';
const NO_SUCH_WINDOW = 'There is no availability with this id.';

/** Commands on sub-field availability (spec §7 schedule calls), for the field's owner and admins. */
export function scheduleCommandRoutes(deps: ScheduleCommandDependencies): Router {
  const router = Router();
  const fieldManager = requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS);

  router.post('/api/add-field-schedule', fieldManager, async (req, res) => {
    const body = parseBody(addBody, req.body);
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
    });
    const added = outcome.events.find((event) => event.type === 'AvailabilityAdded');
    if (!added) throw new Error('AddAvailability decided no AvailabilityAdded event');
    res.json({ ok: true, fieldScheduleId: added.data.fieldScheduleId });
  });

  router.post('/api/edit-field-schedule', fieldManager, async (req, res) => {
    const body = parseBody(editBody, req.body);
    const timeZone = timeZoneOf(req);
    const subField = await findSubFieldOfWindow(deps, body.fieldScheduleId);
    if (!subField) throw new ApiError(404, 'availability_not_found', NO_SUCH_WINDOW);
    await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), {
      type: 'ChangeAvailability',
      subField,
      fieldScheduleId: body.fieldScheduleId,
      startDate: body.startDate,
      endDate: body.endDate,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone,
    });
    res.json({ ok: true });
  });

  router.post('/api/delete-field-schedule', fieldManager, async (req, res) => {
    const body = parseBody(deleteBody, req.body);
    const subField = await findSubFieldOfWindow(deps, body.fieldScheduleId);
    if (!subField) throw new ApiError(404, 'availability_not_found', NO_SUCH_WINDOW);
    await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), {
      type: 'RemoveAvailability',
      subField,
      fieldScheduleId: body.fieldScheduleId,
      actorIsAdmin: req.user!.role === 'admin',
    });
    res.json({ ok: true });
  });

  return router;
}
