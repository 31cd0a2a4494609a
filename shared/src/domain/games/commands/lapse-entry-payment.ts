import type { GameEvent } from '../events';
import { paymentUsed } from '../queries';
import { paymentLapsed } from '../state-shape';
import type { Decide } from './game-command';

/**
 * Issue #45: a credit payment for this game that no join used within the window lapses, so that its
 * credit can go back. Decided on the game's stream, where joins are: a payment a join used first never
 * lapses (nothing is decided, and the credit stays spent), and a lapsed payment joins nothing after.
 * It lapses whatever the game's status: a cancelled game's unused payment owes its credit back too.
 */
export const lapseEntryPayment: Decide<'LapseEntryPayment'> = (command, state, context) => {
  if (state.status === 'none') return [];
  if (paymentUsed(state, command.paymentId) || paymentLapsed(state, command.paymentId)) return [];
  const { playerId, paymentId } = command;
  const lapsed: GameEvent = {
    type: 'EntryPaymentLapsed',
    data: { gameId: state.details.gameId, playerId, paymentId, at: context.now.toISOString() },
  };
  return [lapsed];
};
