import { describe, expect, it } from 'vitest';
import { jobNamespaceOf, selectJobBackend } from './port';

describe('where jobs live', () => {
  it("namespaces Redis jobs by the deployment's database, so apps sharing one Redis never take each other's jobs", () => {
    const a = jobNamespaceOf('postgres://app:secret@db.internal:5432/playtime_a');
    expect(jobNamespaceOf('postgres://app:other-password@db.internal/playtime_a')).toBe(a);
    expect(jobNamespaceOf('postgres://app:secret@db.internal:5432/playtime_b')).not.toBe(a);
    expect(jobNamespaceOf('postgres://app:secret@db.other:5432/playtime_a')).not.toBe(a);
    expect(a).not.toContain('secret');
    expect(selectJobBackend({ databaseUrl: 'postgres://db/playtime_a', redisUrl: 'redis://127.0.0.1:6379' })).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
      prefix: jobNamespaceOf('postgres://db/playtime_a'),
    });
    expect(selectJobBackend({ databaseUrl: 'postgres://db/playtime_a' })).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://db/playtime_a',
    });
  });
});
