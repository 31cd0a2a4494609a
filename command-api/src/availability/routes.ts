import { ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/messages';
import { FIELD_MANAGER_ROLES } from '@playtime/shared/domain/fields/rules';
import { Router } from 'express';
import {
  addAvailabilityBody,
  closeFieldDayBody,
  deleteAvailabilityBody,
  editAvailabilityBody,
  previewActionOf,
  type AvailabilityPreview,
  type ClosedDayAnswer,
} from '@playtime/shared/contract/availability';
import { availabilityDecider } from '@playtime/shared/domain/availability/decider';
import type {
  AvailabilityCommand,
  SubFieldRef,
  WeeklyAvailabilityCommand,
} from '@playtime/shared/domain/availability/commands/types';
import { NO_SUCH_SUBFIELD, NO_SUCH_WINDOW } from '@playtime/shared/domain/availability/messages';
import { weeklyPlan } from '@playtime/shared/domain/availability/policies/weekly-plan';
import { previewWeekly } from '@playtime/shared/domain/availability/preview-weekly';
import { refuseUnlessOwnerOrAdmin } from '@playtime/shared/domain/availability/policies/ownership';
import { REPEAT_MESSAGES } from '@playtime/shared/domain/availability/weekly';
import { DomainError } from '@playtime/shared/domain/decider';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import type { Request } from 'express';
import { subFieldStream } from '@playtime/shared/domain/availability/events';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { findFieldCalendar, findSubField, findSubFieldOfWindow } from '@playtime/shared/game-loop/sub-fields';
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

  /** The add-field-schedule body as its command: one window, or with `repeat` a weekly set (issue #30). */
  async function addCommand(req: Request): Promise<{ subField: SubFieldRef; command: AvailabilityCommand }> {
    const body = parseBody(addAvailabilityBody, req.body);
    const timeZone = timeZoneOf(req);
    const subField = await findSubField(deps, body.subFieldId);
    if (!subField) throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    const common = {
      subField,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone,
      maxDaysAhead: deps.availabilityMaxDaysAhead,
    };
    if (!body.repeat)
      return {
        subField,
        command: { type: 'AddAvailability', ...common, startDate: body.startDate, endDate: body.endDate },
      };
    const fieldTimeZone = await fieldTimeZoneOf(subField);
    return {
      subField,
      command: {
        type: 'AddWeeklyAvailability',
        ...common,
        rule: { ...body.repeat, startDate: body.startDate, endDate: body.endDate, fieldTimeZone },
      },
    };
  }

  /** The edit-field-schedule body as its command: the window alone, or its set from it on. */
  async function editCommand(req: Request): Promise<{ subField: SubFieldRef; command: AvailabilityCommand }> {
    const body = parseBody(editAvailabilityBody, req.body);
    const timeZone = timeZoneOf(req);
    const subField = await findSubFieldOfWindow(deps, body.fieldScheduleId);
    if (!subField) throw new ApiError(404, 'availability_not_found', NO_SUCH_WINDOW);
    const common = {
      subField,
      windowId: body.fieldScheduleId,
      startDate: body.startDate,
      endDate: body.endDate,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone,
      maxDaysAhead: deps.availabilityMaxDaysAhead,
    };
    if (body.scope === 'window') return { subField, command: { type: 'ChangeAvailability', ...common } };
    return {
      subField,
      command: { type: 'ChangeAvailabilitySet', ...common, fieldTimeZone: await fieldTimeZoneOf(subField) },
    };
  }

  /** The delete-field-schedule body as its command: the window alone, or its set from it on. */
  async function deleteCommand(req: Request): Promise<{ subField: SubFieldRef; command: AvailabilityCommand }> {
    const body = parseBody(deleteAvailabilityBody, req.body);
    const subField = await findSubFieldOfWindow(deps, body.fieldScheduleId);
    if (!subField) throw new ApiError(404, 'availability_not_found', NO_SUCH_WINDOW);
    const command = {
      subField,
      windowId: body.fieldScheduleId,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone: timeZoneOf(req),
    };
    return {
      subField,
      command: { type: body.scope === 'window' ? 'RemoveAvailability' : 'RemoveAvailabilitySet', ...command },
    };
  }

  async function fieldTimeZoneOf(subField: SubFieldRef): Promise<string> {
    const field = await findFieldCalendar(deps, subField.fieldId);
    if (!field) throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    return field.timeZone;
  }

  router.post('/api/add-field-schedule', fieldManager, async (req, res) => {
    const { subField, command } = await addCommand(req);
    const outcome = await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), command);
    const added = outcome.events.filter((event) => event.type === 'AvailabilityAdded');
    if (added.length === 0) throw new Error('An add of availability decided no AvailabilityAdded event');
    const set = outcome.events.find((event) => event.type === 'AvailabilitySetAdded');
    // One window answers as the spec's call does; a weekly set also names its windows and its set.
    if (!set) return void res.json({ ok: true, fieldScheduleId: added[0]!.data.windowId });
    res.json({
      ok: true,
      fieldScheduleId: added[0]!.data.windowId,
      setId: set.data.setId,
      fieldScheduleIds: added.map((event) => event.data.windowId),
    });
  });

  router.post('/api/edit-field-schedule', fieldManager, async (req, res) => {
    const { subField, command } = await editCommand(req);
    await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), command);
    res.json({ ok: true });
  });

  router.post('/api/delete-field-schedule', fieldManager, async (req, res) => {
    const { subField, command } = await deleteCommand(req);
    await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), command);
    res.json({ ok: true });
  });

  // What an add, edit or delete would do, decided on the sub-field's stream as it is now; nothing is saved.
  router.post('/api/preview-field-schedule', fieldManager, async (req, res) => {
    // The body is the call's own body beside `action`, which each call's schema leaves out.
    const { action } = parseBody(previewActionOf, req.body);
    const commandOf = { add: addCommand, edit: editCommand, delete: deleteCommand }[action];
    const { subField, command } = await commandOf(req);
    // A preview names the games booked on the sub-field: only its owner or an admin asks for one.
    refuseUnlessOwnerOrAdmin(subField, { actorId: req.user!.userId }, req.user!.role === 'admin');
    const state = await currentState(
      deps.store,
      availabilityDecider,
      subFieldStream(subField.subFieldId),
      deps.streamStates,
    );
    const context = { now: deps.now(), newId: deps.newId, actorId: req.user!.userId };
    res.json(previewOf(command, state, context));
  });

  // 'Closed on 25 Dec': every sub-field of the field loses that day's availability, one decision each.
  router.post('/api/close-field-day', fieldManager, async (req, res) => {
    const body = parseBody(closeFieldDayBody, req.body);
    const field = await findFieldCalendar(deps, body.fieldId);
    if (!field) throw new ApiError(404, 'field_not_found', 'There is no field with this id.');
    // The refusal below names the day's games: only the field's owner or an admin gets that far.
    refuseUnlessOwnerOrAdmin(field, { actorId: req.user!.userId }, req.user!.role === 'admin');
    const commandOn = (subField: SubFieldRef): WeeklyAvailabilityCommand => ({
      type: 'CloseDay',
      subField,
      date: body.date,
      fieldTimeZone: field.timeZone,
      actorIsAdmin: req.user!.role === 'admin',
      timeZone: timeZoneOf(req),
    });
    // The day's bookings on every sub-field are named first, before any sub-field closes; each sub-field's
    // own decision refuses them again, so a game booked meanwhile is never stranded.
    const now = deps.now();
    const booked = [];
    for (const subField of field.subFields) {
      const state = await currentState(
        deps.store,
        availabilityDecider,
        subFieldStream(subField.subFieldId),
        deps.streamStates,
      );
      if (state.closed) continue;
      booked.push(...weeklyPlan(commandOn(subField), state, now).bookings);
    }
    if (booked.length > 0) {
      booked.sort((a, b) => a.start - b.start);
      throw new DomainError(
        'conflict',
        'booked_on_closed_day',
        REPEAT_MESSAGES.bookedOnClosedDay(body.date, booked, timeZoneOf(req)),
      );
    }
    for (const subField of field.subFields)
      await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), commandOn(subField));
    res.json({ ok: true, message: REPEAT_MESSAGES.closedOn(body.date) } satisfies ClosedDayAnswer);
  });

  return router;
}

const timesOf = (span: { start: number; end: number }) => ({
  startDate: new Date(span.start).toISOString(),
  endDate: new Date(span.end).toISOString(),
});

/** The what-if answer of any availability command: a weekly one's plan, or one window's add, edit or delete. */
function previewOf(
  command: AvailabilityCommand,
  state: Parameters<typeof previewWeekly>[1],
  context: Parameters<typeof previewWeekly>[2],
): AvailabilityPreview {
  if (
    command.type === 'AddWeeklyAvailability' ||
    command.type === 'ChangeAvailabilitySet' ||
    command.type === 'RemoveAvailabilitySet' ||
    command.type === 'CloseDay'
  ) {
    const plan = previewWeekly(command, state, context);
    return {
      created: plan.added.length,
      changed: plan.changed.length,
      removed: plan.removed.length,
      windows: [...plan.added, ...plan.changed].sort((a, b) => a.start - b.start).map(timesOf),
      overlaps: plan.overlaps.map(timesOf),
      touching: plan.touching.map(timesOf),
      bookings: plan.bookings.map((booking) => ({
        gameId: booking.gameId,
        name: booking.gameName,
        ...timesOf(booking),
      })),
      refusal: plan.refusal,
    };
  }
  // One window: the decision itself says what it would do, or why not.
  let refusal: AvailabilityPreview['refusal'] = null;
  let events: ReturnType<typeof availabilityDecider.decide> = [];
  try {
    events = availabilityDecider.decide(command, state, context);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refusal = { code: error.code, message: error.message };
  }
  const span =
    'startDate' in command ? { start: command.startDate.getTime(), end: command.endDate.getTime() } : undefined;
  const others = state.windows.filter((window) => !('windowId' in command) || window.windowId !== command.windowId);
  const overlaps = span && others.some((o) => o.start < span.end && span.start < o.end) ? [timesOf(span)] : [];
  const touching =
    span && overlaps.length === 0 && others.some((o) => o.end === span.start || o.start === span.end)
      ? [timesOf(span)]
      : [];
  return {
    created: events.filter((event) => event.type === 'AvailabilityAdded').length,
    changed: events.filter((event) => event.type === 'AvailabilityChanged').length,
    removed: events.filter((event) => event.type === 'AvailabilityRemoved').length,
    windows: span && command.type !== 'RemoveAvailability' ? [timesOf(span)] : [],
    overlaps,
    touching,
    // A single window's refusal names the one booking it would strand, in its message.
    bookings: [],
    refusal,
  };
}
