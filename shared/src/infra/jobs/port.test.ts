import { describe, expect, it } from 'vitest';
import { deploymentNamespace } from '../runtime/deployment-namespace';
import { selectJobBackend } from './port';

describe('where jobs live', () => {
  it("namespaces Redis jobs by the deployment's database, so apps sharing one Redis never take each other's jobs", () => {
    expect(selectJobBackend({ databaseUrl: 'postgres://db/playtime_a', redisUrl: 'redis://127.0.0.1:6379' })).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
      prefix: deploymentNamespace('postgres://db/playtime_a'),
    });
    expect(selectJobBackend({ databaseUrl: 'postgres://db/playtime_a' })).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://db/playtime_a',
    });
  });
});
