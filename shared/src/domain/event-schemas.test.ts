import { describe, expect, it } from 'vitest';
import { CREDIT_EVENT_TYPES } from './ledger/credit-events';
import { z } from 'zod';
import { DomainError } from './decider';
import { EVENT_SCHEMAS, eventRegistry, listEventSchemas } from './event-registry';
import { EventSchemaRegistry, eventSchema, isEventOf, type EventsOf } from './event-schemas';
import { GAME_EVENT_TYPES } from './games/events';
import { IDEMPOTENCY_EVENT_TYPES } from './idempotency/events';
import { LEDGER_EVENT_TYPES } from './ledger/events';
import { PARTNER_EVENT_TYPES } from './partners/events';
import { CHAT_EVENT_TYPES } from './chat/events';
import { FIELD_EVENT_TYPES } from './fields/events';
import { AVAILABILITY_EVENT_TYPES } from './availability/events';
import { USER_EVENT_TYPES, type UserEvent } from './users/events';
import { ofPitchA, testDraft, testSlotBooked, testSlotHeld } from '../testing/bookings';

/** A made-up event with three versions: v2 splits the name, v3 adds a default. */
const v1 = z.object({ name: z.string() });
const v2 = z.object({ first: z.string(), last: z.string() });
const v3 = v2.extend({ title: z.string() });
const PersonNamed = eventSchema('PersonNamed', v1)
  .next(v2, ({ name }) => ({ first: name.split(' ')[0] ?? '', last: name.split(' ').slice(1).join(' ') }))
  .next(v3, (previous) => ({ ...previous, title: '' }));
const Waved = eventSchema('Waved', z.object({ times: z.number().int() }));
const PEOPLE = [PersonNamed, Waved] as const;
const people = new EventSchemaRegistry<EventsOf<typeof PEOPLE>>(PEOPLE);

/** The draft as holds recorded it before issue #29, and as it reads today. */
const {
  sidelineSize: _sideline,
  minPlayers: _minimum,
  decisionHours: _decision,
  guestsPerPlayer: _guests,
  ...draftV1
} = testDraft;
// A draft from before issue #29 (and so before #45's guests): what the upcasts make of it.
const draftBefore29 = { ...draftV1, sidelineSize: null, minPlayers: null, decisionHours: null, guestsPerPlayer: 0 };

describe('event schema registry', () => {
  it('upcasts a stored event through every later version, from whichever version it was stored at', () => {
    expect(PersonNamed.version).toBe(3);
    expect(people.upcast({ type: 'PersonNamed', version: 1, data: { name: 'Ada King Lovelace' } })).toEqual({
      type: 'PersonNamed',
      data: { first: 'Ada', last: 'King Lovelace', title: '' },
    });
    expect(people.upcast({ type: 'PersonNamed', version: 2, data: { first: 'Ada', last: 'Lovelace' } })).toEqual({
      type: 'PersonNamed',
      data: { first: 'Ada', last: 'Lovelace', title: '' },
    });
    expect(
      people.upcast({ type: 'PersonNamed', version: 3, data: { first: 'Ada', last: 'Lovelace', title: 'Countess' } })
        .data,
    ).toEqual({
      first: 'Ada',
      last: 'Lovelace',
      title: 'Countess',
    });
  });

  it('checks stored data against the schema of the version it was stored at', () => {
    // Valid as version 2, but stored as version 1: that is not what version 1 looked like.
    expect(() => people.upcast({ type: 'PersonNamed', version: 1, data: { first: 'Ada', last: 'Lovelace' } })).toThrow(
      'Stored event PersonNamed (version 1) does not match its schema: name: Invalid input: expected string, received undefined',
    );
  });

  it('refuses a version it does not know, naming the ones it does', () => {
    for (const version of [0, 4, 1.5]) {
      expect(() => people.upcast({ type: 'PersonNamed', version, data: {} })).toThrow(
        `Event PersonNamed is stored at version ${version}; this code knows versions 1 to 3`,
      );
    }
  });

  it('refuses an event type it has no schema for, on the way in and out', () => {
    expect(() => people.prepare({ type: 'Shouted', data: {} })).toThrow('Event type Shouted has no registered schema');
    expect(() => people.upcast({ type: 'Shouted', version: 1, data: {} })).toThrow(
      'Event type Shouted has no registered schema',
    );
    expect(people.has('Waved')).toBe(true);
    expect(people.has('Shouted')).toBe(false);
  });

  it('refuses data its current schema refuses with a plain Error naming the type, the version and the issue: a bug, not a refusal for the user', () => {
    let refusal: unknown;
    try {
      people.prepare({ type: 'Waved', data: { times: 1.5 } });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal).not.toBeInstanceOf(DomainError);
    expect((refusal as Error).message).toBe(
      'Event Waved (version 1) does not match its schema: times: Invalid input: expected int, received number',
    );
    expect(() => people.prepare({ type: 'PersonNamed', data: { name: 'Ada' } })).toThrow(
      /^Event PersonNamed \(version 3\) does not match its schema: first: /,
    );
  });

  it('prepares an event at its current version, keeping only what its schema knows', () => {
    expect(
      people.prepare({ type: 'PersonNamed', data: { first: 'Ada', last: 'Lovelace', title: '', stray: true } }),
    ).toEqual({
      data: { first: 'Ada', last: 'Lovelace', title: '' },
      version: 3,
    });
  });

  it('refuses to register a type twice', () => {
    expect(() => new EventSchemaRegistry([Waved, Waved])).toThrow('Event type Waved is registered twice');
  });
});

describe("the product's events", () => {
  const v1Registration = {
    userId: 'u1',
    issuer: 'iss',
    subject: 's1',
    email: 'ana@x.test',
    username: 'ana',
    nickname: 'ana',
    profilePicture: '',
    role: 'player',
  };

  it('reads a UserRegistered of version 1 (no emailVerified) as unverified', () => {
    expect(eventRegistry.upcast({ type: 'UserRegistered', version: 1, data: v1Registration })).toEqual({
      type: 'UserRegistered',
      data: { ...v1Registration, emailVerified: false },
    });
    expect(
      eventRegistry.upcast({ type: 'UserRegistered', version: 2, data: { ...v1Registration, emailVerified: true } })
        .data,
    ).toMatchObject({ emailVerified: true });
    expect(() => eventRegistry.prepare({ type: 'UserRegistered', data: v1Registration })).toThrow(
      /emailVerified: Invalid input: expected boolean/,
    );
  });

  it("reads a GameCancelled of version 1 as a cancellation its organizer or an admin chose (no reason), and keeps a withdrawal's reason", () => {
    const v1Cancellation = {
      gameId: 'g1',
      cancelledBy: 'cap',
      at: '2026-11-22T12:00:00.000Z',
      subFieldId: 'sf',
      fieldId: 'f',
      ownerId: 'o',
      subFieldName: 'A',
      rentalRefunded: false,
      rentalPaymentId: null,
      entryRefunds: [],
    };
    // Version 3 (issue #30) gives back a week of a series' rental alone; before, the whole payment (null).
    const current = { ...v1Cancellation, rentalRefundCents: null };
    expect(eventRegistry.upcast({ type: 'GameCancelled', version: 1, data: v1Cancellation })).toEqual({
      type: 'GameCancelled',
      data: current,
    });
    expect(eventRegistry.prepare({ type: 'GameCancelled', data: { ...current, reason: 'owner_deleted' } })).toEqual({
      data: { ...current, reason: 'owner_deleted' },
      version: 3,
    });
    expect(() => eventRegistry.prepare({ type: 'GameCancelled', data: { ...current, reason: 'bored' } })).toThrow(
      /reason/,
    );
  });

  it('reads SlotHeld and SlotBooked of version 1 (captainId) with the organizer as organizerId', () => {
    const { organizerId, ...booked } = testSlotBooked({ draft: draftBefore29 });
    const { organizerId: holder, ...held } = testSlotHeld({ draft: draftBefore29 });
    const asRecorded = { ...booked, draft: draftV1 };
    expect(
      eventRegistry.upcast({ type: 'SlotBooked', version: 1, data: { ...asRecorded, captainId: organizerId } }),
    ).toEqual({ type: 'SlotBooked', data: testSlotBooked({ draft: draftBefore29 }) });
    expect(
      eventRegistry.upcast({ type: 'SlotHeld', version: 1, data: { ...held, draft: draftV1, captainId: holder } }),
    ).toEqual({ type: 'SlotHeld', data: testSlotHeld({ draft: draftBefore29 }) });
    expect(eventRegistry.prepare({ type: 'SlotBooked', data: testSlotBooked() }).version).toBe(5);
    expect(() =>
      eventRegistry.prepare({ type: 'SlotBooked', data: { ...asRecorded, captainId: organizerId } }),
    ).toThrow(/organizerId/);
  });

  it('reads drafts of version 2 of SlotHeld and SlotBooked with an uncapped sideline and no minimum (issue #29)', () => {
    const booked = testSlotBooked({ draft: draftBefore29 });
    const held = testSlotHeld({ draft: draftBefore29 });
    expect(eventRegistry.upcast({ type: 'SlotBooked', version: 2, data: { ...booked, draft: draftV1 } })).toEqual({
      type: 'SlotBooked',
      data: booked,
    });
    expect(eventRegistry.upcast({ type: 'SlotHeld', version: 2, data: { ...held, draft: draftV1 } })).toEqual({
      type: 'SlotHeld',
      data: held,
    });
    // Today's drafts must say what the captain chose.
    expect(() => eventRegistry.prepare({ type: 'SlotHeld', data: { ...held, draft: draftV1 } })).toThrow(
      /sidelineSize/,
    );
  });

  it('reads drafts of version 4 of SlotHeld and SlotBooked as taking no guests (issue #45)', () => {
    const { guestsPerPlayer: _none, ...draftV3 } = testDraft;
    const booked = testSlotBooked();
    const held = testSlotHeld();
    expect(eventRegistry.upcast({ type: 'SlotBooked', version: 4, data: { ...booked, draft: draftV3 } })).toEqual({
      type: 'SlotBooked',
      data: { ...booked, draft: { ...draftV3, guestsPerPlayer: 0 } },
    });
    expect(eventRegistry.upcast({ type: 'SlotHeld', version: 4, data: { ...held, draft: draftV3 } })).toEqual({
      type: 'SlotHeld',
      data: { ...held, draft: { ...draftV3, guestsPerPlayer: 0 } },
    });
    expect(() => eventRegistry.prepare({ type: 'SlotHeld', data: { ...held, draft: draftV3 } })).toThrow(
      /guestsPerPlayer/,
    );
  });

  it("reads availability windows of version 1 (fieldScheduleId) with the window's id as windowId", () => {
    const window = { ...ofPitchA, startDate: '2026-11-22T18:00:00.000Z', endDate: '2026-11-22T20:00:00.000Z' };
    expect(
      eventRegistry.upcast({
        type: 'AvailabilityAdded',
        version: 1,
        data: { ...window, fieldScheduleId: 'w1', addedBy: 'owner-1' },
      }),
    ).toEqual({
      type: 'AvailabilityAdded',
      data: { ...window, windowId: 'w1', addedBy: 'owner-1' },
    });
    expect(
      eventRegistry.upcast({
        type: 'AvailabilityChanged',
        version: 1,
        data: { ...window, fieldScheduleId: 'w1', changedBy: 'owner-1' },
      }).data,
    ).toMatchObject({ windowId: 'w1' });
    expect(
      eventRegistry.upcast({
        type: 'AvailabilityRemoved',
        version: 1,
        data: { ...ofPitchA, fieldScheduleId: 'w1', removedBy: 'owner-1' },
      }),
    ).toEqual({
      type: 'AvailabilityRemoved',
      data: { ...ofPitchA, windowId: 'w1', removedBy: 'owner-1' },
    });
  });

  it('lists every registered type with its version and schemas, for the admin audit', () => {
    const listed = listEventSchemas();
    expect(listed.map((entry) => entry.type).sort()).toEqual(
      [
        ...USER_EVENT_TYPES,
        'UsernameClaimed',
        'AdminGranted',
        'AdminRevoked',
        ...FIELD_EVENT_TYPES,
        ...AVAILABILITY_EVENT_TYPES,
        ...GAME_EVENT_TYPES,
        ...LEDGER_EVENT_TYPES,
        ...CREDIT_EVENT_TYPES,
        ...IDEMPOTENCY_EVENT_TYPES,
        ...PARTNER_EVENT_TYPES,
        ...CHAT_EVENT_TYPES,
      ].sort(),
    );
    expect(listed.length).toBe(EVENT_SCHEMAS.length);
    const registration = listed.find((entry) => entry.type === 'UserRegistered')!;
    expect(registration.version).toBe(2);
    expect(registration.versions.map((entry) => entry.version)).toEqual([1, 2]);
    // Schemas a renderer can walk, e.g. as JSON Schema.
    expect(Object.keys((z.toJSONSchema(registration.schema) as { properties: object }).properties)).toContain(
      'emailVerified',
    );
  });

  it('narrows any event to one aggregate by its list of types', () => {
    const event = eventRegistry.upcast({ type: 'UserDeleted', version: 1, data: { userId: 'u1', deletedBy: 'admin' } });
    expect(isEventOf(event, USER_EVENT_TYPES)).toBe(true);
    expect(isEventOf(event, FIELD_EVENT_TYPES)).toBe(false);
    if (isEventOf(event, USER_EVENT_TYPES)) {
      const userEvent: UserEvent = event;
      expect(userEvent.data.userId).toBe('u1');
    }
  });
});
