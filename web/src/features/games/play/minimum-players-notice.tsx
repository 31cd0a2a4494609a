import { Alert, Text } from '@mantine/core';
import type { GameDetail } from '@playtime/shared/contract/games';
import { minimumPlayersNotice, playersNeededText, thinGameMoney } from '@playtime/shared/contract/game-page';
import { IconUsersGroup } from '@tabler/icons-react';

/**
 * A thin game's terms on its page (issue #41): the minimum, the decision time and what happens below
 * it, and how many more players it needs, live with the roster. Gone once the decision time has passed.
 */
export function MinimumPlayers({
  game,
  nowMs,
}: {
  game: Pick<
    GameDetail,
    'minPlayers' | 'decisionAt' | 'priceCents' | 'playerCount' | 'sidelineCount' | 'start_date' | 'entryPayments'
  >;
  nowMs: number;
}) {
  if (game.minPlayers === null || game.decisionAt === null || Date.parse(game.decisionAt) <= nowMs) return null;
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
      <Text fz="sm">{minimumPlayersNotice(game.minPlayers, game.decisionAt, thinGameMoney(game, nowMs), nowMs)}</Text>
      <Text fz="sm" fw={700} mt={4} data-testid="players-needed">
        {playersNeededText(needed)}
      </Text>
    </Alert>
  );
}
