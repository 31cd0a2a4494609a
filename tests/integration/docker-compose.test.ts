import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkServiceConfig, configSchema } from '@playtime/shared/infra/config/config';

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

  it('has every part of the distributed deployment, two of each service, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual([
      'command-api-1',
      'command-api-2',
      'kurrentdb',
      'mailpit',
      'postgres',
      'projector-1',
      'projector-2',
      'proxy',
      'read-api-1',
      'read-api-2',
      'redis',
      'web-build',
    ]);
    for (const [name, service] of Object.entries(services))
      if (name !== 'web-build') expect(service.healthcheck, name).toBeTruthy();
  });

  /** What compose makes of `${NAME:-default}` with the variable unset, and of `.env`'s values. */
  const interpolate = (value: unknown, env: Record<string, string>) =>
    String(value).replace(/^\$\{(\w+):-([^}]*)\}$/, (_whole, name: string, fallback: string) => env[name] ?? fallback);
  const dotEnv = Object.fromEntries(
    readFileSync(path.join(ROOT, '.env'), 'utf8')
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it.each([
    ['with .env (KurrentDB, the embedded identity provider)', dotEnv, 'esdb://kurrentdb:2113?tls=false'],
    ['without the kurrentdb profile (events in PostgreSQL)', { COMPOSE_PROFILES: '', EVENTSTORE_URL: '' }, undefined],
  ])("starts each service's real entry point with settings its configuration accepts, %s", (_case, env, eventStore) => {
    const known = new Set(Object.keys(configSchema.shape));
    for (const name of ['command-api-1', 'command-api-2', 'read-api-1', 'read-api-2', 'projector-1', 'projector-2']) {
      const service = services[name]!;
      const entry = service.command!.at(-1)!;
      expect(readFileSync(path.join(ROOT, entry), 'utf8')).toContain('runService(');
      const environment = Object.fromEntries(
        Object.entries(service.environment!).map(([key, value]) => [key, interpolate(value, env)]),
      );
      for (const key of Object.keys(environment)) expect(known.has(key), `${name}: unknown variable ${key}`).toBe(true);
      const parsed = configSchema.safeParse(environment);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(() => checkServiceConfig(parsed.data!)).not.toThrow();
      expect(parsed.data!.PORT).toBe(8080);
      expect(parsed.data!.DATABASE_URL).toContain('@postgres:5432/');
      expect(parsed.data!.REDIS_URL).toBe('redis://redis:6379');
      expect(parsed.data!.PUBLIC_URL).toBe('http://localhost:8080');
      expect(parsed.data!.SMTP_URL, 'mail goes to the compose mail catcher').toBe('smtp://mailpit:1025');
      expect(services.mailpit, 'the mail catcher SMTP_URL names').toBeTruthy();
      expect(parsed.data!.EVENTSTORE_URL).toBe(eventStore);
      // No Auth0 settings needed: the embedded identity provider.
      expect(parsed.data!.AUTH0_DOMAIN).toBeFalsy();
      expect(parsed.data!.SEED_DEMO).toBe(true);
    }
    expect(dotEnv.COMPOSE_PROFILES).toBe('kurrentdb');
  });

  it('points the proxy at every command API and read API on its port, from the same Caddyfile', () => {
    const caddy = readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
    const proxy = services.proxy as ComposeService & { environment: Record<string, string> };
    for (const variable of ['COMMAND_APIS', 'READ_APIS']) {
      expect(caddy).toContain(`reverse_proxy {$${variable}`);
      for (const upstream of proxy.environment[variable]!.split(' ')) {
        const [host, port] = upstream.split(':');
        expect(services[host!], `proxy points at ${host}`).toBeTruthy();
        expect(port).toBe('8080');
      }
    }
  });

  it('sends each POST that only reads to the read API, and every other POST to the command API that serves it', () => {
    const caddy = readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
    const readPosts = /@reads_by_post \{[^}]*path ([^\n]+)/.exec(caddy)![1]!.trim().split(/\s+/);
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
