import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

/** The Content-Security-Policy the middleware sets, by directive. */
function policy(options: Parameters<typeof securityHeaders>[0]): Record<string, string[]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), value),
    getHeader: () => undefined,
    removeHeader: () => undefined,
  };
  securityHeaders(options)({} as never, res as never, () => undefined);
  return Object.fromEntries(
    headers
      .get('content-security-policy')!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it("let Stripe.js load, call Stripe's API and show its frames only when payments go through Stripe", () => {
    const offline = policy({});
    for (const directive of ['script-src', 'connect-src', 'frame-src'])
      expect(offline[directive]!.join(' ')).not.toContain('stripe.com');
    const stripe = policy({ stripeJs: true });
    expect(stripe['script-src']).toContain('https://js.stripe.com');
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
    expect(stripe['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
  });
});
