import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Shown instead of a page that crashed while rendering, so the rest of the app stays usable. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
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

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Where the app is: the error page stays until the address changes, as a data router's errorElement did. */
  at: string;
}

interface ErrorBoundaryState {
  error: unknown;
  /** The address at which a child crashed, or null while none has. */
  failedAt: string | null;
  failed: boolean;
}

/** Its children, or the error page once one of them has crashed, until the address changes. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, failedAt: null, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (!state.failed) return null;
    if (state.failedAt === null) return { failedAt: props.at };
    return state.failedAt === props.at ? null : { error: undefined, failedAt: null, failed: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The pages below it, each replaced by the error page if it crashes; another address starts afresh. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary at={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
