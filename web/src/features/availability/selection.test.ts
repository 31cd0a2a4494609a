import { describe, expect, it } from 'vitest';
import type { OwnerField } from '../../types/field';
import { resolveSelection, selectField } from './selection';

const field = (fieldId: string, subFieldIds: string[]): OwnerField => ({
  fieldId,
  fieldName: fieldId,
  address: '1 Main St',
  zipCode: '10001',
  city: 'New York',
  price: 45,
  picture: '',
  description: '',
  subFields: subFieldIds.map((subFieldId) => ({ subFieldId, name: subFieldId })),
  cancellationWindowHours: null,
  freeRental: false,
  timeZone: 'America/New_York',
});

const fields = [field('f1', ['a1', 'a2']), field('f2', ['b1', 'b2']), field('f3', [])];

describe('the field and sub-field in use on Schedule Management', () => {
  it('auto-selects the first field and its first sub-field', () => {
    expect(resolveSelection(fields, {})).toEqual({ field: fields[0], subFieldId: 'a1' });
  });

  it('keeps the chosen field and sub-field while they exist', () => {
    expect(resolveSelection(fields, { fieldId: 'f2', subFieldId: 'b2' })).toEqual({
      field: fields[1],
      subFieldId: 'b2',
    });
  });

  it('falls back when the chosen field or sub-field is gone', () => {
    expect(resolveSelection(fields, { fieldId: 'deleted', subFieldId: 'b2' })).toEqual({
      field: fields[0],
      subFieldId: 'a1',
    });
    expect(resolveSelection(fields, { fieldId: 'f2', subFieldId: 'removed' })).toEqual({
      field: fields[1],
      subFieldId: 'b1',
    });
  });

  it('has nothing to select without fields or sub-fields', () => {
    expect(resolveSelection([], {})).toEqual({ field: undefined, subFieldId: undefined });
    expect(resolveSelection(fields, { fieldId: 'f3' })).toEqual({ field: fields[2], subFieldId: undefined });
  });

  it('selects the first sub-field of another field', () => {
    expect(selectField(fields, 'f2')).toEqual({ fieldId: 'f2', subFieldId: 'b1' });
    expect(selectField(fields, 'f3')).toEqual({ fieldId: 'f3', subFieldId: undefined });
  });
});
