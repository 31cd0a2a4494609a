/** The loopback names a browser on this machine may use for the app: each is an origin of its own. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Every origin the app can be opened at on this machine: the public URL and each loopback name at
 * the port the app listens on. The identity provider accepts the SPA's redirects and token calls
 * from all of them, while its issuer stays the one public URL (tokens carry one `iss`).
 */
export function appOrigins(publicUrl: string, port: number): string[] {
  const origins = [new URL(publicUrl).origin];
  if (port > 0) origins.push(...LOOPBACK_HOSTS.map((host) => `http://${host}:${port}`));
  return [...new Set(origins)];
}

/** What the SDK sends as redirect_uri or returnTo for an origin: the origin itself, with or without '/'. */
export function appUrisFor(origins: string[]): string[] {
  return origins.flatMap((origin) => [origin, `${origin}/`]);
}

/** The origin of what the SPA is given as its identity `domain` (Auth0 names a bare host: https). */
export function identityOrigin(domain: string): string {
  return new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`).origin;
}
