/** Payloads of the payment calls (spec §7 plus the simulated card form), shared by web, services and tests. */
import { z } from 'zod';
import { singleLineText, storableText } from './text';
import { guestNamesField, guestsField } from './guests';

const text = (name: string, max = 200) =>
  storableText(name, `${name} is required`)
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is at most ${max} characters`);

export const paymentPurposeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('rental'),
      holdId: text('purpose.holdId', 100),
      /**
       * The held sub-field, which the organizer's page knows: the server then prices the hold from that
       * sub-field's own stream at once, instead of waiting for the bookings read model to learn the hold.
       */
      subFieldId: text('purpose.subFieldId', 100).optional(),
    }),
    z.object({
      kind: z.literal('entry'),
      gameId: text('purpose.gameId', 100),
      /** Issue #45: the guests the payer brings: the price is the entry × (1 + guests). */
      guests: guestsField.optional(),
      guestNames: guestNamesField.optional(),
    }),
  ],
  { error: "purpose must be what is bought: {kind: 'rental', holdId, subFieldId} or {kind: 'entry', gameId}" },
);
/** What a payment buys; the server prices it itself from this: a held slot's rental or a game's entry fee. */
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

export const checkoutRequestSchema = z.object({
  /** What the client shows the payer, in cents; the server prices the purpose itself and refuses a stale price. */
  price: z
    .number({ error: 'price is required, in cents' })
    .int('price is a whole number of cents')
    .nonnegative('price cannot be negative'),
  email: singleLineText('email').max(320).optional(),
  name: singleLineText('name').max(200).optional(),
  /** The receiver's username, as the client knows it; the server takes the receiver from the purpose. */
  receiver: storableText('receiver').max(200).optional(),
  purpose: paymentPurposeSchema,
  /** Issue #45: Playtime credit pays first (an entry only), the card the rest. */
  useCredit: z.boolean({ error: 'useCredit is true or false' }).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const simulatedConfirmRequestSchema = z.object({
  clientSecret: text('clientSecret', 300),
  cardNumber: text('cardNumber', 40),
  expMonth: z.coerce.number({ error: 'expMonth is required' }).int('expMonth is a month number, 1 to 12'),
  expYear: z.coerce.number({ error: 'expYear is required' }).int('expYear is a year, e.g. 2030'),
  cvc: text('cvc', 4),
});
export type SimulatedConfirmRequest = z.infer<typeof simulatedConfirmRequestSchema>;

export const simulatedCompleteActionRequestSchema = z.object({ clientSecret: text('clientSecret', 300) });

/**
 * What the card form gets back; `error` says why a card did not pay. `requires_capture`: authorized, a
 * held entry (issue #45), paid as far as the join goes; `processing`: the bank answers later, and the
 * server completes what the payment buys from its webhook then.
 */
export interface SimulatedConfirmResponse {
  status: 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'failed';
  paymentId: string;
  error?: { code: string; message: string };
}

export const accountNumberRequestSchema = z.object({ name: text('name') });

/** GET /api/public-config's `payments`: which card processor the payment dialog talks to. */
export type PaymentsConfig = { processor: 'simulated' } | { processor: 'stripe'; publishableKey: string };

/** Where payouts go for the signed-in user (POST /api/get-payout-account). */
export interface PayoutAccount {
  processor: 'simulated' | 'stripe';
  /** Null until the user set up payouts (or first received money). */
  accountId: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** Where the processor's hosted onboarding sends the user back: their profile. */
export const PAYOUTS_RETURN_PATH = '/profile?payouts=done';
export const fieldOwnerRequestSchema = z.object({ fieldName: text('fieldName') });
