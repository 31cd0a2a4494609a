import { createContext } from 'react';
import type { AuthState } from './auth-state';

export interface AuthContextValue extends AuthState {
  /** Log In: a popup, or a full-page redirect when the browser blocks popups. */
  login(): Promise<void>;
  /** Log Out: ends the provider session and returns to '/'. */
  logout(): Promise<void>;
  /** A bearer access token, or undefined while nobody is logged in. */
  getAccessToken(): Promise<string | undefined>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
