import { describe, expect, it } from 'vitest';
import {
  defaultGameName,
  entryFeeDollars,
  furthestStep,
  holdToRelease,
  initialDraft,
  initialWizardState,
  priceError,
  redirectFor,
  settingsErrors,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';
import { heldSlotExample } from './held-slot-example';

const field = {
  fieldId: 'f1',
  fieldName: 'Riverside',
  address: '1 Main St',
  zipCode: '12345',
  city: 'Springfield',
  price: 40,
  picture: '',
  description: 'No description',
  cancellationWindowHours: null,
  freeRental: false,
  timeZone: 'America/New_York',
};
const subField = { subFieldId: 's1', name: 'North' };
const selection = { startDate: '2026-06-10T08:00:00.000Z', endDate: '2026-06-10T09:00:00.000Z' };
const hold = heldSlotExample;

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizardState);
const chosen: WizardAction[] = [
  { type: 'chooseSubField', field, subField },
  { type: 'showDay', day: '2026-06-10' },
  { type: 'select', selection },
];

describe('wizardReducer', () => {
  it("repeats weekly (issue #30): other weeks or dropped weeks make a held series stale, and another slot's drops go", () => {
    const held = run(...chosen, { type: 'setRepeat', repeatWeeks: 8 }, { type: 'held', hold });
    expect(held.draft).toMatchObject({ repeatWeeks: 8, skipDates: [], regularsWindowHours: 24 });
    const dropped = wizardReducer(held, { type: 'dropWeeks', dates: ['2026-06-24', '2026-06-17'], dropped: true });
    expect(dropped.draft.skipDates).toEqual(['2026-06-17', '2026-06-24']);
    expect(dropped.hold).toBeNull();
    expect(holdToRelease(held, dropped)).toBe('h1');
    const kept = wizardReducer(dropped, { type: 'dropWeeks', dates: ['2026-06-17'], dropped: false });
    expect(kept.draft.skipDates).toEqual(['2026-06-24']);
    expect(wizardReducer({ ...held }, { type: 'setRepeat', repeatWeeks: 8 })).toEqual(held);
    expect(wizardReducer(held, { type: 'setRepeat', repeatWeeks: null }).hold).toBeNull();
    const moved = wizardReducer(kept, {
      type: 'select',
      selection: { startDate: '2026-06-10T10:00:00.000Z', endDate: '2026-06-10T11:00:00.000Z' },
    });
    expect(moved.draft.skipDates).toEqual([]);
  });

  it('starts at Select Field with the spec defaults', () => {
    expect(initialWizardState.step).toBe(0);
    expect(initialWizardState.draft).toMatchObject({ duration: 60, maxPlayers: 22, price: '', name: null });
  });

  it('goes to Select Time when a sub-field is chosen, and keeps the draft across steps', () => {
    const state = run(
      ...chosen,
      { type: 'goTo', step: 2 },
      {
        type: 'configure',
        name: 'Kick',
        maxPlayers: 18,
        price: '5',
        sidelineSize: 2,
        minPlayers: 10,
        decisionHours: 6,
        minReliability: 80,
        freeCancellationHours: 12,
      },
      { type: 'goTo', step: 1 },
      { type: 'goTo', step: 3 },
    );
    expect(state.step).toBe(3);
    expect(state.draft).toMatchObject({
      ...{ field, subField, selection, name: 'Kick', maxPlayers: 18, price: '5' },
      minReliability: 80,
      freeCancellationHours: 12,
    });
    expect(run({ type: 'chooseSubField', field, subField }).step).toBe(1);
  });

  it('clears the selection and the hold when the day changes', () => {
    const state = run(...chosen, { type: 'held', hold }, { type: 'showDay', day: '2026-06-11' });
    expect(state.draft.selection).toBeNull();
    expect(state.hold).toBeNull();
  });

  it('keeps the hold when the same slot is selected again, drops it for another slot', () => {
    expect(run(...chosen, { type: 'held', hold }, { type: 'select', selection }).hold).toEqual(hold);
    expect(run(...chosen, { type: 'held', hold }, { type: 'select', selection: null }).hold).toBeNull();
  });

  it('does not go past what the draft allows', () => {
    expect(run({ type: 'goTo', step: 3 }).step).toBe(0);
    expect(run({ type: 'chooseSubField', field, subField }, { type: 'goTo', step: 2 }).step).toBe(1);
    expect(furthestStep(run(...chosen).draft)).toBe(3);
  });

  it('resets to step -1 after creation or cancel, and starts again at 0', () => {
    const reset = run(...chosen, { type: 'held', hold }, { type: 'paid', paymentId: 'p1' }, { type: 'reset' });
    expect(reset).toMatchObject({
      step: -1,
      hold: null,
      paymentId: null,
      gameId: null,
      draft: initialWizardState.draft,
    });
    expect(wizardReducer(reset, { type: 'start' }).step).toBe(0);
  });
});

describe('holdToRelease', () => {
  const held = run(...chosen, { type: 'held', hold });

  it('gives back a hold the wizard dropped', () => {
    expect(holdToRelease(held, wizardReducer(held, { type: 'showDay', day: '2026-06-11' }))).toBe('h1');
    expect(holdToRelease(held, wizardReducer(held, { type: 'reset' }))).toBe('h1');
    expect(holdToRelease(held, wizardReducer(held, { type: 'holdGone' }))).toBe('h1');
  });

  it('keeps a hold that is paid for or became a game, and one still held', () => {
    const paid = wizardReducer(held, { type: 'paid', paymentId: 'p1' });
    expect(holdToRelease(paid, wizardReducer(paid, { type: 'reset' }))).toBeNull();
    const created = wizardReducer(held, { type: 'created', gameId: 'g1' });
    expect(holdToRelease(created, wizardReducer(created, { type: 'reset' }))).toBeNull();
    expect(
      holdToRelease(held, wizardReducer(held, { type: 'configure', ...initialDraft, name: 'x', maxPlayers: 14 })),
    ).toBeNull();
    expect(holdToRelease(initialWizardState, held)).toBeNull();
  });
});

describe('redirectFor', () => {
  it('sends step -1 to the organizer games', () => {
    expect(redirectFor(run({ type: 'reset' }), 'select-field')).toBe('/organize/games');
  });

  it('sends a step the draft is not ready for to the first step it needs', () => {
    expect(redirectFor(initialWizardState, 'select-field')).toBeNull();
    expect(redirectFor(initialWizardState, 'confirm')).toBe('/organize/select-field');
    expect(redirectFor(run({ type: 'chooseSubField', field, subField }), 'configure')).toBe('/organize/select-time');
    expect(redirectFor(run(...chosen), 'confirm')).toBeNull();
  });
});

describe('Configure defaults and the entry fee', () => {
  it("names the game after the captain's nickname", () => {
    expect(defaultGameName('Ana')).toBe("Ana's Game");
  });

  it('reads an empty price as 0 dollars and accepts a leading $', () => {
    expect(entryFeeDollars('')).toBe(0);
    expect(entryFeeDollars('$7.50')).toBe(7.5);
    expect(priceError('7.5')).toBeNull();
    expect(priceError('')).toBeNull();
    expect(priceError('seven')).toMatch(/dollars/);
    expect(priceError('-3')).toMatch(/dollars/);
    expect(priceError('1.999')).toMatch(/dollars/);
    expect(priceError('0x10')).toBe('Type the price in dollars, like 5 or 12.50 (at most two decimals)');
  });
});

describe('game settings (issue #29)', () => {
  const draft = {
    ...initialDraft,
    selection: { startDate: '2026-06-10T18:00:00.000Z', endDate: '2026-06-10T19:00:00.000Z' },
  };
  const noon = Date.parse('2026-06-10T12:00:00.000Z');

  it("takes 'Reliable players only' from 50 to 100 percent, or off, as set-min-reliability does (issue #44)", () => {
    expect(settingsErrors({ ...draft, minReliability: null }, noon)).toEqual({});
    expect(settingsErrors({ ...draft, minReliability: 80 }, noon)).toEqual({});
    expect(settingsErrors({ ...draft, minReliability: 100 }, noon)).toEqual({});
    for (const refused of [49, 101, 75.5, ''])
      expect(settingsErrors({ ...draft, minReliability: refused }, noon).minReliability).toBe(
        'minReliability is a whole percent from 50 to 100, or null for anyone',
      );
  });

  it("takes the defaults and refuses what the server's schema refuses, an emptied box included", () => {
    expect(settingsErrors(draft, noon)).toEqual({});
    expect(settingsErrors({ ...draft, sidelineSize: 11 }, noon)).toEqual({
      sidelineSize: 'Sideline size is at most 10',
    });
    expect(settingsErrors({ ...draft, sidelineSize: '' }, noon).sidelineSize).toBe('Sideline size must be a number');
    expect(settingsErrors({ ...draft, minPlayers: 1 }, noon)).toEqual({ minPlayers: 'Minimum players is at least 2' });
    expect(settingsErrors({ ...draft, maxPlayers: 14, minPlayers: 16 }, noon)).toEqual({
      minPlayers: "Minimum players is at most the game's max players (14)",
    });
    expect(settingsErrors({ ...draft, minPlayers: 10, decisionHours: 49 }, noon).decisionHours).toBe(
      'Decision time is at most 48 hours before the start',
    );
  });

  it('refuses a decision time that has passed already, only with a minimum', () => {
    expect(settingsErrors({ ...draft, minPlayers: 10, decisionHours: 6 }, noon).decisionHours).toMatch(
      /^6 hours before the start has passed already/,
    );
    expect(settingsErrors({ ...draft, minPlayers: 10, decisionHours: 5 }, noon)).toEqual({});
    expect(settingsErrors({ ...draft, minPlayers: null, decisionHours: 6 }, noon)).toEqual({});
  });
});
