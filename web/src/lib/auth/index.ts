/** Signing in: the provider the app wraps itself in and the hook that reads it. */
export { AuthProvider } from './auth-provider';
export { useAuth } from './use-auth';
