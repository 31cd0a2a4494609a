/** A field as its owner sees it, with its sub-fields (fields, availability, the organizer's wizard). */
export type { FieldPayload, OwnerField, SubField } from '@playtime/shared/contract/fields';
