/** What every card form gets: the payment to confirm, and whom to tell once it succeeded. */
export interface CardFormProps {
  clientSecret: string;
  amountCents: number;
  /** True while the purchase cannot be paid any more (e.g. the hold ran out). */
  disabled: boolean;
  onSucceeded: (paymentId: string) => void;
}
