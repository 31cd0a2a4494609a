/** What a page tells the chat about the person looking at it (the server checks all of it again). */
export interface GameChatProps {
  gameId: string;
  /** The signed-in user. */
  userId: string;
  /** A player, the organizer or an admin: writes; someone on the waitlist only reads. */
  canWrite: boolean;
  /** The organizer or an admin: posts announcements and deletes anyone's message. */
  moderates: boolean;
}
