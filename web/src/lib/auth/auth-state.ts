/**
 * The authentication state machine of the product spec (section 4), as a pure reducer:
 * starts unauthenticated and loading; popup login sets loading; completion sets the user and
 * clears the error; logout clears user and authentication; an error stops loading and is kept.
 */

/** Identity-token claims the screens use (a subset of the provider's standard profile claims). */
export interface AuthUser {
  sub?: string;
  name?: string;
  nickname?: string;
  email?: string;
  picture?: string;
}

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: AuthUser | undefined;
  error: Error | undefined;
}

export type AuthAction =
  | { type: 'initialised'; user: AuthUser | undefined }
  | { type: 'login-started' }
  | { type: 'login-completed'; user: AuthUser | undefined }
  | { type: 'logged-out' }
  | { type: 'failed'; error: Error };

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  isLoading: true,
  user: undefined,
  error: undefined,
};

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'initialised':
      return { ...state, isAuthenticated: Boolean(action.user), isLoading: false, user: action.user };
    case 'login-started':
      return { ...state, isLoading: true };
    case 'login-completed':
      return { isAuthenticated: Boolean(action.user), isLoading: false, user: action.user, error: undefined };
    case 'logged-out':
      return { ...state, isAuthenticated: false, isLoading: false, user: undefined };
    case 'failed':
      return { ...state, isLoading: false, error: action.error };
  }
}
