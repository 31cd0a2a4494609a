import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /**
   * Origins of the identity provider the SPA logs in with (the embedded one's public URL, or
   * Auth0's domain): the SDK calls its token endpoint and opens its silent-check iframe there.
   */
  identityOrigins?: string[];
  /**
   * Every origin the SPA may run at (loopback names, the public URL): after a login or logout form
   * the provider redirects there, and browsers check those redirects against form-action.
   */
  appOrigins?: string[];
  /** Hashes ('sha256-…') of inline scripts the provider's own pages carry. */
  inlineScripts?: string[];
  /**
   * Payments go through Stripe: the card form loads Stripe.js from js.stripe.com, which talks to
   * api.stripe.com and shows its fields and 3-D Secure pages in frames from Stripe's hosts.
   */
  stripeJs?: boolean;
}

const STRIPE_JS = {
  script: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * CSP has no syntax for an IPv6 literal host ('http://[::1]:3000' is ignored as invalid), so such an
 * origin is allowed as any host at its scheme and port.
 */
function cspSource(origin: string): string {
  const url = new URL(origin);
  return url.hostname.startsWith('[')
    ? `${url.protocol}//*:${url.port || (url.protocol === 'https:' ? '443' : '80')}`
    : url.origin;
}

/** The CSP source for an inline script: browsers compare the script's text with it. */
export function inlineScriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/**
 * The browser features the app uses: geolocation (search near me), the camera (a player scans the
 * organizer's check-in code, issue #44) and, for Stripe's card form, payment (the Payment Request API
 * in Stripe's frames). Every other powerful feature is off, for the app and anything it frames.
 */
function permissionsPolicy(stripeJs: boolean): string {
  return [
    'accelerometer=()',
    'camera=(self)',
    'display-capture=()',
    'geolocation=(self)',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    `payment=(self${stripeJs ? ' "https://js.stripe.com"' : ''})`,
    'usb=()',
  ].join(', ');
}

/** RFC 6797 §7.2: HSTS is sent over HTTPS only (the standalone app answers on plain http too). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for every answer (the SPA, the APIs, the login pages): a Content-Security-Policy that fits
 * the app, no framing (the provider's silent-check answer lifts that itself, see web_message.js),
 * no MIME sniffing, no referrer. Deliberate departures from helmet's defaults:
 * - style-src 'unsafe-inline': Mantine writes inline styles and <style> elements at run time.
 * - worker-src blob:: @auth0/auth0-spa-js fetches tokens from a Worker it builds from a blob.
 * - no upgrade-insecure-requests: the standalone app is served over plain http on loopback.
 * - no Cross-Origin-Opener-Policy: the login popup answers its opener by postMessage, which that
 *   header would cut when the app and the provider are different origins (127.0.0.1 and localhost).
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): RequestHandler {
  const identity = (options.identityOrigins ?? []).map(cspSource);
  const apps = (options.appOrigins ?? []).map(cspSource);
  const stripe = options.stripeJs ? STRIPE_JS : { script: [], connect: [], frame: [] };
  const permissions = permissionsPolicy(options.stripeJs ?? false);
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'", ...(options.inlineScripts ?? []), ...stripe.script],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Only the app's own pictures (uploaded ones are served by the read side): an image from another
        // site would tell it who looks at which page. blob: is the preview of a photo being picked.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...identity, ...stripe.connect],
        'frame-src': ["'self'", ...identity, ...stripe.frame],
        'worker-src': ["'self'", 'blob:'],
        'form-action': [...new Set(["'self'", ...identity, ...apps])],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginOpenerPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', permissions);
    // req.secure believes X-Forwarded-Proto only from a trusted proxy (the service app's 'trust proxy').
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    void helmetHeaders(req, res, next);
  };
}
