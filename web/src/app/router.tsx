import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useParams, useRoutes, type RouteObject } from 'react-router';
import {
  loadGameDetailsPage,
  loadOrganizeLayout,
  loadOrganizerGamesPage,
  loadOrganizeWizardPage,
  loadSearchPage,
  prefetchGameData,
} from '../features/games';
import { loadLandingPage } from '../features/landing';
import { loadPartnerApplicationPage } from '../features/partner-applications';
import type { Role } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { ROUTE_ROLES } from './access';
import { AppLayout } from './layout/app-layout';
import { RouteGuard } from './route-guard';
import { ErrorBoundary, RouteErrorBoundary } from './routes/route-error';
import { withGameChat } from './routes/game-chat-slot';

/** The pages that combine features are composed here, in app/routes, each loaded on first visit. */
const loadFieldOwnerPage = () => import('./routes/field-owner-page');
const loadProfilePage = () => import('./routes/profile-page');

const pageLoading = (
  <Center py="xl">
    <Loader role="progressbar" aria-label="Loading the page" />
  </Center>
);

/** What a page's route keeps about its code (the route's `handle`). */
interface PageCode {
  load: () => Promise<unknown>;
  /** The server names this page's code in the index page's response (read-api/src/web-app.ts, FIRST_PAGES). */
  preloadedByServer: boolean;
  /** Fetches the data the page shows first into the query cache (the server preloads it too). */
  loadData?: (params: Record<string, string | undefined>) => Promise<unknown>;
}

/**
 * Every page loads on first visit, keeping the first download small. They load
 * inside the frame (header and links), which paints at once: a route's `lazy` would hold the whole
 * first paint until the page's code had arrived, seconds on a phone.
 *
 * A page whose code is already there when it mounts renders at once, without the fallback: React
 * shows content that replaces a fallback no sooner than 300 ms after the fallback, so the first page
 * (its code fetched beside the entry) would otherwise paint a loader first and itself only later.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, { preloadedByServer = false } = {}) {
  let loaded: ComponentType | undefined;
  const loadCode = () =>
    load().then((module) => {
      loaded ??= pick(module);
      return loaded;
    });
  const LazyPage = lazy(async () => ({ default: await loadCode() }));
  function Page() {
    // Chosen once per mount, so the page never changes component (and loses its state) under React.
    const [Component] = useState<ComponentType>(() => loaded ?? LazyPage);
    return <Component />;
  }
  const handle: PageCode = { load: loadCode, preloadedByServer };
  return {
    handle,
    element: (
      <Suspense fallback={pageLoading}>
        <Page />
      </Suspense>
    ),
  };
}

/** A guarded section: the guard renders its nested routes (<Outlet />) only for allowed roles. */
function guarded(path: string, allowedRoles: readonly Role[], children: RouteObject[]): RouteObject {
  return { path, element: <RouteGuard allowedRoles={allowedRoles} />, children };
}

/**
 * The game's data is asked for at once, beside the page's code, instead of after it has loaded: once
 * per game shown (the page's own query then finds it on its way).
 */
function GameDataFirst({ children }: { children: ReactNode }) {
  const { id } = useParams();
  const [asked, setAsked] = useState<string | undefined>(undefined);
  if (id && asked !== id) {
    setAsked(id);
    void prefetchGameData(queryClient, id);
  }
  return children;
}

/**
 * The route table of product spec section 2, with the roles of DESIGN §4. Routes as plain objects read
 * by useRoutes (declarative routing): the data router's loaders and actions, which the app does not use,
 * are a third of the router's code (about 15 KB gzipped on every page).
 */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A page that crashes is replaced by the error page, inside the frame: the rest of the app stays usable.
        element: <RouteErrorBoundary />,
        children: [
          // Its code is named beside the entry's in the index page's response, as the search's and the game's: a
          // chunk of its own, so the other pages do not download the landing page with the entry.
          { index: true, ...page(loadLandingPage, (m) => m.LandingPage, { preloadedByServer: true }) },
          {
            path: 'partner-application',
            ...page(loadPartnerApplicationPage, (m) => m.PartnerApplicationPage),
          },
          guarded('FieldOwner', ROUTE_ROLES.fieldOwner, [
            { index: true, ...page(loadFieldOwnerPage, (m) => m.FieldOwnerPage) },
          ]),
          guarded('profile', ROUTE_ROLES.profile, [{ index: true, ...page(loadProfilePage, (m) => m.ProfilePage) }]),
          guarded('admin', ROUTE_ROLES.admin, [
            {
              index: true,
              ...page(
                () => import('./routes/admin'),
                (m) => m.AdminPage,
              ),
            },
          ]),
          guarded('organize', ROUTE_ROLES.organize, [
            {
              ...page(loadOrganizeLayout, (m) => m.OrganizeLayout),
              children: [
                { index: true, element: <Navigate to="/organize/games" replace /> },
                {
                  path: 'games',
                  ...page(loadOrganizerGamesPage, (m) => m.OrganizerGamesPage),
                },
                ...(['select-field', 'select-time', 'configure', 'confirm'] as const).map((step) => ({
                  path: step,
                  ...page(
                    loadOrganizeWizardPage,
                    (m) =>
                      function WizardStep() {
                        return <m.OrganizeWizardPage step={step} />;
                      },
                  ),
                })),
              ],
            },
          ]),
          // Anyone may look for games; joining one asks a guest to log in (issue 27).
          { path: 'search', ...page(loadSearchPage, (m) => m.SearchPage, { preloadedByServer: true }) },
          {
            path: 'game-details/:id',
            ...gameDataFirst(
              page(loadGameDetailsPage, (m) => withGameChat(m.GameDetailsPage), { preloadedByServer: true }),
            ),
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

function gameDataFirst<R extends { element: ReactNode; handle: PageCode }>(route: R): R {
  const loadData = ({ id }: Record<string, string | undefined>) =>
    id ? prefetchGameData(queryClient, id) : Promise.resolve();
  return { ...route, handle: { ...route.handle, loadData }, element: <GameDataFirst>{route.element}</GameDataFirst> };
}

/** The app's pages at the browser's address (inside a BrowserRouter); a crash of the frame itself shows the error page alone. */
export function AppRoutes() {
  const pages = useRoutes(routes);
  const { pathname } = useLocation();
  return <ErrorBoundary at={pathname}>{pages}</ErrorBoundary>;
}

/** How long the first render waits for a first page's data once its code is there. */
const FIRST_DATA_WAIT_MS = 1000;

/**
 * The code of the page at this address, when the server sends it beside the entry: the first render
 * waits for it (it is on its way already), so the first paint is the page rather than a loader.
 *
 * It waits for the page's first data too (the server sends that beside the code as well), for a second
 * at most after the code. The first render is sliced to keep a phone responsive, but data arriving
 * after it renders the page again in one blocking task (a query's answer reaches React as a store
 * update, which React never slices): on the game page, a third of a second of a phone's main thread.
 */
export function firstPageCode(): Promise<unknown> {
  const matches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.handle !== undefined);
  const pages = matches.map((match) => ({ code: match.route.handle as PageCode, params: match.params }));
  // A signed-in page's code is asked for now too, while the session is recovered, instead of once its
  // guard lets it mount (issue #41); the first render does not wait for it.
  for (const { code } of pages) if (!code.preloadedByServer) void code.load().catch(() => undefined);
  const first = pages.filter(({ code }) => code.preloadedByServer);
  const data = Promise.all(first.map(({ code, params }) => code.loadData?.(params).catch(() => undefined)));
  return Promise.all(first.map(({ code }) => code.load())).then(() =>
    Promise.race([data, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]),
  );
}
