import type pg from 'pg';
import { listenToChannel } from '../../db/channel-listener';

const CHANNEL = 'playtime_events_appended';

export interface Wake {
  /** True once an append notice has arrived since this wake was taken. */
  readonly woken: boolean;
  /** Resolves on the next append notice, after `timeoutMs`, or when aborted, whichever is first. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Wakes caught-up subscribers when events are appended: at once in this process, and through
 * LISTEN/NOTIFY in others (unless `crossProcess` is off: in the standalone runtime every subscriber
 * lives in the appending process, and a NOTIFY would be a statement per few commands for no one).
 * NOTIFY is sent after the append has committed, outside its transaction, because NOTIFY inside a
 * transaction takes a cluster-wide lock at commit and would serialise appends. Notices are coalesced:
 * at most one NOTIFY is in flight. A lost LISTEN connection only costs latency: subscribers also poll.
 */
export class LogNotifier {
  private generation = 0;
  private waiters = new Set<() => void>();
  private listener: { close(): Promise<void> } | null = null;
  private notifyInFlight = false;
  private notifyPending = false;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
    private readonly crossProcess = true,
  ) {}

  nextWake(): Wake {
    this.ensureListening();
    const seen = this.generation;
    const woken = () => this.generation !== seen;
    return {
      get woken() {
        return woken();
      },
      wait: (timeoutMs, signal) =>
        new Promise<void>((resolve) => {
          if (this.generation !== seen || signal?.aborted) return resolve();
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            this.waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, timeoutMs);
          signal?.addEventListener('abort', done, { once: true });
          this.waiters.add(done);
        }),
    };
  }

  appended(): void {
    this.wakeAll();
    if (this.closed || !this.crossProcess) return;
    if (this.notifyInFlight) {
      this.notifyPending = true;
      return;
    }
    this.notifyInFlight = true;
    this.pool
      .query(`SELECT pg_notify('${CHANNEL}', '')`)
      .catch(() => undefined)
      .finally(() => {
        this.notifyInFlight = false;
        if (this.notifyPending) {
          this.notifyPending = false;
          this.appended();
        }
      });
  }

  private wakeAll(): void {
    this.generation += 1;
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Lazily: a store that only appends never needs the connection. */
  private ensureListening(): void {
    if (this.listener || this.closed || !this.crossProcess) return;
    this.listener = listenToChannel(this.connectionString, CHANNEL, { notice: () => this.wakeAll() });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.listener?.close();
  }
}
