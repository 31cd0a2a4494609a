import './mantine-base.css';
import './reduced-motion.css';
import './focus-ring.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { storeRole } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { AppStatus } from './app-status/app-status';
import { NotificationsOutlet } from './notifications-outlet';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

interface AppProviderProps {
  children: ReactNode;
  /** Navigates (replacing the entry) once a redirect login has been handled. */
  onRedirectCallback: (path: string) => void;
}

export function AppProvider({ children, onRedirectCallback }: AppProviderProps) {
  // Nothing of the previous user may survive a logout: their cached data and stored role.
  const forgetUser = useCallback(() => {
    storeRole(window.localStorage, undefined);
    queryClient.clear();
  }, []);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <NotificationsOutlet />
      <AppStatus />
      <QueryClientProvider client={queryClient}>
        <AuthProvider onRedirectCallback={onRedirectCallback} onLogout={forgetUser}>
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
