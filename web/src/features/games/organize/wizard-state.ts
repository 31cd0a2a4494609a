import { entryPriceCents, holdSlotBody, PRICE_FORMAT_MESSAGE } from '@playtime/shared/contract/games';
import { DEFAULT_FREE_CANCELLATION_HOURS } from '@playtime/shared/contract/credit-texts';
import { DEFAULT_REGULARS_WINDOW_HOURS } from '@playtime/shared/contract/series';
import { minReliability } from '@playtime/shared/contract/attendance';
import { DEFAULT_GUESTS_PER_PLAYER } from '@playtime/shared/domain/games/policies/guests';
import {
  decisionTimePassed,
  DEFAULT_DECISION_HOURS,
  DEFAULT_MAX_PLAYERS,
  DEFAULT_SIDELINE_SIZE,
  MAX_PLAYERS,
  MAX_PLAYERS_STEP,
  MIN_PLAYERS,
  minimumDecisionAt,
} from '@playtime/shared/domain/games/rules';
import type { HeldSlot, VenueResult } from '../api/organize';
import { stepsBetween } from '../../../utils/steps';
import { DURATION_DEFAULT, type Day, type Selection } from './slots';

/**
 * The organize wizard's state (spec §4 Wizard): the step index (0 select field, 1 select time,
 * 2 configure, 3 confirm; -1 after creation or cancel, which sends the captain to their games) and
 * the draft collected across the steps. Kept in memory by the wizard's layout, so moving between the
 * steps keeps it.
 */

export type WizardStepIndex = -1 | 0 | 1 | 2 | 3;

export const WIZARD_STEPS = ['select-field', 'select-time', 'configure', 'confirm'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const WIZARD_STEP_TITLES: Record<WizardStep, string> = {
  'select-field': 'Select Field',
  'select-time': 'Select Time',
  configure: 'Configure',
  confirm: 'Confirm',
};

/** The Max Players slider's marks: every allowed size. */
export const MAX_PLAYERS_MARKS = stepsBetween(MIN_PLAYERS, MAX_PLAYERS, MAX_PLAYERS_STEP);

export type Venue = Omit<VenueResult, 'subFields'>;
export interface ChosenSubField {
  subFieldId: string;
  name: string;
}

export interface WizardDraft {
  field: Venue | null;
  subField: ChosenSubField | null;
  /** The day shown on Select Time; null until the step opens (then today). */
  day: Day | null;
  duration: number;
  selection: Selection | null;
  /** null until the captain types: the default is their nickname + "'s Game". */
  name: string | null;
  maxPlayers: number;
  /** The Price box's text in dollars; empty means 0. */
  price: string;
  /** Issue #29: how many may wait on the sideline beyond maxPlayers (a number box: '' while emptied). */
  sidelineSize: number | string;
  /** The fewest players the game goes ahead with; null: no minimum. */
  minPlayers: number | string | null;
  /** How many hours before the start the minimum is checked. */
  decisionHours: number | string;
  /** Issue #44, 'Reliable players only': the lowest reliability percent a player needs to join; null: anyone. */
  minReliability: number | string | null;
  /** Issue #45: free cancellation until this many hours before the start (a number box: '' while emptied). */
  freeCancellationHours: number | string;
  /** Issue #45: how many guests each player may bring (a number box: '' while emptied). */
  guestsPerPlayer: number | string;
  /** Issue #30, 'Repeat weekly': how many weeks from the selected slot on; null: one game. */
  repeatWeeks: number | null;
  /** Weeks the captain dropped ('YYYY-MM-DD' in the wizard's zone). */
  skipDates: string[];
  /** How long last week's team players may join each week first (a number box: '' while emptied). */
  regularsWindowHours: number | string;
}

/** What the Configure step sets: the game's own settings, held with the slot. */
export type GameSettings = Pick<
  WizardDraft,
  | 'name'
  | 'maxPlayers'
  | 'price'
  | 'sidelineSize'
  | 'minPlayers'
  | 'decisionHours'
  | 'minReliability'
  | 'freeCancellationHours'
> &
  Partial<Pick<WizardDraft, 'guestsPerPlayer'>>;

export interface WizardState {
  step: WizardStepIndex;
  draft: WizardDraft;
  /** The live hold on the selected slot, from the server (its rental cost and expiry). */
  hold: HeldSlot | null;
  /** The rental's succeeded payment, once paid: the hold is then never released by the wizard. */
  paymentId: string | null;
  /** The game the hold became: the hold is used up. */
  gameId: string | null;
}

export const initialDraft: WizardDraft = {
  field: null,
  subField: null,
  day: null,
  duration: DURATION_DEFAULT,
  selection: null,
  name: null,
  maxPlayers: DEFAULT_MAX_PLAYERS,
  price: '',
  sidelineSize: DEFAULT_SIDELINE_SIZE,
  minPlayers: null,
  decisionHours: DEFAULT_DECISION_HOURS,
  minReliability: null,
  freeCancellationHours: DEFAULT_FREE_CANCELLATION_HOURS,
  guestsPerPlayer: DEFAULT_GUESTS_PER_PLAYER,
  repeatWeeks: null,
  skipDates: [],
  regularsWindowHours: DEFAULT_REGULARS_WINDOW_HOURS,
};

export const initialWizardState: WizardState = {
  step: 0,
  draft: initialDraft,
  hold: null,
  paymentId: null,
  gameId: null,
};

export type WizardAction =
  | { type: 'start' }
  | { type: 'reset' }
  | { type: 'goTo'; step: 0 | 1 | 2 | 3 }
  | { type: 'chooseSubField'; field: Venue; subField: ChosenSubField }
  | { type: 'showDay'; day: Day }
  | { type: 'setDuration'; duration: number }
  /** 'Repeat weekly' on (a number of weeks) or off (null), the dropped weeks, the regulars' window. */
  | { type: 'setRepeat'; repeatWeeks: number | null }
  | { type: 'dropWeeks'; dates: string[]; dropped: boolean }
  | { type: 'setRegularsWindow'; hours: number | string }
  | { type: 'select'; selection: Selection | null }
  | ({ type: 'configure' } & GameSettings & { name: string })
  | { type: 'held'; hold: HeldSlot }
  | { type: 'holdGone' }
  | { type: 'paid'; paymentId: string }
  | { type: 'created'; gameId: string };

/** A changed slot makes a held one stale: the hold is dropped (the caller releases it on the server). */
function withoutSlot(state: WizardState, draft: WizardDraft): WizardState {
  return { ...state, draft: { ...draft, selection: null }, hold: null, paymentId: null };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'start':
      return { ...initialWizardState, step: 0 };
    case 'reset':
      return { ...initialWizardState, step: -1 };
    case 'goTo':
      return { ...state, step: Math.min(action.step, furthestStep(state.draft)) as WizardStepIndex };
    case 'chooseSubField':
      return {
        ...withoutSlot(state, { ...state.draft, field: action.field, subField: action.subField, day: null }),
        step: 1,
      };
    case 'showDay':
      // Spec §4: changing the day clears the selection.
      return action.day === state.draft.day ? state : withoutSlot(state, { ...state.draft, day: action.day });
    case 'setDuration':
      return { ...state, draft: { ...state.draft, duration: action.duration } };
    // Other weeks make a held series stale, as another slot does.
    case 'setRepeat':
      return state.draft.repeatWeeks === action.repeatWeeks
        ? state
        : { ...state, draft: { ...state.draft, repeatWeeks: action.repeatWeeks }, hold: null, paymentId: null };
    case 'dropWeeks': {
      const others = state.draft.skipDates.filter((date) => !action.dates.includes(date));
      const skipDates = action.dropped ? [...others, ...action.dates].sort() : others;
      return { ...state, draft: { ...state.draft, skipDates }, hold: null, paymentId: null };
    }
    case 'setRegularsWindow':
      return { ...state, draft: { ...state.draft, regularsWindowHours: action.hours }, hold: null, paymentId: null };
    case 'select':
      return sameSelection(action.selection, state.draft.selection)
        ? state
        : {
            ...state,
            // Another slot has other weeks: the dropped ones were dropped for the last one.
            draft: { ...state.draft, selection: action.selection, skipDates: [] },
            hold: null,
            paymentId: null,
          };
    case 'configure': {
      const { type: _configure, ...settings } = action;
      return { ...state, draft: { ...state.draft, ...settings } };
    }
    case 'held':
      return { ...state, hold: action.hold };
    case 'holdGone':
      return { ...state, hold: null, paymentId: null };
    case 'paid':
      return { ...state, paymentId: action.paymentId };
    case 'created':
      return { ...state, gameId: action.gameId };
  }
}

function sameSelection(a: Selection | null, b: Selection | null): boolean {
  return a?.startDate === b?.startDate && a?.endDate === b?.endDate;
}

/**
 * The hold the wizard should give back after moving from `before` to `after`: one it dropped (another
 * slot, another day, Cancel, expiry) that was neither paid for nor turned into a game.
 */
export function holdToRelease(before: WizardState, after: WizardState): string | null {
  const dropped = before.hold && before.hold.holdId !== after.hold?.holdId ? before.hold : null;
  return dropped && !before.paymentId && !before.gameId ? dropped.holdId : null;
}

/** How far the draft allows: Select Time needs a sub-field, Configure and Confirm a selected slot. */
export function furthestStep(draft: WizardDraft): 0 | 1 | 3 {
  if (!draft.subField || !draft.field) return 0;
  if (!draft.selection) return 1;
  return 3;
}

export function stepIndex(step: WizardStep): 0 | 1 | 2 | 3 {
  return WIZARD_STEPS.indexOf(step) as 0 | 1 | 2 | 3;
}

/** Where a wizard route should send the captain instead, or null when the step may show. */
export function redirectFor(state: WizardState, step: WizardStep): string | null {
  if (state.step === -1) return '/organize/games';
  const allowed = Math.min(stepIndex(step), furthestStep(state.draft));
  return allowed === stepIndex(step) ? null : `/organize/${WIZARD_STEPS[allowed]}`;
}

/** Spec §2 Configure: the game name defaults to the user's nickname followed by "'s Game". */
export function defaultGameName(nickname: string | null | undefined): string {
  return `${nickname?.trim() || 'My'}'s Game`;
}

/** The entry fee as the Confirm card shows it: dollars, 0 when the Price box is empty, NaN when it is not a price. */
export function entryFeeDollars(price: string): number {
  const parsed = entryPriceCents.safeParse(price);
  return parsed.success ? parsed.data / 100 : Number.NaN;
}

/** The Price box takes what the server takes (the contract's schema); anything else gets its message to act on. */
export function priceError(price: string): string | null {
  const parsed = entryPriceCents.safeParse(price);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PRICE_FORMAT_MESSAGE);
}

/** An emptied number box is no number (the schema's coercion would read '' as 0). */
const emptiedAsNaN = <T>(value: T) => (value === '' ? Number.NaN : value);

const SETTINGS_FIELDS = [
  'sidelineSize',
  'minPlayers',
  'decisionHours',
  'minReliability',
  'freeCancellationHours',
  'guestsPerPlayer',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
const isSettingsField = (field: unknown): field is SettingsField => SETTINGS_FIELDS.some((name) => name === field);

/**
 * The game settings' problems as the server's hold-slot schema finds them, by field: the Configure step
 * shows each under its box and keeps Done disabled while any stands.
 */
export function settingsErrors(draft: WizardDraft, nowMs = Date.now()): Partial<Record<SettingsField, string>> {
  // The slot's own fields stand in valid, so the schema reaches its check of minPlayers against maxPlayers.
  const parsed = holdSlotBody.safeParse({
    subFieldId: 'draft',
    startDate: '2030-01-01T10:00:00Z',
    endDate: '2030-01-01T11:00:00Z',
    maxPlayers: draft.maxPlayers,
    sidelineSize: emptiedAsNaN(draft.sidelineSize),
    minPlayers: emptiedAsNaN(draft.minPlayers),
    decisionHours: emptiedAsNaN(draft.decisionHours),
    freeCancellationHours: emptiedAsNaN(draft.freeCancellationHours),
    guestsPerPlayer: emptiedAsNaN(draft.guestsPerPlayer),
  });
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (isSettingsField(field) && !errors[field]) errors[field] = issue.message;
  }
  // Issue #44: set on the game once created (the hold does not take it), in the contract's terms.
  const reliability = minReliability.safeParse(emptiedAsNaN(draft.minReliability));
  if (!reliability.success) errors.minReliability = reliability.error.issues[0]?.message;
  // The hold refuses a minimum whose check would already have run: said here, before the captain confirms.
  const decisionAt =
    draft.selection && !errors.minPlayers && !errors.decisionHours
      ? minimumDecisionAt({
          startDate: draft.selection.startDate,
          minPlayers: draft.minPlayers === null ? null : Number(draft.minPlayers),
          decisionHours: Number(draft.decisionHours),
        })
      : null;
  if (decisionAt && decisionAt.getTime() <= nowMs)
    errors.decisionHours = decisionTimePassed(Number(draft.decisionHours));
  return errors;
}
