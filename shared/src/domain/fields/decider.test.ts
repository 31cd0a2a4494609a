import { describe, expect, it } from 'vitest';
import { given, testContext } from '../../testing/decider-testing';
import { fold } from '../decider';
import { eventRegistry } from '../event-registry';
import { fieldDecider, fieldFormProblems, type FieldForm } from './decider';
import type { FieldEvent } from './events';
import { FIELD_PICTURE_REFUSED, uploadedPictureUrl } from '../pictures/addresses';

const owner = testContext({ actorId: 'owner-1' });
const otherOwner = testContext({ actorId: 'owner-2' });
const admin = testContext({ actorId: 'admin-1' });
const whereItIs = { latitude: 40.7484, longitude: -73.9967 };

const form: FieldForm = {
  name: 'Riverside Park',
  address: '1 Riverside Dr',
  zipCode: '10001',
  city: 'New York',
  pricePerHourCents: 4500,
  description: 'Floodlit, artificial grass',
  picture: uploadedPictureUrl('a'.repeat(64)),
};
const added: FieldEvent = {
  type: 'FieldAdded',
  data: { fieldId: 'f1', ownerId: 'owner-1', ...form, ...whereItIs, timeZone: 'America/New_York' },
};
const pitchA: FieldEvent = { type: 'SubFieldAdded', data: { fieldId: 'f1', subFieldId: 'sf-a', name: 'Pitch A' } };
const deleted: FieldEvent = { type: 'FieldDeleted', data: { fieldId: 'f1', deletedBy: 'owner-1' } };

describe('field decider', () => {
  describe('adding a field', () => {
    it('adds a field owned by the person adding it, with its coordinates', () => {
      given(fieldDecider, [])
        .when({ type: 'AddField', fieldId: 'f1', form, coordinates: whereItIs }, owner)
        .then([added]);
    });

    it("stores an empty description as 'No description' and trims the texts", () => {
      given(fieldDecider, [])
        .when(
          {
            type: 'AddField',
            fieldId: 'f1',
            form: { ...form, name: '  Riverside Park ', description: '   ' },
            coordinates: whereItIs,
          },
          owner,
        )
        .then([
          {
            type: 'FieldAdded',
            data: {
              fieldId: 'f1',
              ownerId: 'owner-1',
              ...form,
              description: 'No description',
              ...whereItIs,
              timeZone: 'America/New_York',
            },
          },
        ]);
    });

    it.each([
      ['name', { name: ' ' }, 'Field name is required'],
      ['address', { address: '' }, 'Street address is required'],
      ['zipCode', { zipCode: '1234' }, 'Zip Code must be 5 digits'],
      ['zipCode', { zipCode: '123456' }, 'Zip Code must be 5 digits'],
      ['zipCode', { zipCode: '12a45' }, 'Zip Code must be 5 digits'],
      ['city', { city: '' }, 'City is required'],
      ['price', { pricePerHourCents: 0 }, 'Price is required'],
      ['price', { pricePerHourCents: -100 }, 'Price must be more than 0'],
      ['picture', { picture: 'javascript:alert(1)' }, FIELD_PICTURE_REFUSED],
      ['picture', { picture: 'https://example.com/riverside.jpg' }, FIELD_PICTURE_REFUSED],
      ['picture', { picture: '/api/pictures/not-a-hash' }, FIELD_PICTURE_REFUSED],
    ] as const)('refuses a bad %s: %s', (field, change, message) => {
      given(fieldDecider, [])
        .when({ type: 'AddField', fieldId: 'f1', form: { ...form, ...change }, coordinates: whereItIs }, owner)
        .thenRefused('invalid_field', message);
      expect(fieldFormProblems({ ...form, ...change })).toEqual({ [field]: message });
    });

    it('names every bad form field at once', () => {
      expect(
        fieldFormProblems({
          name: '',
          address: '',
          zipCode: '',
          city: '',
          pricePerHourCents: 0,
          description: '',
          picture: '',
        }),
      ).toEqual({
        name: 'Field name is required',
        address: 'Street address is required',
        zipCode: 'Zip Code must be 5 digits',
        city: 'City is required',
        price: 'Price is required',
      });
    });

    it('accepts an empty picture and a price in cents like 37.50 dollars', () => {
      expect(fieldFormProblems({ ...form, picture: '', pricePerHourCents: 3750 })).toEqual({});
    });

    it('refuses adding the same field twice, and a field without an owner', () => {
      given(fieldDecider, [added])
        .when({ type: 'AddField', fieldId: 'f1', form, coordinates: whereItIs }, owner)
        .thenRefused('field_exists');
      given(fieldDecider, [])
        .when({ type: 'AddField', fieldId: 'f1', form, coordinates: whereItIs }, testContext({ actorId: null }))
        .thenRefused('no_owner');
    });
  });

  describe('editing and deleting', () => {
    const edit = {
      type: 'EditField' as const,
      form: { ...form, name: 'Riverside North', zipCode: '90210' },
      coordinates: { latitude: 34.09, longitude: -118.4 },
      actorIsAdmin: false,
    };
    const edited: FieldEvent = {
      type: 'FieldEdited',
      data: { fieldId: 'f1', editedBy: 'owner-1', ...edit.form, ...edit.coordinates },
    };

    it('lets the owner edit the field', () => {
      given(fieldDecider, [added]).when(edit, owner).then([edited]);
    });

    it('lets an admin edit any field, recording who did it', () => {
      given(fieldDecider, [added])
        .when({ ...edit, actorIsAdmin: true }, admin)
        .then([
          { type: 'FieldEdited', data: { fieldId: 'f1', editedBy: 'admin-1', ...edit.form, ...edit.coordinates } },
        ]);
    });

    it('refuses an actor who is neither the owner nor an admin', () => {
      given(fieldDecider, [added])
        .when(edit, otherOwner)
        .thenRefused('not_your_field', 'You can only change your own fields.');
      given(fieldDecider, [added])
        .when({ type: 'DeleteField', actorIsAdmin: false, closedSubFieldIds: [] }, otherOwner)
        .thenRefused('not_your_field');
      given(fieldDecider, [added])
        .when({ type: 'AddSubField', name: 'Pitch B', actorIsAdmin: false }, otherOwner)
        .thenRefused('not_your_field');
      given(fieldDecider, [added, pitchA])
        .when({ type: 'RemoveSubField', subFieldId: 'sf-a', actorIsAdmin: false }, otherOwner)
        .thenRefused('not_your_field');
    });

    it('applies the same form rules on edit', () => {
      given(fieldDecider, [added])
        .when({ ...edit, form: { ...form, zipCode: 'abcde' } }, owner)
        .thenRefused('invalid_field', 'Zip Code must be 5 digits');
      given(fieldDecider, [added, edited])
        .when({ ...edit, form: { ...form, description: '' } }, owner)
        .then([
          {
            type: 'FieldEdited',
            data: { fieldId: 'f1', editedBy: 'owner-1', ...form, description: 'No description', ...edit.coordinates },
          },
        ]);
    });

    it('records nothing when nothing changed', () => {
      given(fieldDecider, [added])
        .when({ ...edit, form, coordinates: whereItIs }, owner)
        .then([]);
    });

    it('deletes softly, after which the field is gone for every command', () => {
      given(fieldDecider, [added])
        .when({ type: 'DeleteField', actorIsAdmin: false, closedSubFieldIds: [] }, owner)
        .then([deleted]);
      given(fieldDecider, [added, deleted])
        .when(edit, owner)
        .thenRefused('field_not_found', 'There is no field with this id.');
      given(fieldDecider, [added, deleted])
        .when({ type: 'DeleteField', actorIsAdmin: true, closedSubFieldIds: [] }, admin)
        .thenRefused('field_not_found');
      given(fieldDecider, [added, deleted])
        .when({ type: 'AddSubField', name: 'Pitch B', actorIsAdmin: false }, owner)
        .thenRefused('field_not_found');
    });

    it('deletes a field only once every one of its sub-fields was closed on its own stream', () => {
      const pitchB: FieldEvent = {
        type: 'SubFieldAdded',
        data: { fieldId: 'f1', subFieldId: 'sf-b', name: 'Pitch B' },
      };
      given(fieldDecider, [added, pitchA, pitchB])
        .when({ type: 'DeleteField', actorIsAdmin: false, closedSubFieldIds: ['sf-a'] }, owner)
        .thenRefused('subfields_still_open', 'Close Pitch B before deleting the field.');
      given(fieldDecider, [added, pitchA, pitchB])
        .when({ type: 'DeleteField', actorIsAdmin: false, closedSubFieldIds: [] }, owner)
        .thenRefused('subfields_still_open', 'Close Pitch A, Pitch B before deleting the field.');
      given(fieldDecider, [added, pitchA, pitchB])
        .when({ type: 'DeleteField', actorIsAdmin: false, closedSubFieldIds: ['sf-b', 'sf-a'] }, owner)
        .then([deleted]);
    });

    it('refuses commands for an unknown field', () => {
      given(fieldDecider, []).when(edit, owner).thenRefused('field_not_found');
    });
  });

  describe("withdrawing (the owner's account was deleted)", () => {
    const withdrawn: FieldEvent = {
      type: 'FieldWithdrawn',
      data: { fieldId: 'f1', ownerId: 'owner-1', withdrawnBy: 'admin-1', reason: 'owner_deleted' },
    };
    const withdraw = (withdrawnSubFieldIds: string[]) => ({
      type: 'WithdrawField' as const,
      reason: 'owner_deleted' as const,
      withdrawnSubFieldIds,
    });

    it('withdraws a field once every one of its sub-fields was withdrawn on its own stream', () => {
      given(fieldDecider, [added, pitchA])
        .when(withdraw([]), admin)
        .thenRefused('subfields_still_open', 'Withdraw Pitch A before withdrawing the field.');
      given(fieldDecider, [added, pitchA])
        .when(withdraw(['sf-a']), admin)
        .then([withdrawn]);
    });

    it('leaves the field gone for every command, and withdraws nothing twice (the job may run again)', () => {
      given(fieldDecider, [added, pitchA, withdrawn])
        .when(withdraw(['sf-a']), admin)
        .then([]);
      given(fieldDecider, [added, deleted]).when(withdraw([]), admin).then([]);
      given(fieldDecider, [added, withdrawn])
        .when({ type: 'AddSubField', name: 'Pitch B', actorIsAdmin: true }, admin)
        .thenRefused('field_not_found');
      given(fieldDecider, [added, withdrawn])
        .when({ type: 'DeleteField', actorIsAdmin: true, closedSubFieldIds: [] }, admin)
        .thenRefused('field_not_found');
      given(fieldDecider, []).when(withdraw([]), admin).thenRefused('field_not_found');
    });
  });

  describe('sub-fields', () => {
    it('adds a sub-field with a new id', () => {
      given(fieldDecider, [added])
        .when(
          { type: 'AddSubField', name: ' Pitch A ', actorIsAdmin: false },
          testContext({ actorId: 'owner-1', newId: () => 'sf-a' }),
        )
        .then([pitchA]);
    });

    it("names a sub-field without a name 'New Subfield'", () => {
      given(fieldDecider, [added])
        .when(
          { type: 'AddSubField', name: '  ', actorIsAdmin: false },
          testContext({ actorId: 'owner-1', newId: () => 'sf-n' }),
        )
        .then([{ type: 'SubFieldAdded', data: { fieldId: 'f1', subFieldId: 'sf-n', name: 'New Subfield' } }]);
    });

    it('keeps sub-field names unique within the field, whatever their case', () => {
      given(fieldDecider, [added, pitchA])
        .when({ type: 'AddSubField', name: 'pitch a', actorIsAdmin: false }, owner)
        .thenRefused('duplicate_subfield', 'This field already has a sub-field named Pitch A. Choose another name.');
      const unnamed: FieldEvent = {
        type: 'SubFieldAdded',
        data: { fieldId: 'f1', subFieldId: 'sf-n', name: 'New Subfield' },
      };
      given(fieldDecider, [added, unnamed])
        .when({ type: 'AddSubField', name: '', actorIsAdmin: false }, owner)
        .thenRefused('duplicate_subfield');
    });

    it('frees the name of a removed sub-field', () => {
      const removed: FieldEvent = {
        type: 'SubFieldRemoved',
        data: { fieldId: 'f1', subFieldId: 'sf-a', removedBy: 'owner-1' },
      };
      given(fieldDecider, [added, pitchA, removed])
        .when(
          { type: 'AddSubField', name: 'Pitch A', actorIsAdmin: false },
          testContext({ actorId: 'owner-1', newId: () => 'sf-a2' }),
        )
        .then([{ type: 'SubFieldAdded', data: { fieldId: 'f1', subFieldId: 'sf-a2', name: 'Pitch A' } }]);
    });

    it('refuses a too long sub-field name', () => {
      given(fieldDecider, [added])
        .when({ type: 'AddSubField', name: 'x'.repeat(61), actorIsAdmin: false }, owner)
        .thenRefused('subfield_name_too_long');
    });

    it('removes a sub-field of the field, and refuses one it does not have', () => {
      given(fieldDecider, [added, pitchA])
        .when({ type: 'RemoveSubField', subFieldId: 'sf-a', actorIsAdmin: true }, admin)
        .then([{ type: 'SubFieldRemoved', data: { fieldId: 'f1', subFieldId: 'sf-a', removedBy: 'admin-1' } }]);
      given(fieldDecider, [added, pitchA])
        .when({ type: 'RemoveSubField', subFieldId: 'sf-z', actorIsAdmin: false }, owner)
        .thenRefused('subfield_not_found', 'There is no sub-field with this id.');
    });
  });

  describe('the booking policy', () => {
    const setPolicy = (cancellationWindowHours: number | null, freeRental: boolean, actorIsAdmin = false) =>
      ({ type: 'SetFieldPolicy', policy: { cancellationWindowHours, freeRental }, actorIsAdmin }) as const;
    const policySet = (setBy: string, cancellationWindowHours: number | null, freeRental: boolean): FieldEvent => ({
      type: 'FieldPolicySet',
      data: { fieldId: 'f1', setBy, cancellationWindowHours, freeRental },
    });

    it("lets the owner set their field's cancellation window, whole hours from 0 to a week", () => {
      given(fieldDecider, [added])
        .when(setPolicy(48, false), owner)
        .then([policySet('owner-1', 48, false)]);
      given(fieldDecider, [added, policySet('owner-1', 48, false)])
        .when(setPolicy(null, false), owner)
        .then([policySet('owner-1', null, false)]);
      given(fieldDecider, [added, policySet('owner-1', 48, false)])
        .when(setPolicy(48, false), owner)
        .then([]);
      for (const hours of [-1, 1.5, 169]) {
        given(fieldDecider, [added])
          .when(setPolicy(hours, false), owner)
          .thenRefused(
            'invalid_cancellation_window',
            'The cancellation window is a whole number of hours from 0 to 168.',
          );
      }
      given(fieldDecider, [added]).when(setPolicy(12, false), otherOwner).thenRefused('not_your_field');
    });

    it('lets only an admin make rentals free, or end that', () => {
      given(fieldDecider, [added])
        .when(setPolicy(null, true), owner)
        .thenRefused('only_admins_make_rentals_free', "Only an admin can make a field's rentals free.");
      given(fieldDecider, [added])
        .when(setPolicy(null, true, true), admin)
        .then([policySet('admin-1', null, true)]);
      given(fieldDecider, [added, policySet('admin-1', null, true)])
        .when(setPolicy(null, false), owner)
        .thenRefused('only_admins_make_rentals_free');
      // The owner still sets their window on a field an admin made free.
      given(fieldDecider, [added, policySet('admin-1', null, true)])
        .when(setPolicy(6, true), owner)
        .then([policySet('owner-1', 6, true)]);
    });
  });

  describe("the field's time zone (issue #30)", () => {
    it('stores the zone given, and New York (the demo’s) when none is', () => {
      given(fieldDecider, [])
        .when({ type: 'AddField', fieldId: 'f1', form, coordinates: whereItIs, timeZone: 'Europe/London' }, owner)
        .then([{ ...added, data: { ...added.data, timeZone: 'Europe/London' } } as FieldEvent]);
    });

    it('reads a FieldAdded of version 1 as a field in New York', () => {
      const { timeZone: _zone, ...v1 } = added.data as { timeZone: string };
      expect(eventRegistry.upcast({ type: 'FieldAdded', version: 1, data: v1 })).toEqual(added);
      expect(eventRegistry.prepare({ type: 'FieldAdded', data: added.data }).version).toBe(2);
      const state = fold(fieldDecider, [
        eventRegistry.upcast({ type: 'FieldAdded', version: 1, data: v1 }) as FieldEvent,
      ]);
      expect(state.status !== 'unknown' && state.timeZone).toBe('America/New_York');
    });
  });
});
