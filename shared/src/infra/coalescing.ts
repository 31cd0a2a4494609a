/**
 * Work on many keys in as few runs as there must be: the keys added while a run is under way wait for
 * the next one, which takes them all at once. Idle, a key's run starts at once (on the next
 * microtask, with whatever else was added in the same tick); busy, one run serves everyone who came
 * meanwhile. Each `add` settles with the run that took its key.
 */
export class Coalescing<Key> {
  private next: { keys: Key[]; done: Promise<void> } | null = null;
  /** The last run started or queued; never rejects, so a failed run does not stop the next. */
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly run: (keys: Key[]) => Promise<void>) {}

  add(key: Key): Promise<void> {
    if (!this.next) {
      const keys: Key[] = [];
      const done = this.tail.then(() => {
        this.next = null;
        return this.run(keys);
      });
      this.next = { keys, done };
      this.tail = done.catch(() => undefined);
    }
    this.next.keys.push(key);
    return this.next.done;
  }
}
