/**
 * Counts how many mounted components want each realtime room, so the socket joins a room once when
 * the first one mounts and leaves only when the last one unmounts.
 */
export class RoomMemberships {
  private readonly holders = new Map<string, number>();

  /** Adds a holder; true when the room was not held before (the caller must join it). */
  acquire(room: string): boolean {
    const count = this.holders.get(room) ?? 0;
    this.holders.set(room, count + 1);
    return count === 0;
  }

  /** Removes a holder; true when it was the last one (the caller must leave the room). */
  release(room: string): boolean {
    const count = this.holders.get(room);
    if (count === undefined) return false;
    if (count <= 1) {
      this.holders.delete(room);
      return true;
    }
    this.holders.set(room, count - 1);
    return false;
  }

  /** Rooms currently held: the ones to join again after a reconnect. */
  rooms(): string[] {
    return [...this.holders.keys()];
  }
}
