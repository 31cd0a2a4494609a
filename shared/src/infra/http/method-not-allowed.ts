import type { RequestHandler, Router } from 'express';
import { ApiError } from './errors';

/** What Express's router keeps of each `use` and route (router 2's Layer and Route; not in its typings). */
interface Layer {
  match(path: string): { path: string } | false;
  route?: { methods: Record<string, boolean | undefined> };
  handle?: { stack?: Layer[] };
}

/** The methods the routes in `stack` answer at `path`, looking into routers mounted there. */
function methodsAt(stack: Layer[], path: string, into: Set<string>): void {
  for (const layer of stack) {
    const matched = layer.match(path);
    if (!matched) continue;
    if (layer.route) {
      for (const [method, handled] of Object.entries(layer.route.methods))
        if (handled && method !== '_all') into.add(method.toUpperCase());
    } else if (layer.handle?.stack) {
      methodsAt(layer.handle.stack, path.slice(matched.path.length) || '/', into);
    }
  }
}

/**
 * After every route of `routers` passed a request by: when the path is one of theirs under other
 * methods, 405 with the `Allow` header (RFC 9110 §15.5.6) instead of the 404 for a path nobody serves.
 */
export function methodNotAllowed(routers: Router[]): RequestHandler {
  return (req, res, next) => {
    // The routers are mounted at the root, so they see the path whole (this may be mounted under a prefix).
    const path = req.baseUrl + req.path;
    const allowed = new Set<string>();
    for (const router of routers) methodsAt((router as unknown as { stack: Layer[] }).stack, path, allowed);
    // Express answers HEAD with its GET route.
    if (allowed.has('GET')) allowed.add('HEAD');
    // A route of this method passed the request on: it is not found, not a method refused.
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    const allow = [...allowed].sort().join(', ');
    res.set('Allow', allow);
    next(new ApiError(405, 'method_not_allowed', `${path} answers ${allow}, not ${req.method}.`));
  };
}
