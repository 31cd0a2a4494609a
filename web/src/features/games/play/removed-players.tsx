import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { removedEntryLabel } from '@playtime/shared/contract/game-page';
import { useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { useAllowPlayerBack, type LoadedGame } from '../api/play';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * The Manage area's removed players (DESIGN §8): each stays out of the game until the organizer
 * presses 'Allow back'. A refund made at removal stands.
 */
export function RemovedPlayers({ game }: { game: LoadedGame }) {
  const allowBack = useAllowPlayerBack(game.gameId);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Card padding="lg" component="section" aria-labelledby="removed-players-title">
      <Title order={2} fz="lg" id="removed-players-title">
        Removed players
      </Title>
      <Stack gap="xs" mt="sm">
        {game.removed.map((removed) => (
          <Group key={removed.userId} justify="space-between" wrap="nowrap">
            <div>
              <Text fw={500} id={`removed-${removed.userId}`}>
                {removed.username}
              </Text>
              <Text fz="sm" c="dimmed">
                {removedEntryLabel(removed)}
              </Text>
            </div>
            <Button
              variant="light"
              loading={allowBack.isPending && allowBack.variables === removed.userId}
              disabled={allowBack.isPending}
              onClick={() => {
                setFailure(null);
                allowBack.mutate(removed.userId, { onError: (error) => setFailure(errorMessage(error)) });
              }}
              aria-describedby={`removed-${removed.userId}`}
            >
              Allow back
            </Button>
          </Group>
        ))}
        <FailureAlert failure={failure} />
      </Stack>
    </Card>
  );
}
