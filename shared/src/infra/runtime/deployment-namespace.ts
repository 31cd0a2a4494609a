import { createHash } from 'node:crypto';

/**
 * One deployment's name on a shared Redis server: jobs' keys and socket.io's pub/sub channels carry it.
 * A deployment is its database (host, port and name; never the password): every process of one
 * deployment names the same database, so they share their queues and their rooms as they should, and
 * two deployments (or two test apps) on one Redis server never take each other's jobs or hear each
 * other's pushes. Redis's database number cannot do this: pub/sub channels ignore it.
 */
export function deploymentNamespace(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const digest = createHash('sha256')
    .update(`${url.hostname}:${url.port || '5432'}/${url.pathname.replace(/^\//, '')}`)
    .digest('hex');
  return `playtime-${digest.slice(0, 16)}`;
}

/** socket.io's Redis adapter (read APIs) and emitter (projector) agree on this channel prefix. */
export function socketChannelOf(databaseUrl: string): string {
  return `${deploymentNamespace(databaseUrl)}-socket.io`;
}
