import type { RequestHandler } from 'express';
import { allowInlineScript, type HeaderContext } from './inline-scripts';

/**
 * The web app talks to identity through @auth0/auth0-spa-js, which speaks Auth0's dialect of
 * OpenID Connect. oidc-provider already serves Auth0's paths (see ROUTES); the two differences
 * left are in query strings, so they are rewritten here, before the provider sees the request
 * (no body is read: the provider parses its own bodies).
 */

/**
 * Marks an authorization request that arrived with `prompt=none` (the SDK's silent check); see
 * keepOfflineAccess. The interaction step answers it with an error instead of ever showing a page.
 */
export const SILENT_AUTHORIZATION_PARAM = 'playtime_silent';

export interface Auth0CompatibleRoutes {
  authorization: string;
  endSession: string;
}

/**
 * OpenID Connect lets a provider honour `offline_access` only when the user is asked for consent,
 * and oidc-provider drops it from any authorization request without `prompt=consent`. The SDK,
 * though, never sends that prompt and yet asks for `offline_access` again on every refresh, so a
 * refresh token issued without it would be refused at its first use. Playtime's SPA is the only
 * client and is first party, so consent is implied: `consent` is added to the prompt and the
 * interaction step grants it without a page. `prompt=none` cannot be combined with another prompt,
 * so it becomes `prompt=consent` plus a marker, and the interaction step keeps its promise of no
 * page by answering `login_required` (or the like) whenever more than consent would be needed.
 */
function keepOfflineAccess(query: URLSearchParams): void {
  if (!(query.get('scope') ?? '').split(' ').includes('offline_access')) return;
  const prompts = new Set((query.get('prompt') ?? '').split(' ').filter(Boolean));
  if (prompts.has('consent')) return;
  if (prompts.delete('none')) query.set(SILENT_AUTHORIZATION_PARAM, 'true');
  prompts.add('consent');
  query.set('prompt', [...prompts].join(' '));
}

/** Auth0's `/v2/logout?returnTo=` is OpenID Connect's `post_logout_redirect_uri`. */
function mapReturnTo(query: URLSearchParams): void {
  const returnTo = query.get('returnTo');
  query.delete('returnTo');
  query.delete('federated');
  if (returnTo !== null && !query.has('post_logout_redirect_uri')) query.set('post_logout_redirect_uri', returnTo);
}

export function auth0CompatibleRequests(routes: Auth0CompatibleRoutes): RequestHandler {
  const rewrites = new Map([
    [routes.authorization, keepOfflineAccess],
    [routes.endSession, mapReturnTo],
  ]);
  return (req, _res, next) => {
    // Every request to the app passes here when the provider sits at the origin root: look at the
    // path before parsing anything.
    const rewrite = req.method === 'GET' ? rewrites.get(req.url.split('?', 1)[0]!) : undefined;
    if (!rewrite) return next();
    const url = new URL(req.url, 'http://provider.invalid');
    rewrite(url.searchParams);
    // oidc-provider derives its mount path by comparing originalUrl with url, so both must change.
    req.url = `${url.pathname}${url.search}`;
    req.originalUrl = `${req.baseUrl}${req.url}`;
    next();
  };
}

/**
 * oidc-provider's web_message page posts the login result to the opener and closes the popup at
 * once. The SDK checks every second whether its popup was closed, and when that check runs before
 * the message is handled it gives up with 'Popup closed' (about one login in ten under load). The
 * SDK closes the popup itself once it has the message, so the page must not. Inside the silent-check
 * iframe closing does nothing either way. oidc-provider allowed its script by hash in the
 * Content-Security-Policy; the changed script's hash takes that one's place.
 */
export async function keepPopupOpenForTheSdk(
  ctx: HeaderContext & { type: string; body: unknown },
  next: () => Promise<void>,
): Promise<void> {
  await next();
  if (typeof ctx.body === 'string' && ctx.body.includes(WEB_MESSAGE_MARKER)) {
    const script = INLINE_SCRIPT.exec(ctx.body)?.[1];
    ctx.body = ctx.body.replace(WEB_MESSAGE_SELF_CLOSE, '');
    if (script !== undefined) allowInlineScript(ctx, script.replace(WEB_MESSAGE_SELF_CLOSE, ''), script);
  }
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/;

const WEB_MESSAGE_MARKER = "type: 'authorization_response'";
const WEB_MESSAGE_SELF_CLOSE = 'win.close();';
