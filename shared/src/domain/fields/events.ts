import { eventTypes } from '../decider';
/** Everything that can happen to a field and its sub-fields. Stream: `field-{fieldId}`. */

/** Where the field is, from the geocoder: stored with the field so game search can measure distances. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** What the owner types into the Add Field and Edit Field Info forms, after the defaults are applied. */
export interface FieldDetails {
  name: string;
  /** Street address. */
  address: string;
  zipCode: string;
  city: string;
  /** Integer cents per hour; the API speaks dollars. */
  pricePerHourCents: number;
  description: string;
  /** Empty, or an http(s) address of a picture. */
  picture: string;
}

export type FieldEvent =
  | { type: 'FieldAdded'; data: { fieldId: string; ownerId: string } & FieldDetails & Coordinates }
  | { type: 'FieldEdited'; data: { fieldId: string; editedBy: string } & FieldDetails & Coordinates }
  // Soft delete: the field leaves every list, the log keeps its history.
  | { type: 'FieldDeleted'; data: { fieldId: string; deletedBy: string } }
  | { type: 'SubFieldAdded'; data: { fieldId: string; subFieldId: string; name: string } }
  | { type: 'SubFieldRemoved'; data: { fieldId: string; subFieldId: string; removedBy: string } };

export const fieldStream = (fieldId: string) => `field-${fieldId}`;

export const FIELD_EVENT_TYPES = eventTypes<FieldEvent>()('FieldAdded', 'FieldEdited', 'FieldDeleted', 'SubFieldAdded', 'SubFieldRemoved');
