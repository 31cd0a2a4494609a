/** Name of the anti-forgery cookie the server sets, and the header it expects back on POSTs. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * Reads one cookie's value out of a `document.cookie` style string. Kept pure (the string is a
 * parameter) so it can be tested without a browser.
 */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value that is not valid percent-encoding is still the value the server set.
      return raw;
    }
  }
  return undefined;
}
