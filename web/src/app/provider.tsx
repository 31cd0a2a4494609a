import './mantine-base.css';
import './reduced-motion.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth';
import { storeRole } from '../features/users';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

interface AppProviderProps {
  children: ReactNode;
  /** Navigates (replacing the entry) once a redirect login has been handled. */
  onRedirectCallback: (path: string) => void;
}

export function AppProvider({ children, onRedirectCallback }: AppProviderProps) {
  const [queryClient] = useState(createQueryClient);

  // Nothing of the previous user may survive a logout: their cached data and stored role.
  const forgetUser = useCallback(() => {
    storeRole(window.localStorage, undefined);
    queryClient.clear();
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <AuthProvider onRedirectCallback={onRedirectCallback} onLogout={forgetUser}>
            {children}
          </AuthProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
