import { describe, expect, it } from 'vitest';
import {
  confirmFlow,
  initialConfirmFlow,
  type ConfirmFlowEvent,
  type ConfirmFlowState,
  type ConfirmFlowStep,
} from './confirm-flow';
import { heldSlotExample } from './held-slot-example';

const hold = heldSlotExample;
const freeHold = { ...hold, holdId: 'h2', rentalCents: 0 };
const noHold = { hold: null, paymentId: null };

/** Runs the events from `state`, keeping every effect in order. */
function run(state: ConfirmFlowState, ...events: ConfirmFlowEvent[]): ConfirmFlowStep {
  return events.reduce<ConfirmFlowStep>(
    (step, event) => {
      const next = confirmFlow(step.state, event);
      return { state: next.state, effects: [...step.effects, ...next.effects] };
    },
    { state, effects: [] },
  );
}

describe('the Confirm flow', () => {
  it('holds the slot once on entering the step, and shows the hold when it arrives', () => {
    const entered = run(initialConfirmFlow, { type: 'entered', ...noHold }, { type: 'entered', ...noHold });
    expect(entered.effects).toEqual([{ type: 'holdSlot' }]);
    expect(entered.state.holding).toBe('pending');

    const held = confirmFlow(entered.state, { type: 'holdSucceeded', hold });
    expect(held.state.holding).toBe('idle');
    expect(held.effects).toEqual([{ type: 'wizard', action: { type: 'held', hold } }]);
  });

  it('asks for no hold on entering when the wizard has one or the rental is paid', () => {
    expect(confirmFlow(initialConfirmFlow, { type: 'entered', hold, paymentId: null }).effects).toEqual([]);
    expect(confirmFlow(initialConfirmFlow, { type: 'entered', hold: null, paymentId: 'p1' }).effects).toEqual([]);
  });

  it('pays a held rental, then creates the game with the payment', () => {
    const paying = confirmFlow(initialConfirmFlow, { type: 'confirm', hold, paymentId: null });
    expect(paying.state.paying).toEqual(hold);
    expect(paying.effects).toEqual([]);

    const paid = confirmFlow(paying.state, { type: 'paid', paymentId: 'p1' });
    expect(paid.state).toMatchObject({ paying: null, creation: 'pending' });
    expect(paid.effects).toEqual([
      { type: 'wizard', action: { type: 'paid', paymentId: 'p1' } },
      { type: 'createGame', hold, paymentId: 'p1' },
    ]);

    const created = confirmFlow(paid.state, { type: 'gameCreated', gameId: 'g1' });
    expect(created.state.creation).toBe('created');
    expect(created.effects).toEqual([{ type: 'wizard', action: { type: 'created', gameId: 'g1' } }]);
  });

  it('creates the game at once when the rental is free', () => {
    const step = confirmFlow(initialConfirmFlow, { type: 'confirm', hold: freeHold, paymentId: null });
    expect(step.state).toMatchObject({ paying: null, creation: 'pending' });
    expect(step.effects).toEqual([{ type: 'createGame', hold: freeHold, paymentId: null }]);
  });

  it('holds first when Confirm is pressed without a hold, then goes on to payment', () => {
    const step = run(initialConfirmFlow, { type: 'confirm', ...noHold }, { type: 'holdSucceeded', hold });
    expect(step.effects).toEqual([{ type: 'holdSlot' }, { type: 'wizard', action: { type: 'held', hold } }]);
    expect(step.state).toMatchObject({ paying: hold, confirmWhenHeld: false });
  });

  it('stops when the hold fails, and keeps the error to say what to do', () => {
    const error = new Error('taken');
    const step = run(initialConfirmFlow, { type: 'confirm', ...noHold }, { type: 'holdFailed', error });
    expect(step.state).toMatchObject({ holding: 'failed', holdError: error, paying: null, confirmWhenHeld: false });
    expect(confirmFlow(step.state, { type: 'holdAgain' }).state).toMatchObject({ holding: 'pending', holdError: null });
  });

  it('drops an unpaid hold when it runs out, and lets the captain hold again', () => {
    const ranOut = confirmFlow(initialConfirmFlow, { type: 'holdExpired', paymentId: null });
    expect(ranOut.state.expired).toBe(true);
    expect(ranOut.effects).toEqual([{ type: 'wizard', action: { type: 'holdGone' } }]);

    const again = run(ranOut.state, { type: 'holdAgain' }, { type: 'holdSucceeded', hold });
    expect(again.state).toMatchObject({ expired: false, holding: 'idle', paying: null });
  });

  it('keeps a paid hold whatever its countdown says', () => {
    expect(confirmFlow(initialConfirmFlow, { type: 'holdExpired', paymentId: 'p1' })).toEqual({
      state: initialConfirmFlow,
      effects: [],
    });
  });

  it('closes the payment dialog without paying', () => {
    const paying = confirmFlow(initialConfirmFlow, { type: 'confirm', hold, paymentId: null }).state;
    expect(confirmFlow(paying, { type: 'paymentClosed' })).toEqual({ state: { ...paying, paying: null }, effects: [] });
  });

  it('retries a failed creation with the hold and the payment', () => {
    const error = new Error('down');
    const failed = run(
      initialConfirmFlow,
      { type: 'confirm', hold: freeHold, paymentId: null },
      { type: 'creationFailed', error },
    ).state;
    expect(failed).toMatchObject({ creation: 'failed', creationError: error });

    const retried = confirmFlow(failed, { type: 'retryCreation', hold, paymentId: 'p1' });
    expect(retried.state).toMatchObject({ creation: 'pending', creationError: null });
    expect(retried.effects).toEqual([{ type: 'createGame', hold, paymentId: 'p1' }]);
    expect(confirmFlow(failed, { type: 'retryCreation', ...noHold }).effects).toEqual([]);
  });
});
