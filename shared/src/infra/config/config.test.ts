import { describe, expect, it } from 'vitest';
import { checkServiceConfig, ConfigError, loadConfig, poolSizesOf, publicUrlOf } from './config';

describe('settings', () => {
  it('refuses to start a service of a distributed deployment without DATABASE_URL and one shared PUBLIC_URL, naming both', () => {
    expect(() => checkServiceConfig(loadConfig({}))).toThrow(ConfigError);
    expect(() => checkServiceConfig(loadConfig({}))).toThrow(/DATABASE_URL: is required[\s\S]*PUBLIC_URL: is required/);
    expect(() => checkServiceConfig(loadConfig({ DATABASE_URL: 'postgres://db/playtime', PORT: '4001' }))).toThrow(
      /PUBLIC_URL: is required .* the same for every service/,
    );
    const config = checkServiceConfig(
      loadConfig({ DATABASE_URL: 'postgres://db/playtime', PUBLIC_URL: 'https://play.example.com/' }),
    );
    expect(publicUrlOf(config)).toBe('https://play.example.com');
  });

  it('guesses the address standalone: its own port on localhost', () => {
    expect(publicUrlOf(loadConfig({ PORT: '3100' }))).toBe('http://localhost:3100');
  });

  it('sizes both pools of a process from DATABASE_POOL_SIZE, with defaults for standalone and for a service', () => {
    expect(poolSizesOf(loadConfig({}), true)).toEqual({ queries: 40, events: 20 });
    expect(poolSizesOf(loadConfig({}), false)).toEqual({ queries: 10, events: 5 });
    expect(poolSizesOf(loadConfig({ DATABASE_POOL_SIZE: '4' }), false)).toEqual({ queries: 4, events: 2 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('leaves SEED_DEMO to the composition unless it is set', () => {
    expect(loadConfig({}).SEED_DEMO).toBeUndefined();
    expect(loadConfig({ SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
