import pg from 'pg';

export interface ChannelHandlers {
  /** A NOTIFY on the channel, with its payload. */
  notice(payload: string): void;
  /** LISTEN is in place: from now on no notice is missed until `lost`. */
  listening?(): void;
  /** The connection is gone: notices sent from now until the next `listening` are missed. */
  lost?(): void;
}

/**
 * LISTENs on one PostgreSQL channel over a connection of its own (a pooled one would lose its
 * LISTEN when handed back), and reconnects after a second when the connection drops.
 */
export function listenToChannel(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
  reconnectMs = 1000,
): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const connect = () => {
    const current = new pg.Client({ connectionString, application_name: `playtime-listen-${channel}` });
    client = current;
    const restart = () => {
      if (client !== current) return;
      client = null;
      handlers.lost?.();
      current.end().catch(() => undefined);
      if (!closed) reconnectTimer = setTimeout(connect, reconnectMs);
    };
    current.on('notification', (message) => handlers.notice(message.payload ?? ''));
    current.on('error', restart);
    current.on('end', restart);
    current
      .connect()
      .then(() => current.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client === current) handlers.listening?.();
      })
      .catch(restart);
  };
  connect();

  return {
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
