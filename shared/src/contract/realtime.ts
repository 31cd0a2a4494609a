/** The socket.io conversation between the browser and the read API (rooms: see ./rooms). */

/** What the projector announces after a batch committed. `keys` of ['*'] means "everything". */
export interface ChangeNotice {
  /** The read model that changed (see ./projections). */
  projection: string;
  /** Room names (see ./rooms) whose data changed. */
  keys: string[];
  /** The log checkpoint the projection reached, formatted `commit:position` (see ./checkpoints). */
  checkpoint: string;
}

/** What a room's sockets receive: the projection, the position it reached and this room's key alone. */
export interface ChangedMessage extends ChangeNotice {
  room: string;
}

/** Sent on every (re)connect: anything pushed while disconnected was missed, so refetch. */
export interface HelloMessage {
  checkpoint: string;
}

/** The answer to a join. */
export type JoinAnswer = { ok: true } | { ok: false; error: string };

/** The event names on the socket. */
export const REALTIME_EVENTS = {
  changed: 'changed',
  hello: 'hello',
  join: 'join',
  leave: 'leave',
} as const;

export interface ServerToClientEvents {
  changed: (change: ChangedMessage) => void;
  hello: (hello: HelloMessage) => void;
}

export interface ClientToServerEvents {
  join: (room: string, ack: (answer: JoinAnswer) => void) => void;
  leave: (room: string) => void;
}
