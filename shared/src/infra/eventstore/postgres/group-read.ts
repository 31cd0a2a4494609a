import type { StoredEvent } from '../port';

export interface QueuedRead {
  streamId: string;
  /** Only events past this revision; undefined for the whole stream. */
  after: number | undefined;
  resolve(events: StoredEvent[]): void;
  reject(error: unknown): void;
}

/**
 * Group read, the reading side of group commit: stream reads that arrive while `maxInFlight` reads
 * are under way wait, and go together in the next statement. Under load the command side reads many
 * streams' tails at once (a field's stream for every hold and booking, each captain's sub-field, each
 * organizer's account), and each read is a round trip of its own to the database and back; together
 * they cost one. An idle store sends each read at once, so a lone reader waits for nobody.
 *
 * Every read in a batch was asked for before its statement was sent, so it sees every append that
 * had committed when it was asked for, as a read of its own would.
 */
export class GroupRead {
  private queue: QueuedRead[] = [];
  private inFlight = 0;

  constructor(
    private readonly readBatch: (batch: QueuedRead[]) => Promise<void>,
    private readonly options: { maxInFlight: number; maxReadsPerBatch: number },
  ) {}

  read(streamId: string, after: number | undefined): Promise<StoredEvent[]> {
    return new Promise<StoredEvent[]>((resolve, reject) => {
      this.queue.push({ streamId, after, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxReadsPerBatch);
      this.inFlight += 1;
      this.readBatch(batch)
        .catch((error: unknown) => {
          for (const read of batch) read.reject(error);
        })
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
    }
  }
}
