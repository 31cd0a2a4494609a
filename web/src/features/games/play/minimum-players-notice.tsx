import { Alert, Text } from '@mantine/core';
import type { GameDetail } from '@playtime/shared/contract/games';
import { minimumPlayersNotice, playersNeededText, thinGameMoney } from '@playtime/shared/contract/game-page';
import { IconUsersGroup } from '@tabler/icons-react';
import { useServerClock } from './server-clock';

/**
 * A thin game's terms on its page (issue #41): the minimum, the decision time and what happens below
 * it, and how many more players it needs, live with the roster. Gone once the decision time has passed.
 */
export function MinimumPlayers({
  game,
  clockOffsetMs,
}: {
  game: Pick<
    GameDetail,
    'minPlayers' | 'decisionAt' | 'priceCents' | 'playerCount' | 'sidelineCount' | 'start_date' | 'entryPayments'
  >;
  /** The server's clock ahead of the browser's. */
  clockOffsetMs: number;
}) {
  // Its terms change with the clock (the money it leaves at stake, the time to the decision) far less
  // often than each second: the notice renders again when they do.
  const terms = useServerClock((nowMs) => {
    const { minPlayers, decisionAt } = game;
    if (minPlayers === null || decisionAt === null || Date.parse(decisionAt) <= nowMs) return null;
    return minimumPlayersNotice(minPlayers, decisionAt, thinGameMoney(game, nowMs), nowMs);
  }, clockOffsetMs);
  if (terms === null || game.minPlayers === null) return null;
  // The decision counts everyone in the game: the teams and the sideline.
  const needed = game.minPlayers - game.playerCount - game.sidelineCount;
  return (
    <Alert
      mt="sm"
      color={needed > 0 ? 'yellow' : 'green'}
      variant="light"
      icon={<IconUsersGroup size={18} />}
      data-testid="minimum-players"
    >
      <Text fz="sm">{terms}</Text>
      <Text fz="sm" fw={700} mt={4} data-testid="players-needed">
        {playersNeededText(needed)}
      </Text>
    </Alert>
  );
}
