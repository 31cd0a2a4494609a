import { Alert } from '@mantine/core';

/** Why the last action failed, announced to screen readers as it appears; nothing while none did. */
export function FailureAlert({ failure }: { failure: string | null | undefined }) {
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {failure}
    </Alert>
  );
}
