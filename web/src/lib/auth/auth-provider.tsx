import type { Auth0Client } from '@auth0/auth0-spa-js';
import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { setAccessTokenProvider, setAccountHandlers } from '../api-client';
import { afterFirstPaint } from '../first-paint';
import { notifyError } from '../notify';
import { loadPublicConfig, type PublicConfig } from '../public-config';
import { realtime } from '../socket';
import {
  registerAccount,
  rememberAccountRemoved,
  showAccountRemovedNotice,
  takeAccountRemoved,
} from './account-registration';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState, type AuthUser } from './auth-state';
import { identityErrorText, isNoSessionError, isPopupOpenFailure } from './identity-errors';
import { hasAuthParams, returnPath } from './redirect-callback';
import { hasSessionHint, openLoginPopup } from './session-hint';

interface ReturnState {
  returnTo?: string;
}

interface AuthProviderProps {
  children: ReactNode;
  /** Replaces the callback address (code and state) with the page the login started from. */
  onRedirectCallback: (path: string) => void;
  /** Runs just before the browser leaves for the provider's logout, to drop client-side state. */
  onLogout?: () => void;
}

const IDENTITY_TITLE = 'Sign-in problem';

/**
 * Every login registers the account before anything else asks for it (registering again changes
 * nothing). A failure here is not final: a call answered `not_registered` registers and retries.
 */
async function registerAfterLogin(): Promise<void> {
  await registerAccount().catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'user_deleted') return;
    notifyError(
      error instanceof Error ? error.message : 'Your account could not be set up. Please try again.',
      'Try again',
    );
  });
}

/**
 * The embedded provider answers at every address the app does: talking to it at the page's own
 * origin keeps its session cookie first-party, so the silent check after a reload finds the session
 * at 127.0.0.1 as well as at PUBLIC_URL (a cross-site frame would get neither cookie nor answer).
 */
function providerDomain(auth: PublicConfig['auth']): string {
  return auth.alsoAt?.includes(window.location.origin) ? window.location.origin : auth.domain;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Shows why start-up or Log In failed; returns the error to keep in the state. */
function reportLoginFailure(error: unknown): Error {
  const text = identityErrorText(error, 'login');
  notifyError(text, IDENTITY_TITLE);
  return error instanceof Error ? error : new Error(text);
}

/** Whether start-up needs the SDK: a redirect login is returning, or this browser has logged in before. */
function mayHoldSession(): boolean {
  return hasAuthParams(window.location.search) || hasSessionHint(document.cookie);
}

/**
 * The identity-provider client, created once on first need. The SDK loads beside the page, not before
 * it (it is a third of the first page's JavaScript), and at the same time as the configuration.
 * createAuth0Client also runs the silent session check; 'login_required' just means there is no session.
 */
let identityClient: Promise<Auth0Client> | undefined;
function loadIdentityClient(): Promise<Auth0Client> {
  identityClient ??= Promise.all([loadPublicConfig(), import('@auth0/auth0-spa-js')]).then(
    ([config, { createAuth0Client }]) =>
      createAuth0Client({
        domain: providerDomain(config.auth),
        clientId: config.auth.clientId,
        authorizationParams: { audience: config.auth.audience, redirect_uri: window.location.origin },
        useRefreshTokens: true,
        // Tokens live in memory only, so after a reload the session is recovered through the
        // provider's session cookie (prompt=none) instead of a stored refresh token.
        useRefreshTokensFallback: true,
        cacheLocation: 'memory',
      }),
  );
  identityClient.catch(() => {
    identityClient = undefined; // the next Log In tries again
  });
  return identityClient;
}

/**
 * Owns the identity-provider client (hosted login, authorization code flow with PKCE) and the
 * authentication state. Configuration comes from the server, so one build runs against the
 * embedded provider and against Auth0.
 */
export function AuthProvider({ children, onRedirectCallback, onLogout }: AuthProviderProps) {
  // A visitor the SDK has never logged in starts logged out, with nothing to wait for (and no second
  // render of the whole page once start-up has found that out).
  const [state, dispatch] = useReducer(authReducer, undefined, () =>
    mayHoldSession() ? initialAuthState : { ...initialAuthState, isLoading: false },
  );
  const clientRef = useRef<Auth0Client | undefined>(undefined);
  // Read by the token provider outside React renders, so it is a ref rather than state.
  const authenticatedRef = useRef(false);
  // Counts logins and logouts, so a token renewal that fails late cannot end a newer session.
  const sessionRef = useRef(0);
  const startedRef = useRef(false);
  // Set below, once logout exists; the API client calls it from outside renders.
  const accountRemovedRef = useRef<() => Promise<void>>(() => Promise.resolve());
  // The latest callbacks, for code that runs outside renders (start-up, the token provider).
  const redirectCallbackRef = useRef(onRedirectCallback);
  const logoutCallbackRef = useRef(onLogout);
  useEffect(() => {
    redirectCallbackRef.current = onRedirectCallback;
    logoutCallbackRef.current = onLogout;
  }, [onRedirectCallback, onLogout]);

  /** Ends the session on this side: no more tokens, nothing of the user kept, state logged out. */
  const forgetSession = useCallback(() => {
    authenticatedRef.current = false;
    sessionRef.current += 1;
    logoutCallbackRef.current?.();
    dispatch({ type: 'logged-out' });
  }, []);

  const getAccessToken = useCallback(async (): Promise<string | undefined> => {
    const client = clientRef.current;
    if (!client || !authenticatedRef.current) return undefined;
    const session = sessionRef.current;
    try {
      return await client.getTokenSilently();
    } catch (error) {
      if (isNoSessionError(error)) {
        // The provider session ended: continue as a visitor rather than failing every call, and
        // forget the user as Log Out does, so no one logging in next sees their cached data.
        if (session === sessionRef.current) forgetSession();
        return undefined;
      }
      throw new Error(identityErrorText(error, 'token'));
    }
  }, [forgetSession]);

  useEffect(() => {
    // Start-up runs once per page load, even when StrictMode mounts effects twice: a redirect
    // callback's code can be exchanged only once.
    if (startedRef.current) return;
    startedRef.current = true;
    if (takeAccountRemoved(window.sessionStorage)) showAccountRemovedNotice();
    setAccessTokenProvider(getAccessToken);
    setAccountHandlers({ register: registerAccount, accountRemoved: () => void accountRemovedRef.current() });
    realtime.setAccessTokenProvider(getAccessToken);

    // A visitor the SDK has never logged in is logged out without it: the SDK loads on Log In.
    if (!mayHoldSession()) return;

    void (async () => {
      try {
        // The page paints first (as loading the account): the SDK is a large script to fetch and run.
        // A returning redirect login goes at once, since its code must be exchanged before anything.
        if (!hasAuthParams(window.location.search)) await afterFirstPaint();
        const client = await loadIdentityClient();
        clientRef.current = client;

        if (hasAuthParams(window.location.search)) {
          let path = window.location.pathname;
          try {
            const result = await client.handleRedirectCallback<ReturnState>();
            path = returnPath(result.appState, window.location.pathname);
          } catch (error) {
            notifyError(identityErrorText(error, 'login'), IDENTITY_TITLE);
          }
          redirectCallbackRef.current(path);
        }

        const user = await client.getUser<AuthUser>();
        authenticatedRef.current = Boolean(user);
        // A recovered session's account was registered when it logged in: registering again (it may
        // carry a change, such as a verified email) goes beside the page's first calls, not before
        // them (issue #41). A call that finds no account registers it and is sent again.
        if (user) void registerAfterLogin();
        // The whole page renders again for the user (links, bell, their data): in slices, as a transition.
        startTransition(() => dispatch({ type: 'initialised', user }));
        if (user) realtime.renewIdentity();
      } catch (error) {
        dispatch({ type: 'failed', error: reportLoginFailure(error) });
      }
    })();
  }, [getAccessToken]);

  const login = useCallback(async () => {
    // Nothing is awaited before the popup opens: browsers only allow a popup from the click itself.
    // The SDK opens it itself once loaded; before that it is opened here and handed over.
    const popup = clientRef.current ? undefined : openLoginPopup();
    dispatch({ type: 'login-started' });
    let client: Auth0Client;
    try {
      client = clientRef.current ?? (await loadIdentityClient());
      clientRef.current = client;
    } catch (error) {
      popup?.close();
      dispatch({ type: 'failed', error: reportLoginFailure(error) });
      return;
    }
    try {
      await client.loginWithPopup(undefined, popup ? { popup } : undefined);
      const user = await client.getUser<AuthUser>();
      authenticatedRef.current = Boolean(user);
      sessionRef.current += 1;
      if (user) await registerAfterLogin();
      dispatch({ type: 'login-completed', user });
      realtime.renewIdentity();
    } catch (error) {
      if (isPopupOpenFailure(error)) {
        await client.loginWithRedirect<ReturnState>({ appState: { returnTo: currentPath() } });
        return;
      }
      dispatch({ type: 'failed', error: reportLoginFailure(error) });
    }
  }, []);

  const logout = useCallback(async () => {
    forgetSession();
    const client = clientRef.current;
    if (client) await client.logout({ logoutParams: { returnTo: window.location.origin } });
  }, [forgetSession]);

  /**
   * The API says this account was deleted: say so once (after the provider's logout brings the
   * browser back to '/'), instead of failing every call.
   */
  const removingRef = useRef(false);
  const accountRemoved = useCallback(async () => {
    if (removingRef.current) return;
    removingRef.current = true;
    rememberAccountRemoved(window.sessionStorage);
    await logout();
  }, [logout]);
  useEffect(() => {
    accountRemovedRef.current = accountRemoved;
  }, [accountRemoved]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, logout, getAccessToken }),
    [state, login, logout, getAccessToken],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
