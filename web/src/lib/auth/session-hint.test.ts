import { describe, expect, it } from 'vitest';
import { hasSessionHint } from './session-hint';

describe('hasSessionHint', () => {
  it.each([
    'auth0.playtime-web.is.authenticated=true',
    'XSRF-TOKEN=abc; _legacy_auth0.playtime-web.is.authenticated=true',
    'a=1; auth0.is.authenticated=true; b=2',
  ])("finds the SDK's cookie for any client, its legacy copy and the older unscoped name: %s", (cookies) =>
    expect(hasSessionHint(cookies)).toBe(true),
  );

  it.each(['', 'XSRF-TOKEN=abc; theme=light', 'note=auth0.x.is.authenticated', 'auth0.x.is.authenticated.other=1'])(
    "is false for a visitor: no cookie, other cookies, or the name only inside a value: '%s'",
    (cookies) => expect(hasSessionHint(cookies)).toBe(false),
  );
});
