import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** A payment the bank has not answered yet: the server completes it from the webhook, whichever form took the card. */
export function BankProcessingNotice() {
  const notice = useRef<HTMLDivElement>(null);
  // The button that paid is gone or disabled now: the focus moves to what happened, for keyboards and screen readers.
  useEffect(() => notice.current?.focus(), []);
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      color="blue"
      title="Your bank is processing the payment"
      role="status"
      data-testid="bank-processing"
    >
      It is completed for you as soon as your bank confirms it; you can close this dialog.
    </Alert>
  );
}
