import { ORGANIZER_GAME_LIST_TEXTS as LIST_TEXTS } from '@playtime/shared/contract/organizer-games';
import { seriesWeekLabel } from '@playtime/shared/contract/series';
import { CANCEL_ENTRIES_TEXT } from '@playtime/shared/contract/game-page';
import { Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GameCard } from '../../../components/game-card';
import { PageTitle } from '../../../components/page-title';
import { useNow } from '../../../hooks/use-now';
import { useSmallScreen } from '../../../hooks/use-small-screen';
import { useLiveRoom } from '../../../hooks/use-live-room';
import { useCurrentUser } from '../../../lib/current-user';
import { useCancelSeries, useDeleteGame, useOrganizerGames, useSeriesGames, type GameInList } from '../api/organize';
import { organizeKeys } from '../api/query-keys';
import { formatDollars } from '../../../utils/money';
import { OrganizerGameList } from './organizer-game-list';
import { refundNotice, restOfSeriesRefunds, toGameSummary, upcomingGames } from './organizer-games';
import { useWizard } from './wizard-store';
import { CallFailed, LoadFailed } from '../../../components/load-failed';

/**
 * Spec §2 Organizer games: the captain's upcoming games, Create New Game, delete after a confirmation;
 * below them every game and series, upcoming or past, to find and cancel any of them (issue #41).
 */
export function OrganizerGamesPage() {
  const { dispatch } = useWizard();
  const navigate = useNavigate();
  const now = useNow();
  const user = useCurrentUser();
  const games = useOrganizerGames();
  const [deleting, setDeleting] = useState<GameInList | undefined>();
  const [cancellingRest, setCancellingRest] = useState<GameInList | undefined>();
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
      <LoadFailed query={games} title="Your games could not be loaded" />
      {games.isSuccess && upcoming.length === 0 && (
        <Text c="dimmed">No upcoming games. Create one to get started.</Text>
      )}
      <SimpleGrid component="section" aria-label={LIST_TEXTS.soonest} cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {upcoming.map((game) => (
          <Stack key={game.gameId} gap="xs">
            <GameCard game={toGameSummary(game)} />
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(game)}>
              Delete
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
      <OrganizerGameList now={now} onCancel={setDeleting} />
      <DeleteGameDialog
        game={deleting}
        now={now}
        onClose={() => setDeleting(undefined)}
        onCancelRest={(game) => {
          setDeleting(undefined);
          setCancellingRest(game);
        }}
      />
      <CancelRestDialog game={cancellingRest} now={now} onClose={() => setCancellingRest(undefined)} />
    </>
  );
}

/** 'Delete this game?': says whether the rental is refunded before the captain confirms. */
function DeleteGameDialog({
  game,
  now,
  onClose,
  onCancelRest,
}: {
  game: GameInList | undefined;
  now: Date;
  onClose: () => void;
  /** A week of a series: the captain may cancel it and every later week instead. */
  onCancelRest: (game: GameInList) => void;
}) {
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
            <b>{game.name}</b>
            {game.series ? ` (${seriesWeekLabel(game.series.week, game.series.weeks)})` : ''} will be cancelled and its
            slot given back to the field. {CANCEL_ENTRIES_TEXT}
          </Text>
          <Text fz="sm" fw={600}>
            {refundNotice(game, now)}
          </Text>
          <CallFailed call={deleteGame} title="The game was not deleted" />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              Keep the game
            </Button>
            {game.series && game.series.week < game.series.weeks && (
              <Button color="red" variant="outline" onClick={() => onCancelRest(game)}>
                Cancel the rest of the series
              </Button>
            )}
            <Button
              color="red"
              loading={deleteGame.isPending}
              onClick={() => deleteGame.mutate(game.gameId, { onSuccess: close })}
            >
              {game.series ? 'Delete this week' : 'Delete'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Issue #30: 'Cancel the rest of the series' in one confirmation: every week from this one on that is
 * still to play, each with the rental it gives back under the field's policy, and the total.
 */
function CancelRestDialog({ game, now, onClose }: { game: GameInList | undefined; now: Date; onClose: () => void }) {
  const small = useSmallScreen();
  const series = useSeriesGames(game?.series?.seriesId);
  const cancelSeries = useCancelSeries();
  const close = () => {
    cancelSeries.reset();
    onClose();
  };
  const weeks = game?.series ? restOfSeriesRefunds(series.data ?? [], game.series.week, now) : [];
  const total = weeks.reduce((sum, week) => sum + week.refundCents, 0);
  return (
    <Modal
      opened={game !== undefined}
      onClose={close}
      title="Cancel the rest of the series?"
      centered
      fullScreen={small}
    >
      {game?.series && (
        <Stack gap="sm">
          <Text fz="sm">
            These weeks of <b>{game.name}</b> will be cancelled and their slots given back. {CANCEL_ENTRIES_TEXT}
          </Text>
          {series.isPending && <Loader size="sm" role="progressbar" aria-label="Loading the weeks" />}
          <CallFailed call={series} title="The weeks could not be loaded" />
          {series.isSuccess && (
            <Table data-testid="series-refunds">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Week</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">Rental refunded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {weeks.map((week) => (
                  <Table.Tr key={week.gameId}>
                    <Table.Td>Week {week.week}</Table.Td>
                    <Table.Td>{dayjs(week.startDate).format('ddd D MMM, h:mm A')}</Table.Td>
                    <Table.Td ta="right">
                      {week.refundCents > 0 ? formatDollars(week.refundCents) : 'Not refunded'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {series.isSuccess && (
            <Text fz="sm" fw={600}>
              {formatDollars(total)} of the series' rental comes back. A week less than {game.cancellationWindowHours}{' '}
              hours away keeps the owner's rental.
            </Text>
          )}
          <CallFailed call={cancelSeries} title="The series was not cancelled" />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              Keep the series
            </Button>
            <Button
              color="red"
              disabled={!series.isSuccess || weeks.length === 0}
              loading={cancelSeries.isPending}
              onClick={() => cancelSeries.mutate(game.gameId, { onSuccess: close })}
            >
              Cancel {weeks.length} {weeks.length === 1 ? 'week' : 'weeks'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
