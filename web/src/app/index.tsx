import { useCallback } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export { firstPageCode } from './router';

function AppInRouter() {
  const navigate = useNavigate();
  /** After a redirect login the callback address (code, state) is replaced, not kept in history. */
  const replaceWith = useCallback((path: string) => void navigate(path, { replace: true }), [navigate]);
  return (
    <AppProvider onRedirectCallback={replaceWith}>
      <AppRoutes />
    </AppProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppInRouter />
    </BrowserRouter>
  );
}
