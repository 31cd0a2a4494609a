/**
 * Whether the address is the identity provider returning from a redirect login: it holds a `code`
 * or an `error`, together with the `state` the login started with.
 */
export function hasAuthParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

/** Where a redirect login returns to: the path saved when it started, else the current path. */
export function returnPath(appState: unknown, currentPath: string): string {
  if (typeof appState === 'object' && appState !== null) {
    const { returnTo } = appState as { returnTo?: unknown };
    // Only same-site paths: the saved value round-trips through the identity provider.
    if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')) return returnTo;
  }
  return currentPath;
}
