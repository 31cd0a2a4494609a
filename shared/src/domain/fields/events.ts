import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
import { DEFAULT_FIELD_TIME_ZONE } from './time-zone';
/** Everything that can happen to a field and its sub-fields. Stream: `field-{fieldId}`. */

/** Where the field is, from the geocoder: stored with the field so game search can measure distances. */
const coordinates = z.object({
  latitude: z.number(),
  longitude: z.number(),
});
export type Coordinates = z.infer<typeof coordinates>;

/** What the owner types into the Add Field and Edit Field Info forms, after the defaults are applied. */
const fieldDetails = z.object({
  name: z.string(),
  /** Street address. */
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  /** Integer cents per hour; the API speaks dollars. */
  pricePerHourCents: z.number().int(),
  description: z.string(),
  /** Empty, or an http(s) address of a picture. */
  picture: z.string(),
});
export type FieldDetails = z.infer<typeof fieldDetails>;

const fieldAddedV1 = z.object({
  fieldId: z.string(),
  ownerId: z.string(),
  ...fieldDetails.shape,
  ...coordinates.shape,
});

/**
 * Version 2 (issue #30): the field's IANA time zone, in which weekly availability repeats and the
 * availability form asks for times. Fields added before had none: they were all the demo's, in New York.
 */
export const FieldAdded = eventSchema('FieldAdded', fieldAddedV1).next(
  fieldAddedV1.extend({ timeZone: z.string() }),
  (v1) => ({ ...v1, timeZone: DEFAULT_FIELD_TIME_ZONE }),
);

export const FieldEdited = eventSchema(
  'FieldEdited',
  z.object({ fieldId: z.string(), editedBy: z.string(), ...fieldDetails.shape, ...coordinates.shape }),
);

// Soft delete: the field leaves every list, the log keeps its history.
export const FieldDeleted = eventSchema('FieldDeleted', z.object({ fieldId: z.string(), deletedBy: z.string() }));

/**
 * The field is taken off sale without its owner asking: their account was deleted. Like a deletion it
 * leaves every list, but its sub-fields' streams are withdrawn rather than closed (their booked games are
 * being cancelled meanwhile), and the log keeps why.
 */
export const FieldWithdrawn = eventSchema(
  'FieldWithdrawn',
  z.object({ fieldId: z.string(), ownerId: z.string(), withdrawnBy: z.string(), reason: z.enum(['owner_deleted']) }),
);

export const SubFieldAdded = eventSchema(
  'SubFieldAdded',
  z.object({ fieldId: z.string(), subFieldId: z.string(), name: z.string() }),
);

export const SubFieldRemoved = eventSchema(
  'SubFieldRemoved',
  z.object({ fieldId: z.string(), subFieldId: z.string(), removedBy: z.string() }),
);

/**
 * The field's booking policy. `cancellationWindowHours`: a game cancelled at least this long before its
 * start gets its rental back (null: the app's default). `freeRental`: its slots are rented for nothing,
 * which only an admin may grant. A booking takes the policy as it is then; later changes apply to later bookings.
 */
export const FieldPolicySet = eventSchema(
  'FieldPolicySet',
  z.object({
    fieldId: z.string(),
    setBy: z.string(),
    cancellationWindowHours: z.number().int().nonnegative().nullable(),
    freeRental: z.boolean(),
  }),
);

export const FIELD_EVENTS = [
  FieldAdded,
  FieldEdited,
  FieldDeleted,
  FieldWithdrawn,
  SubFieldAdded,
  SubFieldRemoved,
  FieldPolicySet,
] as const;

export type FieldEvent = EventsOf<typeof FIELD_EVENTS>;

export const fieldStream = (fieldId: string) => `field-${fieldId}`;

export const FIELD_EVENT_TYPES = typesOf(FIELD_EVENTS);
