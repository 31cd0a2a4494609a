import { describe, expect, it } from 'vitest';
import { hasAuthParams, returnPath } from './redirect-callback';

describe('redirect login callback', () => {
  it.each(['?code=abc&state=xyz', '?error=access_denied&state=xyz'])(
    'is a callback when code or error comes with state: %s',
    (search) => expect(hasAuthParams(search)).toBe(true),
  );

  it.each(['?code=abc', '?state=xyz', '', '?gameId=4'])(
    "is not a callback without state, or without code and error: '%s'",
    (search) => expect(hasAuthParams(search)).toBe(false),
  );

  it('returns to the saved path, else the current one', () => {
    expect(returnPath({ returnTo: '/profile' }, '/')).toBe('/profile');
    expect(returnPath(undefined, '/')).toBe('/');
    expect(returnPath({ returnTo: 42 }, '/search')).toBe('/search');
  });

  it('never returns to another site', () => {
    expect(returnPath({ returnTo: 'https://evil.example' }, '/')).toBe('/');
    expect(returnPath({ returnTo: '//evil.example/x' }, '/')).toBe('/');
  });
});
