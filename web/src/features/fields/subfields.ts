import type { SubField } from '../../types/field';

/**
 * The sub-fields the open Edit Field Info dialog lists: the field's (as the list last loaded them),
 * then any just added whose reload has not arrived yet, minus any just removed.
 */
export function dialogSubFields(
  listed: readonly SubField[],
  added: readonly SubField[],
  removed: ReadonlySet<string>,
): SubField[] {
  const known = new Set(listed.map((subField) => subField.subFieldId));
  return [...listed, ...added.filter((subField) => !known.has(subField.subFieldId))].filter(
    (subField) => !removed.has(subField.subFieldId),
  );
}
