import { describe, expect, it } from 'vitest';
import { hasAuthParams, returnPath } from './redirect-callback';

describe('redirect login callback', () => {
  it('is a callback when code or error comes with state', () => {
    expect(hasAuthParams('?code=abc&state=xyz')).toBe(true);
    expect(hasAuthParams('?error=access_denied&state=xyz')).toBe(true);
  });

  it('is not a callback without state, or without code and error', () => {
    expect(hasAuthParams('?code=abc')).toBe(false);
    expect(hasAuthParams('?state=xyz')).toBe(false);
    expect(hasAuthParams('')).toBe(false);
    expect(hasAuthParams('?gameId=4')).toBe(false);
  });

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
