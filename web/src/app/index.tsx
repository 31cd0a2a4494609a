import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { router } from './router';

export { firstPageCode } from './router';

/** After a redirect login the callback address (code, state) is replaced, not kept in history. */
function replaceWith(path: string) {
  void router.navigate(path, { replace: true });
}

export function App() {
  return (
    <AppProvider onRedirectCallback={replaceWith}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
