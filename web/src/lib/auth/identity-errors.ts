/**
 * User-facing texts for identity-provider errors (product spec section 8). The SDK's errors carry
 * an OAuth-style `error` code and `error_description`; they are read by shape so this stays pure.
 */

export type IdentityOperation = 'login' | 'token';

interface OAuthLikeError {
  error?: unknown;
  error_description?: unknown;
}

function oauthCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as OAuthLikeError).error;
  return typeof code === 'string' ? code : undefined;
}

function oauthDescription(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const description = (error as OAuthLikeError).error_description;
  return typeof description === 'string' && description.length > 0 ? description : undefined;
}

/** The popup could not be opened (blocked): the caller falls back to a full-page redirect. */
export const POPUP_OPEN_FAILURE = 'Unable to open a popup for loginWithPopup';

export function isPopupOpenFailure(error: unknown): boolean {
  if (oauthCode(error) === 'popup_open') return true;
  return error instanceof Error && error.message.startsWith(POPUP_OPEN_FAILURE);
}

/**
 * Errors that only mean "there is no session": at start-up and when a token cannot be renewed
 * they make the user logged out, without an alarm.
 */
export function isNoSessionError(error: unknown): boolean {
  const code = oauthCode(error);
  return (
    code === 'login_required' ||
    code === 'missing_refresh_token' ||
    code === 'consent_required' ||
    code === 'interaction_required'
  );
}

/** The text to show for an identity error. */
export function identityErrorText(error: unknown, operation: IdentityOperation): string {
  const fallback = operation === 'login' ? 'Login failed' : 'Get access token failed';
  switch (oauthCode(error)) {
    case 'timeout':
      return 'Timeout';
    case 'cancelled':
      return 'Popup closed';
    case 'missing_refresh_token':
      return 'Missing Refresh Token';
    case 'state_mismatch':
    case 'missing_transaction':
      return 'Invalid state';
    case 'popup_open':
      return POPUP_OPEN_FAILURE;
    case 'request_error':
      // The SDK's text already reads 'HTTP error. Unable to fetch <url>'.
      return oauthDescription(error) ?? fallback;
    case undefined:
      if (error instanceof Error && error.message === 'Invalid state') return 'Invalid state';
      return fallback;
    default:
      return oauthDescription(error) ?? fallback;
  }
}
