/**
 * A game's event stream. Apart from the event schemas, so a page that names the stream (the game
 * page's history) does not bring the schema library with it.
 */
export const gameStream = (gameId: string) => `game-${gameId}`;
