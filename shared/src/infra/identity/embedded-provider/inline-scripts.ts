import { inlineScriptHash } from '../../http/security-headers';

/** The slice of Koa's context that reads and writes response headers. */
export interface HeaderContext {
  response: { get(field: string): string | string[] | number | undefined };
  set(field: string, value: string): void;
}

/**
 * Lets the page being answered run one inline script: its hash joins the Content-Security-Policy's
 * script-src, as oidc-provider does for its own pages (helpers/script_src_sha.js). `replacing`: the
 * text of a script this page no longer carries, whose hash is dropped.
 */
export function allowInlineScript(ctx: HeaderContext, script: string, replacing?: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (typeof csp !== 'string' || !csp) return;
  const stale = replacing === undefined ? undefined : inlineScriptHash(replacing);
  const directives = csp.split(';').map((directive) => {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name !== 'script-src') return directive.trim();
    return [name, ...values.filter((value) => value !== stale), inlineScriptHash(script)].join(' ');
  });
  ctx.set('content-security-policy', directives.join(';'));
}
