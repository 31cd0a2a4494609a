import { rooms } from '@playtime/shared/contract/rooms';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useLiveRoom } from '../../../hooks/use-live-room';
import { useRegularGames } from '../api/play';
import { playKeys } from '../api/query-keys';

/** 'Join next Tuesday': the weekday of the week's game, as the regular's button names it. */
export const joinNextLabel = (startDate: string) => `Join next ${dayjs(startDate).format('dddd')}`;

/**
 * Issue #30, on a player's profile: each series week they may join first now (they played on a team
 * last week), with one button to it; joining there pays as usual. Gone once joined or once it opens to all.
 */
export function JoinNextWeek({ userId }: { userId: string }) {
  const games = useRegularGames();
  // Named a regular, joined, or the window over: the user's room says so.
  useLiveRoom(rooms.user(userId), [playKeys.regularGames]);
  if (!games.data || games.data.length === 0) return null;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-label="Your weekly games">
      {games.data.map((game) => (
        <Card key={game.gameId} padding="lg" data-testid="join-next-week">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Text fw={700}>{game.name}</Text>
              <Text fz="sm">
                You played last week: your place is kept until {dayjs(game.publicFrom).format('ddd D MMM, h:mm A')},
                then it opens to everyone.
              </Text>
              <Text fz="sm" c="dimmed">
                {dayjs(game.startDate).format('ddd D MMM, h:mm A')} · {game.field}
              </Text>
            </div>
            <Button component={Link} to={`/game-details/${game.gameId}`}>
              {joinNextLabel(game.startDate)}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
