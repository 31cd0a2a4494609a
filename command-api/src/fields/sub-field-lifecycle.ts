import type { Request, Response } from 'express';
import { DomainError } from '@playtime/shared/domain/decider';
import { fieldDecider, SUBFIELDS_STILL_OPEN } from '@playtime/shared/domain/fields/decider';
import { fieldStream } from '@playtime/shared/domain/fields/events';
import { availabilityDecider } from '@playtime/shared/domain/availability/decider';
import type { SubFieldRef } from '@playtime/shared/domain/availability/commands/types';
import { subFieldStream, type SubFieldClosedReason } from '@playtime/shared/domain/availability/events';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { runCommand, type CommandDependencies } from '../http/run-command';
import { timeZoneOf } from '@playtime/shared/infra/http/time-zone';

/**
 * A sub-field's availability lives on its own stream, its existence on its field's stream. Commands
 * on availability find the sub-field through what this process found of it before (findSubField keeps
 * a sub-field it found), which does not learn of a removal, so the sub-field's own stream must know it
 * is gone: it is closed (SubFieldClosed) before the field's stream records the removal or the deletion.
 *
 * - An availability command racing a removal either lands before the close (its window leaves with
 *   the sub-field: the read model drops a closed sub-field's windows) or is refused after it.
 * - A crash between the two appends leaves a closed sub-field its field still lists: it takes no
 *   availability, and the same removal retried closes nothing more and completes on the field.
 */
const MAX_DELETE_ATTEMPTS = 5;
/**
 * A close competes with every availability change on the sub-field's stream; an owner's removal must
 * not lose to a burst of them (each lost race is decided again after a random, growing wait).
 */
const CLOSE_ATTEMPTS = 10;

const actorIsAdmin = (req: Request) => req.user?.role === 'admin';

function closeSubField(
  deps: CommandDependencies,
  req: Request,
  res: Response,
  subField: SubFieldRef,
  reason: SubFieldClosedReason,
) {
  const close = {
    type: 'CloseSubField' as const,
    subField,
    actorIsAdmin: actorIsAdmin(req),
    reason,
    timeZone: timeZoneOf(req),
  };
  return runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), close, {
    maxAttempts: CLOSE_ATTEMPTS,
  });
}

/** Removes a sub-field: closes its stream, then removes it from its field. */
export async function removeSubField(
  deps: CommandDependencies,
  req: Request,
  res: Response,
  subField: SubFieldRef,
): Promise<void> {
  await closeSubField(deps, req, res, subField, 'subfield_removed');
  await runCommand(deps, req, res, fieldDecider, fieldStream(subField.fieldId), {
    type: 'RemoveSubField',
    subFieldId: subField.subFieldId,
    actorIsAdmin: actorIsAdmin(req),
  });
}

/**
 * Deletes a field: closes every sub-field it has, then deletes it. The field's decider refuses the
 * deletion while a sub-field it lists was not closed (one added in the meantime): that one is closed
 * and the deletion tried again.
 */
export async function deleteField(
  deps: CommandDependencies,
  req: Request,
  res: Response,
  fieldId: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const field = await currentState(deps.store, fieldDecider, fieldStream(fieldId));
    // A field that is not active has nothing to close: the deletion below refuses it (404), as it refuses a stranger (403).
    const subFields: SubFieldRef[] =
      field.status === 'active'
        ? field.subFields.map((sub) => ({
            subFieldId: sub.subFieldId,
            fieldId,
            ownerId: field.ownerId,
            name: sub.name,
          }))
        : [];
    await Promise.all(subFields.map((subField) => closeSubField(deps, req, res, subField, 'field_deleted')));
    try {
      await runCommand(deps, req, res, fieldDecider, fieldStream(fieldId), {
        type: 'DeleteField',
        actorIsAdmin: actorIsAdmin(req),
        closedSubFieldIds: subFields.map((subField) => subField.subFieldId),
      });
      return;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === SUBFIELDS_STILL_OPEN) || attempt >= MAX_DELETE_ATTEMPTS)
        throw error;
    }
  }
}
