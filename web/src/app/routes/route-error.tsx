import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown instead of a page that crashed while rendering, so the rest of the app stays usable. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  console.error(error);
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={480} px="md">
        <Title order={2}>Something went wrong</Title>
        {detail && (
          <Text c="dimmed" ta="center">
            {detail}
          </Text>
        )}
        <Button onClick={() => window.location.assign('/')}>Back to the home page</Button>
      </Stack>
    </Center>
  );
}
