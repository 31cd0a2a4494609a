import { DomainError, decideByType, unknownType, type CommandOf, type DecisionContext, type Decider } from '../decider';
import { FIELD_PICTURE_REFUSED, isFieldPicture } from '../pictures/addresses';
import type { Coordinates, FieldDetails, FieldEvent } from './events';
import { CANCELLATION_WINDOW_RANGE, ONLY_ADMINS_MAKE_RENTALS_FREE, ONLY_YOUR_OWN_FIELDS } from './messages';
import {
  ADDRESS_MAX_LENGTH,
  CITY_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  MAX_CANCELLATION_WINDOW_HOURS,
  MAX_PRICE_PER_HOUR_CENTS,
  NEW_SUBFIELD_NAME,
  NO_DESCRIPTION,
  SUBFIELD_NAME_MAX_LENGTH,
} from './rules';
import { DEFAULT_FIELD_TIME_ZONE } from './time-zone';

/** DeleteField's refusal while a sub-field of the field is still open (see DeleteField). */
export const SUBFIELDS_STILL_OPEN = 'subfields_still_open';

const FIVE_DIGITS = /^\d{5}$/;

/** The Add Field / Edit Field Info form as it arrives, before defaults. */
export type FieldForm = FieldDetails;

/** Trims every text and stores an empty description as 'No description' (spec §5). */
export function withFieldDefaults(form: FieldForm): FieldDetails {
  const description = form.description.trim();
  return {
    name: form.name.trim(),
    address: form.address.trim(),
    zipCode: form.zipCode.trim(),
    city: form.city.trim(),
    pricePerHourCents: form.pricePerHourCents,
    description: description === '' ? NO_DESCRIPTION : description,
    picture: form.picture.trim(),
  };
}

/**
 * Every problem with a field form, by form field, with the spec's messages. Empty when the form is fine.
 * The HTTP layer answers these as 400 before a command runs; the decider refuses them too, so no
 * other path can store a field the form would have refused.
 */
export function fieldFormProblems(form: FieldForm): Record<string, string> {
  const details = withFieldDefaults(form);
  const problems: Record<string, string> = {};
  if (details.name === '') problems.name = 'Field name is required';
  else if (details.name.length > FIELD_NAME_MAX_LENGTH)
    problems.name = `Field name can be at most ${FIELD_NAME_MAX_LENGTH} characters`;
  if (details.address === '') problems.address = 'Street address is required';
  else if (details.address.length > ADDRESS_MAX_LENGTH)
    problems.address = `Street address can be at most ${ADDRESS_MAX_LENGTH} characters`;
  if (!FIVE_DIGITS.test(details.zipCode)) problems.zipCode = 'Zip Code must be 5 digits';
  if (details.city === '') problems.city = 'City is required';
  else if (details.city.length > CITY_MAX_LENGTH) problems.city = `City can be at most ${CITY_MAX_LENGTH} characters`;
  // The spec counts a price of 0 as missing.
  if (details.pricePerHourCents === 0) problems.price = 'Price is required';
  else if (details.pricePerHourCents < 0) problems.price = 'Price must be more than 0';
  else if (!Number.isInteger(details.pricePerHourCents)) problems.price = 'Price must be in whole cents';
  else if (details.pricePerHourCents > MAX_PRICE_PER_HOUR_CENTS)
    problems.price = `Price can be at most $${MAX_PRICE_PER_HOUR_CENTS / 100} per hour`;
  if (details.description.length > DESCRIPTION_MAX_LENGTH)
    problems.description = `Description can be at most ${DESCRIPTION_MAX_LENGTH} characters`;
  if (!isFieldPicture(details.picture)) problems.picture = FIELD_PICTURE_REFUSED;
  return problems;
}

export type FieldCommand =
  /** `timeZone`: the field's IANA zone (issue #30); New York, the demo's, when none is given. */
  | { type: 'AddField'; fieldId: string; form: FieldForm; coordinates: Coordinates; timeZone?: string }
  | { type: 'EditField'; form: FieldForm; coordinates: Coordinates; actorIsAdmin: boolean }
  /**
   * `closedSubFieldIds`: the sub-fields whose own streams the caller has closed (SubFieldClosed). A field
   * is deleted only when all of its sub-fields are among them, so none can take availability afterwards.
   */
  | { type: 'DeleteField'; actorIsAdmin: boolean; closedSubFieldIds: readonly string[] }
  | { type: 'AddSubField'; name: string; actorIsAdmin: boolean }
  | { type: 'RemoveSubField'; subFieldId: string; actorIsAdmin: boolean }
  | { type: 'SetFieldPolicy'; policy: FieldPolicy; actorIsAdmin: boolean }
  /**
   * The owner's account was deleted (a job of the account's deletion, never a person's request).
   * `withdrawnSubFieldIds`: the sub-fields whose own streams the caller has withdrawn (SubFieldWithdrawn);
   * as with DeleteField, the field is withdrawn only when all of its sub-fields are among them.
   */
  | { type: 'WithdrawField'; reason: 'owner_deleted'; withdrawnSubFieldIds: readonly string[] };

/** How the field is booked; see FieldPolicySet. */
export interface FieldPolicy {
  cancellationWindowHours: number | null;
  freeRental: boolean;
}

export const DEFAULT_FIELD_POLICY: FieldPolicy = { cancellationWindowHours: null, freeRental: false };

export interface SubField {
  subFieldId: string;
  name: string;
}

export type FieldState =
  | { status: 'unknown' }
  | {
      /** withdrawn: taken off sale because its owner's account was deleted (FieldWithdrawn); gone like a deleted field. */
      status: 'active' | 'deleted' | 'withdrawn';
      fieldId: string;
      ownerId: string;
      details: FieldDetails;
      coordinates: Coordinates;
      subFields: SubField[];
      policy: FieldPolicy;
      /** The field's IANA zone: weekly availability repeats at its wall-clock times. */
      timeZone: string;
    };

/** Sub-field names are compared as a person reads them: 'Pitch A' and ' pitch a ' are the same pitch. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function refuseInvalidForm(form: FieldForm): FieldDetails {
  const problems = fieldFormProblems(form);
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new DomainError('invalid', 'invalid_field', first, problems);
  return withFieldDefaults(form);
}

function refuseUnlessOwnerOrAdmin(state: { ownerId: string }, context: DecisionContext, actorIsAdmin: boolean): string {
  const actor = context.actorId;
  if (actor === null || (actor !== state.ownerId && !actorIsAdmin))
    throw new DomainError('forbidden', 'not_your_field', ONLY_YOUR_OWN_FIELDS);
  return actor;
}

const sameDetails = (a: FieldDetails & Coordinates, b: FieldDetails & Coordinates) =>
  (Object.keys(a) as (keyof (FieldDetails & Coordinates))[]).every((key) => a[key] === b[key]);

type Command<Type extends FieldCommand['type']> = CommandOf<FieldCommand, Type>;
type ActiveField = Exclude<FieldState, { status: 'unknown' }>;

function addField(command: Command<'AddField'>, state: FieldState, context: DecisionContext): FieldEvent[] {
  if (state.status !== 'unknown') throw new DomainError('conflict', 'field_exists', 'This field already exists.');
  if (context.actorId === null)
    throw new DomainError('forbidden', 'no_owner', 'A field needs an owner: log in to add one.');
  const details = refuseInvalidForm(command.form);
  return [
    {
      type: 'FieldAdded',
      data: {
        fieldId: command.fieldId,
        ownerId: context.actorId,
        ...details,
        ...command.coordinates,
        timeZone: command.timeZone ?? DEFAULT_FIELD_TIME_ZONE,
      },
    },
  ];
}

/** The field a command of its owner (or an admin) changes, and who that is. */
function managedField(
  command: { actorIsAdmin: boolean },
  state: FieldState,
  context: DecisionContext,
): { field: ActiveField; actor: string } {
  // A deleted field is gone for everyone but the log; refusing it like an unknown one keeps ids unguessable.
  if (state.status !== 'active')
    throw new DomainError('not_found', 'field_not_found', 'There is no field with this id.');
  return { field: state, actor: refuseUnlessOwnerOrAdmin(state, context, command.actorIsAdmin) };
}

function editField(command: Command<'EditField'>, state: FieldState, context: DecisionContext): FieldEvent[] {
  const { field, actor } = managedField(command, state, context);
  const details = refuseInvalidForm(command.form);
  const edited = { ...details, ...command.coordinates };
  if (sameDetails(edited, { ...field.details, ...field.coordinates })) return [];
  return [{ type: 'FieldEdited', data: { fieldId: field.fieldId, editedBy: actor, ...edited } }];
}

function deleteField(command: Command<'DeleteField'>, state: FieldState, context: DecisionContext): FieldEvent[] {
  const { field, actor } = managedField(command, state, context);
  // Upcoming bookings refuse this through closing each sub-field first (the sub-field's decider refuses a close while it has a booked game).
  const open = field.subFields.filter((sub) => !command.closedSubFieldIds.includes(sub.subFieldId));
  if (open.length > 0) {
    // Reached only when a sub-field was added while the others were being closed: the caller closes it and tries again.
    throw new DomainError(
      'conflict',
      SUBFIELDS_STILL_OPEN,
      `Close ${open.map((sub) => sub.name).join(', ')} before deleting the field.`,
    );
  }
  return [{ type: 'FieldDeleted', data: { fieldId: field.fieldId, deletedBy: actor } }];
}

function addSubField(command: Command<'AddSubField'>, state: FieldState, context: DecisionContext): FieldEvent[] {
  const { field } = managedField(command, state, context);
  const name = command.name.trim() === '' ? NEW_SUBFIELD_NAME : command.name.trim();
  if (name.length > SUBFIELD_NAME_MAX_LENGTH) {
    throw new DomainError(
      'invalid',
      'subfield_name_too_long',
      `A sub-field name can be at most ${SUBFIELD_NAME_MAX_LENGTH} characters.`,
      {
        name: `At most ${SUBFIELD_NAME_MAX_LENGTH} characters`,
      },
    );
  }
  const taken = field.subFields.find((sub) => sameName(sub.name, name));
  if (taken)
    throw new DomainError(
      'conflict',
      'duplicate_subfield',
      `This field already has a sub-field named ${taken.name}. Choose another name.`,
    );
  return [{ type: 'SubFieldAdded', data: { fieldId: field.fieldId, subFieldId: context.newId(), name } }];
}

function removeSubField(command: Command<'RemoveSubField'>, state: FieldState, context: DecisionContext): FieldEvent[] {
  const { field, actor } = managedField(command, state, context);
  if (!field.subFields.some((sub) => sub.subFieldId === command.subFieldId)) {
    throw new DomainError('not_found', 'subfield_not_found', 'There is no sub-field with this id.');
  }
  // The sub-field's stream was closed first, which is refused while it has a booked game or a live hold.
  return [
    { type: 'SubFieldRemoved', data: { fieldId: field.fieldId, subFieldId: command.subFieldId, removedBy: actor } },
  ];
}

function setFieldPolicy(command: Command<'SetFieldPolicy'>, state: FieldState, context: DecisionContext): FieldEvent[] {
  const { field, actor } = managedField(command, state, context);
  const { cancellationWindowHours, freeRental } = command.policy;
  if (
    cancellationWindowHours !== null &&
    !(
      Number.isInteger(cancellationWindowHours) &&
      cancellationWindowHours >= 0 &&
      cancellationWindowHours <= MAX_CANCELLATION_WINDOW_HOURS
    )
  ) {
    throw new DomainError('invalid', 'invalid_cancellation_window', CANCELLATION_WINDOW_RANGE, {
      cancellationWindowHours: CANCELLATION_WINDOW_RANGE,
    });
  }
  // The owner is paid for rentals: only an admin may waive them (or end the waiver).
  if (freeRental !== field.policy.freeRental && !command.actorIsAdmin)
    throw new DomainError('forbidden', 'only_admins_make_rentals_free', ONLY_ADMINS_MAKE_RENTALS_FREE);
  if (cancellationWindowHours === field.policy.cancellationWindowHours && freeRental === field.policy.freeRental)
    return [];
  return [
    { type: 'FieldPolicySet', data: { fieldId: field.fieldId, setBy: actor, cancellationWindowHours, freeRental } },
  ];
}

export const fieldDecider: Decider<FieldCommand, FieldEvent, FieldState> = {
  initialState: () => ({ status: 'unknown' }),

  evolve(state, event) {
    switch (event.type) {
      case 'FieldAdded': {
        const { fieldId, ownerId, latitude, longitude, timeZone, ...details } = event.data;
        return {
          status: 'active',
          fieldId,
          ownerId,
          details,
          coordinates: { latitude, longitude },
          subFields: [],
          policy: DEFAULT_FIELD_POLICY,
          timeZone,
        };
      }
      case 'FieldEdited': {
        if (state.status === 'unknown') return state;
        const { fieldId: _fieldId, editedBy: _editedBy, latitude, longitude, ...details } = event.data;
        return { ...state, details, coordinates: { latitude, longitude } };
      }
      case 'FieldDeleted':
        return state.status === 'unknown' ? state : { ...state, status: 'deleted' };
      case 'FieldWithdrawn':
        return state.status === 'unknown' ? state : { ...state, status: 'withdrawn' };
      case 'SubFieldAdded':
        return state.status === 'unknown'
          ? state
          : { ...state, subFields: [...state.subFields, { subFieldId: event.data.subFieldId, name: event.data.name }] };
      case 'SubFieldRemoved':
        return state.status === 'unknown'
          ? state
          : { ...state, subFields: state.subFields.filter((sub) => sub.subFieldId !== event.data.subFieldId) };
      case 'FieldPolicySet': {
        const { cancellationWindowHours, freeRental } = event.data;
        return state.status === 'unknown' ? state : { ...state, policy: { cancellationWindowHours, freeRental } };
      }
      default:
        return unknownType(event);
    }
  },

  decide: decideByType({
    AddField: addField,
    EditField: editField,
    DeleteField: deleteField,
    AddSubField: addSubField,
    RemoveSubField: removeSubField,
    SetFieldPolicy: setFieldPolicy,
    WithdrawField: withdrawField,
  }),
};

/** A withdrawal repeated (a retried job), or of a field its owner deleted already, changes nothing. */
function withdrawField(command: Command<'WithdrawField'>, state: FieldState, context: DecisionContext): FieldEvent[] {
  if (state.status === 'unknown')
    throw new DomainError('not_found', 'field_not_found', 'There is no field with this id.');
  if (state.status !== 'active') return [];
  const offered = state.subFields.filter((sub) => !command.withdrawnSubFieldIds.includes(sub.subFieldId));
  if (offered.length > 0) {
    // Reached only when a sub-field was added while the others were being withdrawn: the caller withdraws it and tries again.
    throw new DomainError(
      'conflict',
      SUBFIELDS_STILL_OPEN,
      `Withdraw ${offered.map((sub) => sub.name).join(', ')} before withdrawing the field.`,
    );
  }
  return [
    {
      type: 'FieldWithdrawn',
      data: {
        fieldId: state.fieldId,
        ownerId: state.ownerId,
        withdrawnBy: context.actorId ?? 'system',
        reason: command.reason,
      },
    },
  ];
}
