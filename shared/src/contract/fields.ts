import { z } from 'zod';
import { fieldFormProblems, type FieldForm } from '../domain/fields/decider';
import { CANCELLATION_WINDOW_RANGE } from '../domain/fields/messages';
import {
  ADDRESS_MAX_LENGTH,
  CITY_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  MAX_CANCELLATION_WINDOW_HOURS,
  NEW_SUBFIELD_NAME,
  NO_DESCRIPTION,
  PICTURE_MAX_LENGTH,
  SUBFIELD_NAME_MAX_LENGTH,
} from '../domain/fields/rules';
import { formText, requiredId, singleLineFormText, singleLineText } from './text';
import { DEFAULT_FIELD_TIME_ZONE, isTimeZone, NOT_A_TIME_ZONE } from '../domain/fields/time-zone';

export { NEW_SUBFIELD_NAME, NO_DESCRIPTION, SUBFIELD_NAME_MAX_LENGTH, DEFAULT_FIELD_TIME_ZONE, NOT_A_TIME_ZONE };
export type { FieldForm };

export const ZIP_CODE_LENGTH = 5;

/** The longest value each Add Field / Edit Field Info input takes (its `maxLength`), as the rules count. */
export const FIELD_FORM_MAX_LENGTH = {
  name: FIELD_NAME_MAX_LENGTH,
  address: ADDRESS_MAX_LENGTH,
  zipCode: ZIP_CODE_LENGTH,
  city: CITY_MAX_LENGTH,
  description: DESCRIPTION_MAX_LENGTH,
  picture: PICTURE_MAX_LENGTH,
} as const;

/**
 * The field the Add Field form shows as the example in its empty inputs (their placeholders); the
 * schema's and the form's tests fill the form in with it.
 */
export const FIELD_FORM_EXAMPLE = {
  name: 'Riverside Park',
  address: '1 Riverside Dr',
  zipCode: '10001',
  city: 'New York',
  price: 45,
} as const;

/** The price as typed: a number, digits in a text box, or nothing yet. */
export type TypedPrice = number | string | null | undefined;

/** Dollars per hour as typed; undefined when nothing was typed, NaN when it is not a number. */
export function typedDollars(price: TypedPrice): number | undefined {
  if (price === undefined || price === null || (typeof price === 'string' && price.trim() === '')) return undefined;
  const dollars = typeof price === 'number' ? price : Number(price.trim());
  return Number.isFinite(dollars) ? dollars : Number.NaN;
}

/** Dollars to integer cents; nothing typed is 0, which the form rules call missing. NaN when it is not a number. */
export function priceInCents(price: TypedPrice): number {
  const dollars = typedDollars(price);
  return dollars === undefined ? 0 : Math.round(dollars * 100);
}

const PRICE_NOT_A_NUMBER = 'Price must be a number';

/** The Add Field / Edit Field Info form's inputs (spec §3 'Field form values'), as the web holds and sends them. */
const fieldFormInputs = z.object({
  name: singleLineFormText('Field name'),
  address: singleLineFormText('Street address'),
  zipCode: singleLineFormText('Zip Code'),
  city: singleLineFormText('City'),
  price: z.union([z.number(), z.string(), z.null()], { error: PRICE_NOT_A_NUMBER }).optional(),
  description: formText('Description'),
  picture: formText('Picture'),
});

/** The form as a person fills it in (price '' until typed); add-field's schema reads exactly this. */
export interface FieldFormValues {
  name: string;
  address: string;
  zipCode: string;
  city: string;
  price: number | string;
  description: string;
  picture: string;
}
/** The body of POST /api/add-field as the web sends it (edit-field adds the fieldId): price in dollars. */
export type FieldPayload = FieldFormValues & { price: number };

/** The form as the domain reads it (price in cents, NaN when it was not a number). */
export function toFieldForm(body: z.output<typeof fieldFormInputs>): FieldForm {
  return {
    name: body.name,
    address: body.address,
    zipCode: body.zipCode,
    city: body.city,
    pricePerHourCents: priceInCents(body.price),
    description: body.description,
    picture: body.picture,
  };
}

/**
 * The form's rules (spec §5) with the spec's messages, each on its input. They are the domain's
 * own rules (the decider refuses the same forms), so the web's message and the server's are one.
 */
function refuseInvalidForm(body: z.output<typeof fieldFormInputs>, ctx: z.core.$RefinementCtx): void {
  const form = toFieldForm(body);
  const problems = fieldFormProblems(form);
  if (Number.isNaN(form.pricePerHourCents)) problems.price = PRICE_NOT_A_NUMBER;
  for (const [input, message] of Object.entries(problems))
    ctx.addIssue({ code: 'custom', path: [input], message, input: body });
}

/** POST /api/add-field; `timeZone` (issue #30): the field's IANA zone, New York (the demo's) when absent. */
export const addFieldBody = fieldFormInputs
  .extend({
    timeZone: z.string({ error: NOT_A_TIME_ZONE }).trim().refine(isTimeZone, NOT_A_TIME_ZONE).optional(),
  })
  .superRefine(refuseInvalidForm);
/** POST /api/edit-field. */
export const editFieldBody = fieldFormInputs.extend({ fieldId: requiredId('fieldId') }).superRefine(refuseInvalidForm);
/** POST /api/set-field-policy: the field's cancellation window (null: the app's default) and, for admins, free rentals. */
export const setFieldPolicyBody = z.object({
  fieldId: requiredId('fieldId'),
  cancellationWindowHours: z
    .number({ error: CANCELLATION_WINDOW_RANGE })
    .int(CANCELLATION_WINDOW_RANGE)
    .min(0, CANCELLATION_WINDOW_RANGE)
    .max(MAX_CANCELLATION_WINDOW_HOURS, CANCELLATION_WINDOW_RANGE)
    .nullable(),
  freeRental: z.boolean({ error: 'freeRental is true or false' }),
});

/** POST /api/delete-field. */
export const fieldIdBody = z.object({ fieldId: requiredId('fieldId') });

/** POST /api/add-subfield: an empty name becomes 'New Subfield'. */
export const SUBFIELD_NAME_TOO_LONG = `A sub-field name can be at most ${SUBFIELD_NAME_MAX_LENGTH} characters`;
export const subFieldName = singleLineFormText('Sub-field name').pipe(
  z.string().trim().max(SUBFIELD_NAME_MAX_LENGTH, SUBFIELD_NAME_TOO_LONG),
);
export const addSubFieldBody = z.object({ masterFieldId: requiredId('masterFieldId'), name: subFieldName });
/** POST /api/delete-subfield. */
export const subFieldIdBody = z.object({ subFieldId: requiredId('subFieldId') });

/** The venue search needs three characters: fewer would match nearly everything, and trigrams start at three. */
export const VENUE_SEARCH_MIN_LENGTH = 3;
export const VENUE_NAME_MAX_LENGTH = 100;
const VENUE_SEARCH_TOO_SHORT = `Type at least ${VENUE_SEARCH_MIN_LENGTH} characters to search venues.`;
/** GET /api/get-fields-by-name?name. */
export const venueSearchQuery = z.object({
  name: singleLineText('A venue name', VENUE_SEARCH_TOO_SHORT)
    .trim()
    .min(VENUE_SEARCH_MIN_LENGTH, VENUE_SEARCH_TOO_SHORT)
    .max(VENUE_NAME_MAX_LENGTH, `A venue name is at most ${VENUE_NAME_MAX_LENGTH} characters.`),
});

/** A sub-field of an owner's field (GET /api/get-owner-fields). */
export interface SubField {
  subFieldId: string;
  name: string;
}

/** One field as the owner area and the venue search list it (spec §3 'Owner field'); price is dollars per hour. */
export interface OwnerField {
  fieldId: string;
  fieldName: string;
  address: string;
  zipCode: string;
  city: string;
  price: number;
  picture: string;
  description: string;
  subFields: SubField[];
  /** Hours before a game's start until which cancelling refunds the rental; null: the app's default. */
  cancellationWindowHours: number | null;
  /** An admin made this field's rentals free. */
  freeRental: boolean;
  /** The field's IANA zone (issue #30): the availability form asks for times in it. */
  timeZone: string;
}

/** The answer of POST /api/add-field. */
export interface AddFieldAnswer {
  ok: true;
  fieldId: string;
}
