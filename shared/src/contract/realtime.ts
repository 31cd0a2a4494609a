/** The socket.io conversation between the browser and the read API (rooms: see ./rooms). */

/** What the projector announces after a batch committed. `keys` of [EVERY_SOCKET] (./rooms) means everything. */
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

/**
 * Sent on every (re)connect, for tabs still running a web app from before join answers carried their
 * position (a deploy's new version waits for the person's Reload): they refetch everything on it. The
 * web app of this version ignores it and resyncs on each join's answer instead.
 */
export interface HelloMessage {
  checkpoint: string;
}

/**
 * The answer to a join, sent once the socket is in the room. `checkpoint` is the furthest any read
 * model had got by then (`commit:position`): a change announced before the join, which the socket
 * missed, lies at or before it. A query answer read at or after it (its X-Playtime-Read-At) misses
 * nothing, so only older answers are fetched again. Absent when it could not be read: refetch all.
 */
export type JoinAnswer = { ok: true; checkpoint?: string } | { ok: false; error: string };

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
