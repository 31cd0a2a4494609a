/**
 * Issue #45, late cancellations and credit: the organizer's free-cancellation window, where a refund
 * goes (the card or Playtime credit), the wallet, and who has paid. Limits, texts and answers shared
 * by web, services and tests: the server says exactly what the pages show. Without the schema library
 * (the game page shows these); the calls' schemas are in credit.ts, which re-exports all of this.
 */
import { formatDollars } from '../domain/money';

export const MIN_FREE_CANCELLATION_HOURS = 0;
export const MAX_FREE_CANCELLATION_HOURS = 72;
export const DEFAULT_FREE_CANCELLATION_HOURS = 24;

/** Configure, Confirm and the game page: the rule the organizer chose, before anyone pays. */
export function freeCancellationRule(hours: number | null): string {
  if (hours === null) return 'Leaving keeps your entry: you may rejoin free while there is room.';
  const until = hours === 0 ? 'until the start' : `until ${hours} hour${hours === 1 ? '' : 's'} before the start`;
  return `Free cancellation ${until}. Later, your entry stays paid (free rejoin while there is room) and comes back as credit if your place is taken again.`;
}

/** The Leave dialog's question within free cancellation (the spec's 'no refund' warning is true only later). */
export const LEAVE_QUESTION = 'Are you sure you want to leave the game?';

/** The Leave dialog: which rule applies to this leave, now. */
export function leaveRule(leave: { free: boolean; amountCents: number; held: boolean }): string {
  if (leave.amountCents === 0) return 'You have nothing paid for this game.';
  if (leave.held) return `Your card's hold of ${formatDollars(leave.amountCents)} is released at once.`;
  if (leave.free) return `You leave within free cancellation: ${formatDollars(leave.amountCents)} comes back in full.`;
  return `Free cancellation has passed: your entry of ${formatDollars(leave.amountCents)} stays paid. You may rejoin free while there is room; if your place is taken again before the start, it comes back as Playtime credit.`;
}

/** GET /api/leave-terms?gameId: what leaving now does for the signed-in member, for the Leave dialog. */
export interface LeaveTerms {
  /** Within free cancellation now: a refund in full, to the card or as credit. */
  free: boolean;
  /** The entry is a held card authorization: leaving releases it. */
  held: boolean;
  /** What the member's entry paid (0: nothing paid). */
  amountCents: number;
  /** The organizer's rule for this game (freeCancellationRule). */
  gameRule: string;
  /** What applies to this leave now (leaveRule). */
  rule: string;
}

export const REFUND_DESTINATIONS = ['card', 'credit'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const REFUND_DESTINATION_LABELS: Record<RefundDestination, string> = {
  card: 'To my card (a few days)',
  credit: 'As Playtime credit (at once)',
};

/** POST /api/leave-game with the refund's destination (the card when absent). */
/** 'released': the entry was only a held card authorization, and the hold is cancelled. */
export type RefundKind = 'card' | 'credit' | 'released' | 'none';
export interface LeaveAnswer {
  ok: true;
  refund: { kind: RefundKind; amountCents: number };
}

/** Why credit moved, as the wallet lists it. */
export const CREDIT_REASONS = [
  'left_in_free_window',
  'place_refilled',
  'refund',
  'spent',
  'payment_failed',
  'checkout_unused',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];
export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  left_in_free_window: 'Left within free cancellation',
  place_refilled: 'Your place was taken again',
  refund: 'Refund',
  spent: 'Paid an entry',
  payment_failed: 'Card payment failed: credit returned',
  checkout_unused: 'Checkout not completed: credit returned',
};

export interface WalletEntry {
  at: string;
  /** Positive: credit granted; negative: credit spent. */
  amountCents: number;
  reason: CreditReason;
  gameId: string | null;
}
/** GET /api/wallet: what Playtime owes the signed-in user, newest entries first. */
export interface WalletAnswer {
  balanceCents: number;
  entries: WalletEntry[];
}
export const WALLET_EMPTY = 'No Playtime credit yet. Refunds you take as credit appear here and pay your next game.';
export const walletBalanceText = (balanceCents: number) => `${formatDollars(balanceCents)} of Playtime credit`;

/** Checkout's answer when Playtime credit paid everything: no card form, join with this paymentId. */
export interface PaidWithCredit {
  paymentId: string;
  paidWithCredit: true;
}
export const useCreditLabel = (balanceCents: number) => `Use my Playtime credit (${formatDollars(balanceCents)})`;
export const NOT_ENOUGH_CREDIT = 'Your Playtime credit is spent already. Pay by card.';

/** Who has paid: the state of one member's payment as the organizer's table shows it. */
export const GAME_PAYMENT_STATES = ['authorized', 'paid', 'refunded', 'credited', 'released', 'kept'] as const;
export type GamePaymentState = (typeof GAME_PAYMENT_STATES)[number];
export const GAME_PAYMENT_STATE_LABELS: Record<GamePaymentState, string> = {
  authorized: 'Card held',
  paid: 'Paid',
  refunded: 'Refunded to card',
  credited: 'Refunded as credit',
  released: 'Hold released',
  kept: 'Kept (left late)',
};
export interface GamePaymentItem {
  userId: string;
  username: string;
  guests: number;
  amountCents: number;
  state: GamePaymentState;
}
/** GET /api/game-payments?gameId: to the organizer and admins only. */
export interface GamePaymentsAnswer {
  items: GamePaymentItem[];
}
export const GAME_PAYMENTS_FORBIDDEN = "Only the game's organizer or an admin sees who has paid.";
export const GAME_PAYMENTS_EMPTY = 'Nobody has paid for this game yet.';
