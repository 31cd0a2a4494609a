import { describe, expect, it } from 'vitest';
import { hasSessionHint } from './session-hint';

describe('hasSessionHint', () => {
  it("finds the SDK's cookie for any client, its legacy copy and the older unscoped name", () => {
    expect(hasSessionHint('auth0.playtime-web.is.authenticated=true')).toBe(true);
    expect(hasSessionHint('XSRF-TOKEN=abc; _legacy_auth0.playtime-web.is.authenticated=true')).toBe(true);
    expect(hasSessionHint('a=1; auth0.is.authenticated=true; b=2')).toBe(true);
  });

  it('is false for a visitor: no cookie, other cookies, or the name only inside a value', () => {
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('XSRF-TOKEN=abc; theme=light')).toBe(false);
    expect(hasSessionHint('note=auth0.x.is.authenticated')).toBe(false);
    expect(hasSessionHint('auth0.x.is.authenticated.other=1')).toBe(false);
  });
});
