import { describe, expect, it } from 'vitest';
import { identityErrorText, isNoSessionError, isPopupOpenFailure } from './identity-errors';

const oauth = (error: string, error_description = '') =>
  Object.assign(new Error(error_description), { error, error_description });

describe('identity error texts (spec §8)', () => {
  it('uses the spec texts for known codes', () => {
    expect(identityErrorText(oauth('timeout', 'Timeout'), 'login')).toBe('Timeout');
    expect(identityErrorText(oauth('cancelled', 'Popup closed'), 'login')).toBe('Popup closed');
    expect(identityErrorText(oauth('missing_refresh_token', 'x'), 'token')).toBe('Missing Refresh Token');
    expect(identityErrorText(oauth('state_mismatch', 'x'), 'login')).toBe('Invalid state');
    expect(identityErrorText(oauth('missing_transaction', 'x'), 'login')).toBe('Invalid state');
  });

  it("passes the SDK's HTTP error text through", () => {
    const text = 'HTTP error. Unable to fetch http://localhost:3000/oidc/oauth/token';
    expect(identityErrorText(oauth('request_error', text), 'token')).toBe(text);
  });

  it('falls back to the default messages', () => {
    expect(identityErrorText(new Error(''), 'login')).toBe('Login failed');
    expect(identityErrorText('weird', 'token')).toBe('Get access token failed');
    expect(identityErrorText(oauth('access_denied', ''), 'login')).toBe('Login failed');
    expect(identityErrorText(oauth('access_denied', 'User cancelled'), 'login')).toBe('User cancelled');
  });

  it('recognises a blocked popup', () => {
    expect(
      isPopupOpenFailure(
        oauth('popup_open', 'Unable to open a popup for loginWithPopup - window.open returned `null`'),
      ),
    ).toBe(true);
    expect(isPopupOpenFailure(new Error('Unable to open a popup for loginWithPopup'))).toBe(true);
    expect(isPopupOpenFailure(oauth('cancelled'))).toBe(false);
  });

  it('treats login_required as "not logged in"', () => {
    expect(isNoSessionError(oauth('login_required'))).toBe(true);
    expect(isNoSessionError(oauth('missing_refresh_token'))).toBe(true);
    expect(isNoSessionError(oauth('timeout'))).toBe(false);
  });
});
