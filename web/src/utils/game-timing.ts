/** Length between two instants as '1h 30m', '2h' or '45m'. */
export function durationLabel(start: Date, end: Date): string {
  const minutes = Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/**
 * The players line of cards and the game page: team players out of the maximum (spec §2), with the
 * sideline beside it, as in '0 / 14 players · 1 on the sideline'; 'No players yet' only when nobody is in.
 */
export function playersLabel(playerCount: number, maxPlayers: number, sidelineCount: number): string {
  return playerCount === 0 && sidelineCount === 0
    ? 'No players yet'
    : playerCountLabel(playerCount, maxPlayers, sidelineCount);
}

/** The game page's count, which shows the numbers even for an empty game. */
export function playerCountLabel(playerCount: number, maxPlayers: number, sidelineCount: number): string {
  const players = `${playerCount} / ${maxPlayers} players`;
  return sidelineCount > 0 ? `${players} · ${sidelineCount} on the sideline` : players;
}
