import { describe, expect, it } from 'vitest';
import { addFieldBody, addSubFieldBody, editFieldBody, FIELD_FORM_EXAMPLE, priceInCents, toFieldForm } from './fields';

/** The form's example filled in; description and picture are optional and left empty. */
const filled = { ...FIELD_FORM_EXAMPLE, description: '', picture: '' };
const problemsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the field form schema (one for the web form and the API)', () => {
  it('names every missing value with the spec messages, on its input', () => {
    expect(problemsOf(addFieldBody.safeParse({}))).toEqual({
      name: 'Field name is required',
      address: 'Street address is required',
      zipCode: 'Zip Code must be 5 digits',
      city: 'City is required',
      price: 'Price is required',
    });
  });

  it('says how long a value may be, and what a price must be', () => {
    expect(problemsOf(addFieldBody.safeParse({ ...filled, name: 'x'.repeat(101) }))).toEqual({
      name: 'Field name can be at most 100 characters',
    });
    expect(problemsOf(addFieldBody.safeParse({ ...filled, price: 'cheap' }))).toEqual({
      price: 'Price must be a number',
    });
    expect(problemsOf(addFieldBody.safeParse({ ...filled, price: -5 }))).toEqual({
      price: 'Price must be more than 0',
    });
    expect(problemsOf(addSubFieldBody.safeParse({ masterFieldId: 'f', name: 'x'.repeat(61) }))).toEqual({
      name: 'A sub-field name can be at most 60 characters',
    });
  });

  it('accepts a filled form and reads it as the domain does (price in cents)', () => {
    const body = addFieldBody.parse({ ...filled, price: '37.50' });
    expect(toFieldForm(body)).toMatchObject({ name: 'Riverside Park', pricePerHourCents: 3750 });
    expect(editFieldBody.parse({ ...filled, fieldId: ' f1 ' }).fieldId).toBe('f1');
    expect(priceInCents('')).toBe(0);
    expect(priceInCents(null)).toBe(0);
    expect(priceInCents('x')).toBeNaN();
  });
});
