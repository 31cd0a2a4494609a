import { Alert, Button, Text } from '@mantine/core';
import { errorMessage } from '../lib/notify';

/** What a failed load shows, and how it is tried again (a TanStack query). */
interface FailedLoad {
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A load that failed: what went wrong under `title`, and Try again; nothing while it has not failed. */
export function LoadFailed({ query, title }: { query: FailedLoad; title: string }) {
  if (!query.isError) return null;
  return (
    <Alert color="red" title={title}>
      <Text fz="sm">{errorMessage(query.error)}</Text>
      <Button size="xs" mt="sm" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}

/** A call that failed (a mutation, or a load a dialog does not retry): what went wrong under `title`. */
export function CallFailed({ call, title }: { call: { isError: boolean; error: unknown }; title: string }) {
  if (!call.isError) return null;
  return (
    <Alert color="red" title={title}>
      {errorMessage(call.error)}
    </Alert>
  );
}
