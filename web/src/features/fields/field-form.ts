import { schemaResolver } from '@mantine/form';
import { NO_DESCRIPTION, addFieldBody, typedDollars, type FieldFormValues } from '@playtime/shared/contract/fields';
import { shownFieldPicture } from '@playtime/shared/domain/pictures/addresses';
import { ApiError } from '../../lib/api-error';
import type { FieldPayload, OwnerField } from '../../types/field';

/** The Add Field / Edit Field Info form (spec §3 'Field form values'): its inputs carry the API's names. */
export type { FieldFormValues };

export type FieldFormErrors = Partial<Record<keyof FieldFormValues, string>>;

export const EMPTY_FIELD_FORM: FieldFormValues = {
  name: '',
  address: '',
  zipCode: '',
  city: '',
  price: '',
  description: '',
  picture: '',
};

/** The typed price as a number; '' or anything unreadable is undefined. */
export function priceOf(value: number | string): number | undefined {
  const dollars = typedDollars(value);
  return dollars !== undefined && Number.isFinite(dollars) ? dollars : undefined;
}

/**
 * The form's rules and messages (spec §5) are the server's own: the contract's add-field schema,
 * so a person sees a refusal before sending, worded as the server would word it.
 */
export const validateFieldForm: (values: FieldFormValues) => FieldFormErrors = schemaResolver(addFieldBody, {
  sync: true,
});

/** The body of add-field / edit-field; an empty description is sent as 'No description'. */
export function toFieldPayload(values: FieldFormValues): FieldPayload {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    zipCode: values.zipCode.trim(),
    city: values.city.trim(),
    price: priceOf(values.price) ?? 0,
    description: description === '' ? NO_DESCRIPTION : description,
    picture: values.picture.trim(),
  };
}

/** Whether a stored description says nothing: empty, or the 'No description' an empty one is stored as. */
export function isEmptyDescription(description: string | null | undefined): boolean {
  const text = description?.trim() ?? '';
  return text === '' || text === NO_DESCRIPTION;
}

/**
 * The Edit Field Info form filled from a listed field. A description stored as 'No description' is
 * shown as an empty input (and sent as 'No description' again if left empty).
 */
export function formValuesOf(field: OwnerField): FieldFormValues {
  return {
    name: field.fieldName,
    address: field.address,
    zipCode: field.zipCode,
    city: field.city,
    price: field.price,
    description: isEmptyDescription(field.description) ? '' : field.description,
    picture: field.picture,
  };
}

/**
 * The server's refusal shown on the inputs it concerns: a 400's `error.fields` (the form's inputs
 * carry the API's names), and an unknown ZIP code (422 `unknown_zip`) on the Zip Code input. Empty
 * when the error names no input.
 */
export function serverFieldErrors(error: unknown): FieldFormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldFormErrors = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if (field in EMPTY_FIELD_FORM) errors[field as keyof FieldFormValues] = message;
  }
  if (error.code === 'unknown_zip' && !errors.zipCode) errors.zipCode = error.message;
  return errors;
}

/**
 * What a field card shows for the description: 'No description provided' when there is none (the
 * server stores an empty description as 'No description', which says the same).
 */
export function descriptionText(description: string | null | undefined): string {
  return isEmptyDescription(description) ? 'No description provided' : description!.trim();
}

export const PLACEHOLDER_PICTURE = '/field-placeholder.svg';

/** The field's picture, or the sample placeholder when it has none (or only a link to another site). */
export function pictureSource(picture: string | null | undefined): string {
  return shownFieldPicture(picture?.trim() ?? '') || PLACEHOLDER_PICTURE;
}
