import { Alert } from '@mantine/core';

/** A payment the bank has not answered yet: the server completes it from the webhook, whichever form took the card. */
export function BankProcessingNotice() {
  return (
    <Alert color="blue" title="Your bank is processing the payment" role="status">
      It is completed for you as soon as your bank confirms it; you can close this dialog.
    </Alert>
  );
}
