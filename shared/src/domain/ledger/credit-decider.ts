import { DomainError, decideByType, unknownType, type CommandOf, type Decider } from '../decider';
import { formatDollars } from '../money';
import type { CreditEvent, CreditGrantReason } from './credit-events';

export type CreditCommand =
  | {
      type: 'GrantCredit';
      userId: string;
      amountCents: number;
      reason: CreditGrantReason;
      fromPaymentId: string;
      gameId: string | null;
      key: string;
    }
  | { type: 'SpendCredit'; userId: string; amountCents: number; paymentId: string; gameId: string };

export interface CreditState {
  balanceCents: number;
  /** Keys of grants and payments already recorded: each happens once. */
  keys: string[];
  /**
   * What each payment spent, on which game, and when: the credit part of a payment the card pays the
   * rest of, and when its return is due (issue #45).
   */
  spentBy: Record<string, CreditSpentOn>;
}

export interface CreditSpentOn {
  amountCents: number;
  gameId: string;
  at: string;
}

type Command<Type extends CreditCommand['type']> = CommandOf<CreditCommand, Type>;

/** The message a checkout gets when the credit it counted on was spent by another checkout first. */
export const creditShort = (balanceCents: number, wanted: number) =>
  `Your Playtime credit is ${formatDollars(balanceCents)}, less than ${formatDollars(wanted)}: another payment spent it first. Check the price and pay again.`;

function grantCredit(command: Command<'GrantCredit'>, state: CreditState, at: string): CreditEvent[] {
  if (state.keys.includes(command.key)) return [];
  if (!Number.isSafeInteger(command.amountCents) || command.amountCents <= 0) return [];
  const { userId, amountCents, reason, fromPaymentId, gameId, key } = command;
  return [{ type: 'CreditGranted', data: { userId, amountCents, reason, fromPaymentId, gameId, key, at } }];
}

function spendCredit(command: Command<'SpendCredit'>, state: CreditState, at: string): CreditEvent[] {
  // A checkout retried with the same payment spends nothing more.
  if (state.keys.includes(command.paymentId)) return [];
  if (!Number.isSafeInteger(command.amountCents) || command.amountCents <= 0)
    throw new DomainError('invalid', 'invalid_amount', 'Credit is spent in a positive whole number of cents.');
  if (command.amountCents > state.balanceCents)
    throw new DomainError('conflict', 'credit_spent', creditShort(state.balanceCents, command.amountCents));
  const { userId, amountCents, paymentId, gameId } = command;
  return [{ type: 'CreditSpent', data: { userId, amountCents, paymentId, gameId, at } }];
}

/** One user's credit account: grants add, spends take away, never below zero, each once. */
export const creditDecider: Decider<CreditCommand, CreditEvent, CreditState> = {
  initialState: () => ({ balanceCents: 0, keys: [], spentBy: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'CreditGranted':
        return {
          ...state,
          balanceCents: state.balanceCents + event.data.amountCents,
          keys: [...state.keys, event.data.key],
        };
      case 'CreditSpent':
        return {
          balanceCents: state.balanceCents - event.data.amountCents,
          keys: [...state.keys, event.data.paymentId],
          spentBy: {
            ...state.spentBy,
            [event.data.paymentId]: {
              amountCents: event.data.amountCents,
              gameId: event.data.gameId,
              at: event.data.at,
            },
          },
        };
      default:
        return unknownType(event);
    }
  },
  decide: decideByType({
    GrantCredit: (command, state, context) => grantCredit(command, state, context.now.toISOString()),
    SpendCredit: (command, state, context) => spendCredit(command, state, context.now.toISOString()),
  }),
};
