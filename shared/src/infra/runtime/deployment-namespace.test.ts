import { describe, expect, it } from 'vitest';
import { deploymentNamespace, socketChannelOf } from './deployment-namespace';

describe("a deployment's name on a shared Redis server", () => {
  it('is the same for every process of one database, and another for another database, without the password', () => {
    const a = deploymentNamespace('postgres://app:secret@db.internal:5432/playtime_a');
    expect(deploymentNamespace('postgres://app:other-password@db.internal/playtime_a')).toBe(a);
    expect(deploymentNamespace('postgres://app:secret@db.internal:5432/playtime_b')).not.toBe(a);
    expect(deploymentNamespace('postgres://app:secret@db.other:5432/playtime_a')).not.toBe(a);
    expect(a).not.toContain('secret');
  });

  it("names socket.io's channels after it, so two deployments' pushes never meet", () => {
    const url = 'postgres://app@db.internal/playtime_a';
    expect(socketChannelOf(url)).toBe(`${deploymentNamespace(url)}-socket.io`);
    expect(socketChannelOf('postgres://app@db.internal/playtime_b')).not.toBe(socketChannelOf(url));
  });
});
