// The cookie and header names and the cookie reader are the contract's: the server reads the same way.
export { XSRF_COOKIE, XSRF_HEADER, readCookie } from '@playtime/shared/contract/headers';
