import { describe, expect, it } from 'vitest';
import { StreamQueues } from './stream-queues';

/** A task that waits for the test to let it finish, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
    open,
  };
}

describe('stream queues', () => {
  it('runs commands on one stream one after another, in order, and on different streams side by side', async () => {
    const queues = new StreamQueues();
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    const first = queues.run('a', a1.task);
    const second = queues.run('a', a2.task);
    const other = queues.run('b', b1.task);
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['start a1', 'start b1']);
    a2.open();
    b1.open();
    await other;
    expect(log).toEqual(['start a1', 'start b1', 'end b1']);
    a1.open();
    expect(await Promise.all([first, second])).toEqual(['a1', 'a2']);
    expect(log).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2', 'end a2']);
  });

  it('goes on after a failed command, and forgets a stream once its line is empty', async () => {
    const queues = new StreamQueues();
    const failed = queues.run('a', () => Promise.reject(new Error('refused')));
    const next = queues.run('a', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('next');
    await new Promise((resolve) => setImmediate(resolve));
    expect(queues.size).toBe(0);
  });
});
