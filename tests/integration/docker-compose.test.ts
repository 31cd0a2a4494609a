import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema } from '@playtime/shared/infra/config/config';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: unknown;
  deploy?: { replicas?: number };
}

/** No Docker engine runs on the build machine, so the composition is checked against the code instead. */
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = compose.services;

  it('has every part of the distributed deployment, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual([
      'command-api',
      'kurrentdb',
      'postgres',
      'projector',
      'proxy',
      'read-api',
      'redis',
    ]);
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck, name).toBeTruthy();
    expect(services['command-api']!.deploy?.replicas).toBe(2);
    expect(services['read-api']!.deploy?.replicas).toBe(2);
  });

  it("starts each service's real entry point with an environment its configuration schema accepts", () => {
    const known = new Set(Object.keys(configSchema.shape));
    for (const name of ['command-api', 'read-api', 'projector']) {
      const service = services[name]!;
      const entry = service.command!.at(-1)!;
      expect(readFileSync(path.join(ROOT, entry), 'utf8')).toContain('runService(');
      const environment = Object.fromEntries(
        Object.entries(service.environment!).map(([key, value]) => [
          key,
          String(value).replace(/^\$\{(\w+):\?[^}]*\}$/, 'example-$1'),
        ]),
      );
      for (const key of Object.keys(environment)) expect(known.has(key), `${name}: unknown variable ${key}`).toBe(true);
      const parsed = configSchema.safeParse(environment);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data!.PORT).toBe(8080);
      expect(parsed.data!.DATABASE_URL).toContain('@postgres:5432/');
      expect(parsed.data!.REDIS_URL).toBe('redis://redis:6379');
    }
  });

  it('routes commands, queries, socket.io and the web app in the proxy to services that exist on their port', () => {
    const caddy = readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
    const upstreams = [...caddy.matchAll(/reverse_proxy (\S+):(\d+)/g)].map((match) => [match[1], Number(match[2])]);
    expect(upstreams.length).toBeGreaterThanOrEqual(4);
    for (const [host, port] of upstreams) {
      expect(services[host as string], `proxy points at ${host}`).toBeTruthy();
      expect(port).toBe(8080);
    }
    expect(caddy).toContain('handle /socket.io/*');
    expect(caddy).toContain('try_files {path} /index.html');
  });

  it('sends each POST that only reads to the read API, and every other POST to the command API that serves it', () => {
    const caddy = readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
    const readPosts = /@queries_by_post \{[^}]*path ([^\n]+)/.exec(caddy)![1]!.trim().split(/\s+/);
    const routesIn = (service: string) =>
      readdirSync(path.join(ROOT, service, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .flatMap((file) =>
          [...readFileSync(path.join(ROOT, service, 'src', file), 'utf8').matchAll(/router\.post\('([^']+)'/g)].map(
            (match) => match[1]!,
          ),
        );
    const readApiPosts = routesIn('read-api');
    const commandApiPosts = routesIn('command-api');
    for (const route of readPosts) expect(readApiPosts, `${route} is routed to read-api`).toContain(route);
    for (const route of readApiPosts) expect(readPosts, `${route} is served by read-api`).toContain(route);
    for (const route of commandApiPosts) expect(readPosts, `${route} is served by command-api`).not.toContain(route);
  });
});
