import type { HeldSlot } from '../api/organize';
import type { WizardAction } from './wizard-state';

/**
 * The Confirm step's flow (spec §4 Confirm flow) as a pure state machine: hold the slot, pay its rental
 * (a free rental skips payment), then create the game. `confirmFlow` takes the flow's state and an event
 * and gives the next state with the effects to run (a request, a wizard action); the hook
 * (use-confirm-flow.ts) runs them and feeds their outcome back as events, and the view only renders.
 * The hold and the payment themselves live in the wizard's state, which outlives this step.
 */

export interface ConfirmFlowState {
  /** The hold request: not in flight, in flight, or failed with `holdError`. */
  holding: 'idle' | 'pending' | 'failed';
  holdError: unknown;
  /** The first hold is asked for once, on entering the step; later ones only on request. */
  requested: boolean;
  /** Confirm was pressed before a hold was there: when one arrives, go on to payment. */
  confirmWhenHeld: boolean;
  /** The hold ran out before it was paid for. */
  expired: boolean;
  /** The hold being paid for; the payment dialog keeps it after it expires, to say so. */
  paying: HeldSlot | null;
  creation: 'idle' | 'pending' | 'created' | 'failed';
  creationError: unknown;
}

export const initialConfirmFlow: ConfirmFlowState = {
  holding: 'idle',
  holdError: null,
  requested: false,
  confirmWhenHeld: false,
  expired: false,
  paying: null,
  creation: 'idle',
  creationError: null,
};

/** What the wizard holds for this flow: the live hold and the rental's payment. */
export interface WizardHold {
  hold: HeldSlot | null;
  paymentId: string | null;
}

export type ConfirmFlowEvent =
  /** The step shows (again) with the wizard's hold: with neither hold nor payment, hold the slot once. */
  | ({ type: 'entered' } & WizardHold)
  | { type: 'holdAgain' }
  | { type: 'holdSucceeded'; hold: HeldSlot }
  | { type: 'holdFailed'; error: unknown }
  | ({ type: 'confirm' } & WizardHold)
  | { type: 'paymentClosed' }
  | { type: 'paid'; paymentId: string }
  /** The hold's countdown reached zero; a paid hold is the captain's whatever the countdown says. */
  | { type: 'holdExpired'; paymentId: string | null }
  | { type: 'gameCreated'; gameId: string }
  | { type: 'creationFailed'; error: unknown }
  | ({ type: 'retryCreation' } & WizardHold);

export type ConfirmFlowEffect =
  | { type: 'holdSlot' }
  | { type: 'createGame'; hold: HeldSlot; paymentId: string | null }
  | { type: 'wizard'; action: WizardAction };

export interface ConfirmFlowStep {
  state: ConfirmFlowState;
  effects: ConfirmFlowEffect[];
}

const stay = (state: ConfirmFlowState): ConfirmFlowStep => ({ state, effects: [] });

function requestHold(state: ConfirmFlowState, confirmWhenHeld: boolean): ConfirmFlowStep {
  return {
    state: { ...state, holding: 'pending', holdError: null, requested: true, confirmWhenHeld },
    effects: [{ type: 'holdSlot' }],
  };
}

function createGame(
  state: ConfirmFlowState,
  hold: HeldSlot,
  paymentId: string | null,
  effects: ConfirmFlowEffect[] = [],
): ConfirmFlowStep {
  return {
    state: { ...state, creation: 'pending', creationError: null },
    effects: [...effects, { type: 'createGame', hold, paymentId }],
  };
}

/** With a hold in hand: a rental that costs nothing needs no payment; any other is paid first. */
function goOn(state: ConfirmFlowState, hold: HeldSlot, effects: ConfirmFlowEffect[] = []): ConfirmFlowStep {
  return hold.rentalCents === 0
    ? createGame(state, hold, null, effects)
    : { state: { ...state, paying: hold }, effects };
}

export function confirmFlow(state: ConfirmFlowState, event: ConfirmFlowEvent): ConfirmFlowStep {
  switch (event.type) {
    case 'entered':
      return !event.hold && !event.paymentId && !state.requested ? requestHold(state, false) : stay(state);
    case 'holdAgain':
      return requestHold(state, false);
    case 'holdSucceeded': {
      const held: ConfirmFlowEffect[] = [{ type: 'wizard', action: { type: 'held', hold: event.hold } }];
      const next = { ...state, holding: 'idle' as const, expired: false, confirmWhenHeld: false };
      return state.confirmWhenHeld ? goOn(next, event.hold, held) : { state: next, effects: held };
    }
    case 'holdFailed':
      return stay({ ...state, holding: 'failed', holdError: event.error, confirmWhenHeld: false });
    case 'confirm':
      return event.hold ? goOn(state, event.hold) : requestHold(state, true);
    case 'paymentClosed':
      return stay({ ...state, paying: null });
    case 'paid': {
      const paid: ConfirmFlowEffect[] = [{ type: 'wizard', action: { type: 'paid', paymentId: event.paymentId } }];
      const next = { ...state, paying: null };
      return state.paying ? createGame(next, state.paying, event.paymentId, paid) : { state: next, effects: paid };
    }
    case 'holdExpired':
      return event.paymentId
        ? stay(state)
        : { state: { ...state, expired: true }, effects: [{ type: 'wizard', action: { type: 'holdGone' } }] };
    case 'gameCreated':
      return {
        state: { ...state, creation: 'created' },
        effects: [{ type: 'wizard', action: { type: 'created', gameId: event.gameId } }],
      };
    case 'creationFailed':
      return stay({ ...state, creation: 'failed', creationError: event.error });
    case 'retryCreation':
      return event.hold ? createGame(state, event.hold, event.paymentId) : stay(state);
  }
}
