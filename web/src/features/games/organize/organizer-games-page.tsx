import { Alert, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GameCard } from '../../../components/game-card';
import { PageTitle } from '../../../components/page-title';
import { useNow } from '../../../hooks/use-now';
import { useSmallScreen } from '../../../hooks/use-small-screen';
import { errorMessage } from '../../../lib/notify';
import { useLiveRoom } from '../../realtime';
import { useCurrentUser } from '../../users';
import { useDeleteGame, useOrganizerGames, type GameInList } from '../api/organize';
import { organizeKeys } from '../api/query-keys';
import { refundNotice, toGameSummary, upcomingGames } from './organizer-games';
import { useWizard } from './wizard-store';

/** Spec §2 Organizer games: the captain's upcoming games, Create New Game, delete after a confirmation. */
export function OrganizerGamesPage() {
  const { dispatch } = useWizard();
  const navigate = useNavigate();
  const now = useNow();
  const user = useCurrentUser();
  const games = useOrganizerGames();
  const [deleting, setDeleting] = useState<GameInList | undefined>();
  useLiveRoom(user.data ? `user:${user.data.userId}` : null, [organizeKeys.organizerGames]);

  const createNewGame = () => {
    dispatch({ type: 'start' });
    void navigate('/organize/select-field');
  };

  const upcoming = upcomingGames(games.data ?? [], now);
  return (
    <>
      <PageTitle
        title="Upcoming Games"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={createNewGame}>
            Create New Game
          </Button>
        }
      />
      {games.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {games.isError && (
        <Alert color="red" title="Your games could not be loaded">
          <Text fz="sm">{errorMessage(games.error)}</Text>
          <Button size="xs" mt="sm" onClick={() => void games.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {games.isSuccess && upcoming.length === 0 && (
        <Text c="dimmed">No upcoming games. Create one to get started.</Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {upcoming.map((game) => (
          <Stack key={game.gameId} gap="xs">
            <GameCard game={toGameSummary(game)} />
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(game)}>
              Delete
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
      <DeleteGameDialog game={deleting} now={now} onClose={() => setDeleting(undefined)} />
    </>
  );
}

/** 'Delete this game?': says whether the rental is refunded before the captain confirms. */
function DeleteGameDialog({ game, now, onClose }: { game: GameInList | undefined; now: Date; onClose: () => void }) {
  const small = useSmallScreen();
  const deleteGame = useDeleteGame();
  const close = () => {
    deleteGame.reset();
    onClose();
  };
  return (
    <Modal opened={game !== undefined} onClose={close} title="Delete this game?" centered fullScreen={small}>
      {game && (
        <Stack gap="sm">
          <Text fz="sm">
            <b>{game.name}</b> will be cancelled and its slot given back to the field. Players who paid an entry fee are
            refunded.
          </Text>
          <Text fz="sm" fw={600}>
            {refundNotice(game, now)}
          </Text>
          {deleteGame.isError && (
            <Alert color="red" title="The game was not deleted">
              {errorMessage(deleteGame.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              Keep the game
            </Button>
            <Button
              color="red"
              loading={deleteGame.isPending}
              onClick={() => deleteGame.mutate(game.gameId, { onSuccess: close })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
