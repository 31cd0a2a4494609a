import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../lib/auth';
import { type Role, useRole } from '../lib/current-user';
import { guardDecision } from './access';

interface RouteGuardProps {
  allowedRoles: readonly Role[];
  /** The guarded page; without it the guard wraps nested routes (renders the Outlet). */
  children?: ReactNode;
}

export function RouteGuard({ allowedRoles, children }: RouteGuardProps) {
  const { isLoading, isAuthenticated } = useAuth();
  const role = useRole();

  switch (guardDecision({ isLoading, isAuthenticated, role, allowedRoles })) {
    case 'loading':
      return (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">Loading...</Text>
          </Stack>
        </Center>
      );
    case 'redirect':
      return <Navigate to="/" replace />;
    case 'allow':
      return children ?? <Outlet />;
  }
}
