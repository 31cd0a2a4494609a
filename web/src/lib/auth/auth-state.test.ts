import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, type AuthState } from './auth-state';

const user = { sub: 'auth|1', name: 'Ada' };

describe('authentication state machine (spec §4)', () => {
  it('starts unauthenticated and loading', () => {
    expect(initialAuthState).toEqual({ isAuthenticated: false, isLoading: true, user: undefined, error: undefined });
  });

  it('settles after the start-up check, with or without a session', () => {
    expect(authReducer(initialAuthState, { type: 'initialised', user })).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      user,
    });
    expect(authReducer(initialAuthState, { type: 'initialised', user: undefined })).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
    });
  });

  it('popup login sets loading; completion sets the user and clears the error', () => {
    const failed: AuthState = { ...initialAuthState, isLoading: false, error: new Error('Popup closed') };
    const started = authReducer(failed, { type: 'login-started' });
    expect(started.isLoading).toBe(true);
    const done = authReducer(started, { type: 'login-completed', user });
    expect(done).toEqual({ isAuthenticated: true, isLoading: false, user, error: undefined });
  });

  it('logout clears user and authentication', () => {
    const loggedIn = authReducer(initialAuthState, { type: 'initialised', user });
    expect(authReducer(loggedIn, { type: 'logged-out' })).toMatchObject({ isAuthenticated: false, user: undefined });
  });

  it('an error stops loading and is kept', () => {
    const error = new Error('Timeout');
    const state = authReducer({ ...initialAuthState, isLoading: true }, { type: 'failed', error });
    expect(state.isLoading).toBe(false);
    expect(state.error).toBe(error);
    expect(state.isAuthenticated).toBe(false);
  });
});
