import type { OwnerField } from '../../types/field';

/** What the owner picked on the Schedule Management tab; absent parts fall back to the first ones. */
export interface AvailabilitySelection {
  fieldId?: string;
  subFieldId?: string;
}

export interface ResolvedSelection {
  field: OwnerField | undefined;
  subFieldId: string | undefined;
}

/**
 * The field and sub-field in use: the chosen ones while they exist, otherwise the first field (auto-
 * selected on load) and its first sub-field (spec §4).
 */
export function resolveSelection(fields: readonly OwnerField[], selection: AvailabilitySelection): ResolvedSelection {
  const field = fields.find((candidate) => candidate.fieldId === selection.fieldId) ?? fields[0];
  const subFields = field?.subFields ?? [];
  const subFieldId = subFields.some((subField) => subField.subFieldId === selection.subFieldId)
    ? selection.subFieldId
    : subFields[0]?.subFieldId;
  return { field, subFieldId };
}

/** Choosing another field also chooses its first sub-field. */
export function selectField(fields: readonly OwnerField[], fieldId: string): AvailabilitySelection {
  const field = fields.find((candidate) => candidate.fieldId === fieldId);
  return { fieldId, subFieldId: field?.subFields[0]?.subFieldId };
}
