import { LRUCache } from 'lru-cache';
import { fieldDecider } from '../domain/fields/decider';
import { fieldStream, type FieldEvent } from '../domain/fields/events';
import type { SubFieldRef } from '../domain/availability/commands/types';
import type { AvailabilityEvent } from '../domain/availability/events';
import { currentState } from '../infra/commands/current-state';
import type { StreamStateCache } from '../infra/commands/stream-state-cache';
import type { EventStore } from '../infra/eventstore/port';

/**
 * Which streams a command on a sub-field writes, found from the ids the client sends (a sub-field's,
 * a hold's, an availability window's) in the log itself: the event that made the id names its stream,
 * and it was appended in the same transaction as the id was handed out, so a sub-field added or a slot
 * held a moment ago is found at once, with no read model to wait for. Only facts that never change
 * are taken from there (which field a sub-field belongs to, whose field that is, which sub-field a
 * hold or a window is on); whether the sub-field or the window is still there is decided by the
 * stream that owns it, which is why removing a sub-field closes its own stream (see sub-field-lifecycle).
 */
export interface SubFieldLookupDependencies {
  store: EventStore;
  /** The field streams' states this process knows: a field is read from where it was known. */
  streamStates?: StreamStateCache;
}

/**
 * Sub-fields found before, per store: their field, owner and name never change, so a busy organizer's
 * hold, checkout and booking look one up once. Only found sub-fields are kept; one removed since is
 * still refused by its own closed stream, with the same answer as a miss here.
 */
const knownSubFields = new WeakMap<EventStore, LRUCache<string, SubFieldRef>>();

/**
 * The sub-field's field and owner, for a command on the sub-field's own stream; none when the
 * sub-field was never added, was removed, or its field was deleted. A withdrawn field's sub-fields are
 * found: their streams refuse what they no longer take, and say why.
 */
export async function findSubField(
  deps: SubFieldLookupDependencies,
  subFieldId: string,
): Promise<SubFieldRef | undefined> {
  let known = knownSubFields.get(deps.store);
  if (!known) knownSubFields.set(deps.store, (known = new LRUCache({ max: 20_000 })));
  const cached = known.get(subFieldId);
  if (cached) return cached;
  const added = await deps.store.findEvent({
    type: 'SubFieldAdded' satisfies FieldEvent['type'],
    key: 'subFieldId',
    value: subFieldId,
  });
  if (!added) return undefined;
  const field = await currentState(deps.store, fieldDecider, added.streamId, deps.streamStates);
  if (field.status === 'unknown' || field.status === 'deleted') return undefined;
  const subField = field.subFields.find((candidate) => candidate.subFieldId === subFieldId);
  if (!subField) return undefined;
  const found: SubFieldRef = { subFieldId, fieldId: field.fieldId, ownerId: field.ownerId, name: subField.name };
  known.set(subFieldId, found);
  return found;
}

/** The sub-field named by the first event of `type` whose data has this id under `key`. */
async function subFieldNamedBy(
  deps: SubFieldLookupDependencies,
  type: AvailabilityEvent['type'],
  key: string,
  id: string,
): Promise<SubFieldRef | undefined> {
  const event = await deps.store.findEvent({ type, key, value: id });
  const subFieldId = (event?.data as { subFieldId?: unknown } | undefined)?.subFieldId;
  return typeof subFieldId === 'string' ? findSubField(deps, subFieldId) : undefined;
}

/** The sub-field an availability window is on (a window never moves to another sub-field). */
export async function findSubFieldOfWindow(
  deps: SubFieldLookupDependencies,
  windowId: string,
): Promise<SubFieldRef | undefined> {
  // AvailabilityAdded version 2 names the window `windowId`; windows added before it say `fieldScheduleId`.
  return (
    (await subFieldNamedBy(deps, 'AvailabilityAdded', 'windowId', windowId)) ??
    subFieldNamedBy(deps, 'AvailabilityAdded', 'fieldScheduleId', windowId)
  );
}

/** The sub-field a hold is on (a fact that never changes). */
export function findHoldSubField(deps: SubFieldLookupDependencies, holdId: string): Promise<SubFieldRef | undefined> {
  return subFieldNamedBy(deps, 'SlotHeld', 'holdId', holdId);
}

/**
 * The field's time zone and its open sub-fields (issue #30: weekly availability repeats at the field's
 * wall-clock times); none when the field is unknown or deleted. Read from the field's own stream.
 */
export async function findFieldCalendar(
  deps: SubFieldLookupDependencies,
  fieldId: string,
): Promise<{ ownerId: string; timeZone: string; subFields: SubFieldRef[] } | undefined> {
  const field = await currentState(deps.store, fieldDecider, fieldStream(fieldId), deps.streamStates);
  if (field.status === 'unknown' || field.status === 'deleted') return undefined;
  return {
    ownerId: field.ownerId,
    timeZone: field.timeZone,
    subFields: field.subFields.map((sub) => ({
      subFieldId: sub.subFieldId,
      fieldId: field.fieldId,
      ownerId: field.ownerId,
      name: sub.name,
    })),
  };
}
