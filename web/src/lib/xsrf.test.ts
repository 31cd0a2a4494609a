import { describe, expect, it } from 'vitest';
import { XSRF_COOKIE, readCookie } from './xsrf';

describe('readCookie', () => {
  it('finds the XSRF cookie among others', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc123; b=2', XSRF_COOKIE)).toBe('abc123');
  });

  it('decodes a percent-encoded value', () => {
    expect(readCookie('XSRF-TOKEN=a%2Bb%3D%3D', XSRF_COOKIE)).toBe('a+b==');
  });

  it('keeps "=" inside the value', () => {
    expect(readCookie('XSRF-TOKEN=abc==', XSRF_COOKIE)).toBe('abc==');
  });

  it('does not match a cookie whose name only ends with the name', () => {
    expect(readCookie('OLD-XSRF-TOKEN=nope', XSRF_COOKIE)).toBeUndefined();
  });

  it('returns undefined when the cookie is missing or the jar is empty', () => {
    expect(readCookie('a=1; b=2', XSRF_COOKIE)).toBeUndefined();
    expect(readCookie('', XSRF_COOKIE)).toBeUndefined();
  });

  it('returns a malformed encoding unchanged', () => {
    expect(readCookie('XSRF-TOKEN=%E0%A4%A', XSRF_COOKIE)).toBe('%E0%A4%A');
  });
});
