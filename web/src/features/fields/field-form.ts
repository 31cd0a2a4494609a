import { ApiError } from '../../lib/api-error';
import type { FieldPayload, OwnerField } from './api/types';

/** The Add Field / Edit Field Info form (spec §3 'Field form values'); price is '' until typed. */
export interface FieldFormValues {
  name: string;
  streetAddress: string;
  zipCode: string;
  city: string;
  price: number | string;
  description: string;
  picture: string;
}

export type FieldFormErrors = Partial<Record<keyof FieldFormValues, string>>;

export const ZIP_CODE_LENGTH = 5;
/** Sent for an empty description (spec §5); the server stores the same. */
export const NO_DESCRIPTION = 'No description';

export const EMPTY_FIELD_FORM: FieldFormValues = {
  name: '',
  streetAddress: '',
  zipCode: '',
  city: '',
  price: '',
  description: '',
  picture: '',
};

/** The typed price as a number; '' or anything unreadable is undefined. */
export function priceOf(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The spec's client-side rules (§5), with its messages; an empty object when the form may be sent. */
export function validateFieldForm(values: FieldFormValues): FieldFormErrors {
  const errors: FieldFormErrors = {};
  if (values.name.trim() === '') errors.name = 'Field name is required';
  if (values.streetAddress.trim() === '') errors.streetAddress = 'Street address is required';
  if (!/^\d{5}$/.test(values.zipCode.trim())) errors.zipCode = 'Zip Code must be 5 digits';
  if (values.city.trim() === '') errors.city = 'City is required';
  // 0 counts as missing.
  if (!priceOf(values.price)) errors.price = 'Price is required';
  return errors;
}

/** The body of add-field / edit-field; an empty description is sent as 'No description'. */
export function toFieldPayload(values: FieldFormValues): FieldPayload {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    address: values.streetAddress.trim(),
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
    streetAddress: field.address,
    zipCode: field.zipCode,
    city: field.city,
    price: field.price,
    description: isEmptyDescription(field.description) ? '' : field.description,
    picture: field.picture,
  };
}

/** The API's body field names → the form's (only the street address is named differently). */
const FORM_FIELD_OF: Record<string, keyof FieldFormValues> = {
  name: 'name',
  address: 'streetAddress',
  zipCode: 'zipCode',
  city: 'city',
  price: 'price',
  description: 'description',
  picture: 'picture',
};

/**
 * The server's refusal shown on the inputs it concerns: a 400's `error.fields`, and an unknown ZIP
 * code (422 `unknown_zip`) on the Zip Code input. Empty when the error names no input.
 */
export function serverFieldErrors(error: unknown): FieldFormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldFormErrors = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const formField = FORM_FIELD_OF[field];
    if (formField) errors[formField] = message;
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

/** The field's picture, or the sample placeholder when it has none. */
export function pictureSource(picture: string | null | undefined): string {
  const url = picture?.trim() ?? '';
  return url === '' ? PLACEHOLDER_PICTURE : url;
}

/** '$45 / hour', '$37.50 / hour'. */
export function formatHourlyPrice(price: number): string {
  const whole = Number.isInteger(price);
  const amount = price.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  return `$${amount} / hour`;
}
