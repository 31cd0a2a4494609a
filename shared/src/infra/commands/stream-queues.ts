/**
 * Commands on one stream, one at a time within this process. Many requests on one hot stream (players
 * joining one game) would otherwise all read the same revision, and all but one lose the append and
 * decide again, until some run out of attempts and are told to retry for no reason of theirs. In line,
 * each decides on the state the one before it left (see StreamStateCache), so every request gets the
 * answer its command deserves. Other processes still race on the store's expected revision, which
 * handleCommand retries. Commands on different streams run side by side.
 */
export class StreamQueues {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(streamId: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(streamId) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(streamId, tail);
    // The last in line leaves no entry behind.
    void tail.then(() => {
      if (this.tails.get(streamId) === tail) this.tails.delete(streamId);
    });
    return result;
  }

  /** Streams with commands waiting or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
