import type { SubFieldRef } from '../domain/availability/commands/types';

/** The sub-field an availability event names, as the availability commands take it. */
export const subFieldOf = (data: {
  subFieldId: string;
  fieldId: string;
  ownerId: string;
  subFieldName: string;
}): SubFieldRef => ({
  subFieldId: data.subFieldId,
  fieldId: data.fieldId,
  ownerId: data.ownerId,
  name: data.subFieldName,
});
