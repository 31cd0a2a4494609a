import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import {
  EMPTY_FIELD_FORM,
  descriptionText,
  formValuesOf,
  pictureSource,
  priceOf,
  serverFieldErrors,
  toFieldPayload,
  validateFieldForm,
  type FieldFormValues,
} from './field-form';
import { formatHourlyPrice } from '../../utils/money';
import { FIELD_FORM_EXAMPLE } from '@playtime/shared/contract/fields';

/** The form's example filled in; description and picture are optional and left empty. */
const filled: FieldFormValues = { ...FIELD_FORM_EXAMPLE, description: '', picture: '' };

describe('the Add Field form rules (spec §5)', () => {
  it('names every missing value with the spec messages', () => {
    expect(validateFieldForm(EMPTY_FIELD_FORM)).toEqual({
      name: 'Field name is required',
      address: 'Street address is required',
      zipCode: 'Zip Code must be 5 digits',
      city: 'City is required',
      price: 'Price is required',
    });
  });

  it('accepts a filled form; description and picture are optional', () => {
    expect(validateFieldForm(filled)).toEqual({});
  });

  it('counts blanks as missing and a price of 0 as missing', () => {
    expect(validateFieldForm({ ...filled, name: '   ', city: ' ' })).toEqual({
      name: 'Field name is required',
      city: 'City is required',
    });
    expect(validateFieldForm({ ...filled, price: 0 })).toEqual({ price: 'Price is required' });
    expect(validateFieldForm({ ...filled, price: '' })).toEqual({ price: 'Price is required' });
    expect(validateFieldForm({ ...filled, price: '0' })).toEqual({ price: 'Price is required' });
    expect(validateFieldForm({ ...filled, price: 37.5 })).toEqual({});
  });

  it('wants exactly five digits in the zip code', () => {
    for (const zipCode of ['1234', '123456', '1o001', '', '12 34']) {
      expect(validateFieldForm({ ...filled, zipCode }), zipCode).toEqual({ zipCode: 'Zip Code must be 5 digits' });
    }
    expect(validateFieldForm({ ...filled, zipCode: '02108' })).toEqual({});
  });

  it("says how long a value may be, in the server's words, before sending", () => {
    expect(validateFieldForm({ ...filled, name: 'x'.repeat(101) })).toEqual({
      name: 'Field name can be at most 100 characters',
    });
    expect(validateFieldForm({ ...filled, city: 'x'.repeat(101) })).toEqual({
      city: 'City can be at most 100 characters',
    });
    expect(validateFieldForm({ ...filled, name: 'bad\u0000' })).toEqual({
      name: 'Field name must not contain the NUL character (\\u0000).',
    });
  });

  it('reads the typed price', () => {
    expect(priceOf(45)).toBe(45);
    expect(priceOf('37.5')).toBe(37.5);
    expect(priceOf('')).toBeUndefined();
    expect(priceOf('cheap')).toBeUndefined();
    expect(priceOf(Number.NaN)).toBeUndefined();
  });
});

/** The example field as the owner's list gives it back: its name as fieldName, no description said so. */
const { name: fieldName, ...listedValues } = FIELD_FORM_EXAMPLE;
const sampleField = {
  fieldId: 'f1',
  fieldName,
  ...listedValues,
  picture: '',
  description: 'No description',
  subFields: [],
  cancellationWindowHours: null,
  freeRental: false,
  timeZone: 'America/New_York',
};

describe('what the form sends', () => {
  it("sends an empty description as 'No description' and trims the texts", () => {
    expect(toFieldPayload({ ...filled, name: ' Riverside Park ', description: '  ', picture: ' ' })).toEqual({
      name: 'Riverside Park',
      address: '1 Riverside Dr',
      zipCode: '10001',
      city: 'New York',
      price: 45,
      description: 'No description',
      picture: '',
    });
    expect(toFieldPayload({ ...filled, price: '37.50', description: 'Floodlit' })).toMatchObject({
      price: 37.5,
      description: 'Floodlit',
    });
  });

  it("fills the edit form from a listed field; the stored 'No description' shows as an empty input", () => {
    expect(formValuesOf(sampleField)).toEqual(filled);
    expect(formValuesOf({ ...sampleField, description: 'Floodlit' }).description).toBe('Floodlit');
  });
});

describe("the server's refusals on the inputs", () => {
  it('maps error.fields to the form inputs', () => {
    const error = new ApiError(400, 'invalid_request', 'Street address is required', {
      address: 'Street address is required',
      price: 'Price must be more than 0',
      somethingElse: 'ignored',
    });
    expect(serverFieldErrors(error)).toEqual({
      address: 'Street address is required',
      price: 'Price must be more than 0',
    });
  });

  it('shows an unknown ZIP code on the Zip Code input', () => {
    const message = 'We could not find the ZIP code 00000. Check it and try again.';
    expect(serverFieldErrors(new ApiError(422, 'unknown_zip', message))).toEqual({ zipCode: message });
  });

  it('names no input for other failures', () => {
    expect(serverFieldErrors(new ApiError(403, 'not_your_field', 'You can only change your own fields.'))).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('the field card', () => {
  it("says 'No description provided' for an empty description", () => {
    expect(descriptionText('')).toBe('No description provided');
    expect(descriptionText('  ')).toBe('No description provided');
    expect(descriptionText(null)).toBe('No description provided');
    expect(descriptionText('No description')).toBe('No description provided');
    expect(descriptionText('Floodlit')).toBe('Floodlit');
  });

  it('shows the sample picture when there is none, or only one from another site', () => {
    expect(pictureSource('')).toBe('/field-placeholder.svg');
    expect(pictureSource(undefined)).toBe('/field-placeholder.svg');
    expect(pictureSource('/api/pictures/' + 'c'.repeat(64))).toBe('/api/pictures/' + 'c'.repeat(64));
    // A link to another site, stored before only uploads were taken, is not shown.
    expect(pictureSource('https://example.com/a.jpg')).toBe('/field-placeholder.svg');
  });

  it('shows the hourly price in dollars', () => {
    expect(formatHourlyPrice(45)).toBe('$45 / hour');
    expect(formatHourlyPrice(37.5)).toBe('$37.50 / hour');
    expect(formatHourlyPrice(1250)).toBe('$1,250 / hour');
  });
});
