import type { ChangedMessage, ClientToServerEvents, ServerToClientEvents } from '@playtime/shared/contract/realtime';
import { REALTIME_EVENTS } from '@playtime/shared/contract/realtime';
import { EVERY_SOCKET } from '@playtime/shared/contract/rooms';
import type { io as openSocket, Socket } from 'socket.io-client';
import type { AccessTokenProvider } from './api-client';
import { afterFirstPaint } from './first-paint';
import { RoomMemberships } from './room-memberships';

/** How long the tabs' refetches after a change to everything are spread over (see changedEverywhere). */
const EVERYWHERE_SPREAD_MS = 5000;

export interface RoomListener {
  /** A change was announced for the room. */
  onChange(change: ChangedMessage): void;
  /**
   * The room was just joined (again, after a reconnect): a change announced before `joinedAt` was
   * missed, so refetch what was read before it (see JoinAnswer). Without `joinedAt`, refetch all.
   */
  onResync(joinedAt: string | undefined): void;
}

/**
 * One socket.io connection per tab, shared by every live view. Rooms are joined while at least one
 * listener holds them and joined again after every reconnect, because the server forgets a
 * socket's rooms when it disconnects.
 */
class RealtimeConnection {
  private socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
  /** The client library loads with the first live view, not with the first page (most pages have none). */
  private opening: Promise<void> | undefined;
  private readonly memberships = new RoomMemberships();
  private readonly listeners = new Map<string, Set<RoomListener>>();
  private accessToken: AccessTokenProvider = () => Promise.resolve(undefined);

  /** The token is optional: public rooms (game, field) work anonymously. */
  setAccessTokenProvider(provider: AccessTokenProvider): void {
    this.accessToken = provider;
  }

  subscribe(room: string, listener: RoomListener): () => void {
    let roomListeners = this.listeners.get(room);
    if (!roomListeners) {
      roomListeners = new Set();
      this.listeners.set(room, roomListeners);
    }
    roomListeners.add(listener);

    // Once connected, the 'connect' handler joins every room held, this one included.
    if (this.memberships.acquire(room) && this.socket?.connected) this.join(room);
    this.connect();

    return () => {
      roomListeners.delete(listener);
      if (roomListeners.size === 0) this.listeners.delete(room);
      if (this.memberships.release(room) && this.socket?.connected) this.socket.emit(REALTIME_EVENTS.leave, room);
    };
  }

  /**
   * Reconnects so the server authenticates the socket again: after login (to enter private rooms
   * such as user:{id}) and after logout (to stop receiving them).
   */
  renewIdentity(): void {
    if (!this.socket) return;
    this.socket.disconnect();
    this.socket.connect();
  }

  private connect(): void {
    if (this.socket || this.opening) return;
    // After the page has painted: on a phone, the client's code and handshake ahead of the first paint
    // delay the page itself. Joining resyncs, so a change made in between is not missed.
    this.opening = afterFirstPaint()
      .then(() => import('socket.io-client'))
      .then(
        ({ io }) => this.open(io),
        (error: unknown) => {
          this.opening = undefined; // the next live view tries again
          console.warn('Realtime: the client could not be loaded', error);
        },
      );
  }

  private open(io: typeof openSocket): void {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: '/socket.io',
      transports: ['websocket'],
      autoConnect: false,
      // A function, so each (re)connect carries a fresh access token rather than the first one.
      auth: (send) => {
        this.accessToken().then(
          (token) => send(token ? { token } : {}),
          () => send({}),
        );
      },
    });
    socket.on('connect', () => {
      for (const room of this.memberships.rooms()) this.join(room);
    });
    socket.on(REALTIME_EVENTS.changed, (change) => {
      if (change.room === EVERY_SOCKET) return this.changedEverywhere(change);
      const roomListeners = this.listeners.get(change.room);
      if (!roomListeners) return;
      for (const listener of roomListeners) listener.onChange(change);
    });
    this.socket = socket;
    // Connecting runs in a task of its own: the client's first run (its manager and address, then its
    // engine and WebSocket), each of its functions compiled as it first runs, took 12-15 ms of the main
    // thread in one go on a fast machine, a long task on a phone. A renewed identity may have connected
    // it first: connecting an active socket again would send the server a second connect.
    setTimeout(() => {
      if (!socket.active) socket.connect();
    }, 0);
  }

  /**
   * A read model was rebuilt and switched over: what any room shows may read differently now. Every
   * open tab hears it at once, so each refetches after a random moment of up to EVERYWHERE_SPREAD_MS
   * rather than all asking the server for everything in the same instant.
   */
  private changedEverywhere(change: ChangedMessage): void {
    setTimeout(() => {
      for (const roomListeners of this.listeners.values()) {
        for (const listener of roomListeners) listener.onChange(change);
      }
    }, Math.random() * EVERYWHERE_SPREAD_MS);
  }

  /**
   * Joins a room (on connecting, on every reconnect, or when a view first holds it) and resyncs its
   * listeners once the server confirms: a change committed between the page's fetch and the join, or
   * while disconnected, was not pushed to this socket.
   */
  private join(room: string): void {
    this.socket?.emit(REALTIME_EVENTS.join, room, (ack) => {
      if (!ack?.ok) {
        console.warn(`Realtime: could not join room ${room}: ${ack && !ack.ok ? ack.error : 'no reason given'}`);
        return;
      }
      for (const listener of this.listeners.get(room) ?? []) listener.onResync(ack.checkpoint);
    });
  }
}

export const realtime = new RealtimeConnection();
