/** The chat's refusals, as people read them (the contract re-exports them for the pages and the tests). */

export const CHAT_NOT_A_MEMBER =
  "Only the game's players, its organizer and admins can write in its chat. Join the game to take part.";
export const CHAT_READ_NOT_ALLOWED =
  "Only the game's players, the people in line or on its waitlist, its organizer and admins can read its chat.";
export const CHAT_NO_GAME = 'There is no such game.';
export const CHAT_ANNOUNCEMENT_ORGANIZER_ONLY = 'Only the organizer (or an admin) can post an announcement.';
export const CHAT_NO_MESSAGE = 'There is no such message in this chat.';
export const CHAT_DELETE_NOT_ALLOWED = 'Only its author, the organizer or an admin can delete a message.';
