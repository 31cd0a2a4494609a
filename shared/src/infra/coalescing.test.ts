import { describe, expect, it } from 'vitest';
import { Coalescing } from './coalescing';

describe('Coalescing', () => {
  it('runs at once when idle, and gathers what comes during a run into the next', async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const coalescing = new Coalescing<number>(async (keys) => {
      runs.push([...keys]);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = coalescing.add(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(runs).toEqual([[1]]);
    const later = [coalescing.add(2), coalescing.add(3), coalescing.add(4)];
    expect(runs).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects only the adds whose run failed, and goes on', async () => {
    const coalescing = new Coalescing<string>(async (keys) => {
      if (keys.includes('bad')) throw new Error('the run failed');
    });
    await expect(Promise.all([coalescing.add('bad'), coalescing.add('with it')])).rejects.toThrow('the run failed');
    await expect(coalescing.add('good')).resolves.toBeUndefined();
  });
});
