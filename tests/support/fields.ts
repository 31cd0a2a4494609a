/**
 * Fields as tests need them, added by an owner over HTTP as the Add Field form, the sub-field list and
 * the Add Availability screen do: one place to change when those payloads change.
 */
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { at } from './time';

/** What a test chooses of a field in New York; the rest is what the Add Field form sends by default. */
export interface FieldPlace {
  name: string;
  address: string;
  /** Dollars an hour; $40 unless a test prices its rentals otherwise. */
  price?: number;
  timeZone?: string;
  picture?: string;
}

/** The Add Field form's body for a field in New York (zip 10001), for tests that post it themselves. */
export const newYorkFieldBody = (place: FieldPlace) => ({
  name: place.name,
  description: '',
  address: place.address,
  zipCode: '10001',
  city: 'New York',
  price: place.price ?? 40,
  picture: place.picture ?? '',
  ...(place.timeZone === undefined ? {} : { timeZone: place.timeZone }),
});

/** A field in New York, added by the owner over HTTP as the Add Field form does; its id. */
export async function addNewYorkField(owner: ApiClient, place: FieldPlace): Promise<string> {
  const field = await owner.post('/api/add-field', newYorkFieldBody(place));
  expect(field.status, field.text).toBe(200);
  return (field.json as { fieldId: string }).fieldId;
}

/** A sub-field of the field, as the owner's sub-field list adds it; its id. */
export async function addSubField(owner: ApiClient, fieldId: string, name: string): Promise<string> {
  const added = await owner.post('/api/add-subfield', { masterFieldId: fieldId, name });
  expect(added.status, added.text).toBe(200);
  return added.text;
}

/** One availability window on the sub-field, as the Add Availability screen adds it. */
export async function addAvailability(
  owner: ApiClient,
  subFieldId: string,
  window: { startDate: string; endDate: string },
): Promise<void> {
  const added = await owner.post('/api/add-field-schedule', { subFieldId, ...window });
  expect(added.status, added.text).toBe(200);
}

/**
 * A field in New York with one sub-field available from `startDate` to `endDate`: by default 'Pitch A',
 * open from 8:00 to 23:00 (UTC) on the test day, room for any game a test books that day.
 */
export async function addAvailableField(
  owner: ApiClient,
  place: FieldPlace & { subFieldName?: string; startDate?: string; endDate?: string },
): Promise<{ fieldId: string; subFieldId: string }> {
  const fieldId = await addNewYorkField(owner, place);
  const subFieldId = await addSubField(owner, fieldId, place.subFieldName ?? 'Pitch A');
  await addAvailability(owner, subFieldId, { startDate: place.startDate ?? at(8), endDate: place.endDate ?? at(23) });
  return { fieldId, subFieldId };
}
