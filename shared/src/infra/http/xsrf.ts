import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ApiError } from './errors';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from '../../contract/headers';
import { bearerToken } from '../identity/verify-access-token';

export { XSRF_COOKIE, XSRF_HEADER };

/**
 * Double-submit anti-forgery check (spec §9): the server hands out a random XSRF-TOKEN cookie that
 * page scripts can read; a state-changing call must echo it in X-XSRF-TOKEN. A forged cross-site
 * request carries the cookie but cannot read it to set the header.
 *
 * Forgery borrows what a browser attaches by itself, cookies. A call authenticated by a bearer token
 * cannot be forged (no browser sends an Authorization header across sites unasked), so it needs no
 * anti-forgery pair: the check applies only where nothing but cookies could speak for the caller.
 */
export const xsrfProtection: RequestHandler = (req, res, next) => {
  const cookie = readCookie(req.headers.cookie, XSRF_COOKIE);
  if (!cookie) {
    res.cookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), { sameSite: 'strict', httpOnly: false, path: '/' });
  }
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  if (bearerToken(req.get('authorization'))) return next();
  const header = req.get(XSRF_HEADER);
  // Compared as bytes: equal lengths in characters can still differ in bytes, which timingSafeEqual refuses.
  const [cookieBytes, headerBytes] = [Buffer.from(cookie ?? ''), Buffer.from(header ?? '')];
  if (!cookie || !header || cookieBytes.length !== headerBytes.length || !timingSafeEqual(cookieBytes, headerBytes)) {
    return next(new ApiError(403, 'xsrf', 'Missing or wrong anti-forgery token. Reload the page and try again.'));
  }
  next();
};
