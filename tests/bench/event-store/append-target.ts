/** A way of appending one event, measured by the append load. */

/** One writer: appends one event per call to one of its own streams (none shared with other writers). */
export interface AppendWriter {
  append(): Promise<void>;
}

export interface OpenTarget {
  writer(index: number): AppendWriter;
  /** Events now stored, to check every acknowledged append really landed. */
  countStored(): Promise<number>;
  close(): Promise<void>;
}

export interface AppendTarget {
  /** Opens against an empty database with a pool of `poolSize` connections, already connected. */
  open(url: string, options: { poolSize: number; streamsPerWriter: number }): Promise<OpenTarget>;
}

export type TargetName = 'playtime' | 'emmett' | 'raw' | DiagnosticTargetName;

/** Our store with one thing changed from outside (never its code), to see what an append costs. */
export type DiagnosticTargetName = 'playtime-no-notify' | 'playtime-prepared' | 'playtime-prepared-no-notify';

export const targetLabels: Record<TargetName, string> = {
  playtime: 'Playtime PostgresEventStore',
  emmett: 'Emmett PostgreSQL event store 0.42',
  raw: 'raw single-row INSERT (ceiling)',
  'playtime-no-notify': 'diagnostic: our store, NOTIFY skipped',
  'playtime-prepared': 'diagnostic: our store, named prepared statements',
  'playtime-prepared-no-notify': 'diagnostic: our store, prepared + NOTIFY skipped',
};

/** Loaded lazily, so a child process only ever loads the store it measures. */
export async function loadTarget(name: TargetName): Promise<AppendTarget> {
  switch (name) {
    case 'playtime':
      return (await import('./targets/playtime-store')).playtimeTarget({ notify: true, prepared: false });
    case 'playtime-no-notify':
      return (await import('./targets/playtime-store')).playtimeTarget({ notify: false, prepared: false });
    case 'playtime-prepared':
      return (await import('./targets/playtime-store')).playtimeTarget({ notify: true, prepared: true });
    case 'playtime-prepared-no-notify':
      return (await import('./targets/playtime-store')).playtimeTarget({ notify: false, prepared: true });
    case 'emmett':
      return (await import('./targets/emmett-store')).emmettTarget;
    case 'raw':
      return (await import('./targets/raw-insert')).rawInsertTarget;
  }
}

/** The event every target writes: small, like a typical command's event. */
export function benchEventData(writer: number, n: number): { writer: number; n: number; note: string } {
  return { writer, n, note: 'bench' };
}

export function streamName(writer: number, stream: number): string {
  return `bench-w${writer}s${stream}`;
}

/** Opens `size` connections up front, so connecting is never part of a measured append. */
export async function prewarmPool(pool: { connect(): Promise<{ release(): void }> }, size: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  for (const client of clients) client.release();
}
