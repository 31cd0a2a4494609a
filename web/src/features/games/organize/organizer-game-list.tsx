import { seriesWeekLabel } from '@playtime/shared/contract/series';
import {
  ORGANIZER_GAME_LIST_PAGE_SIZE,
  ORGANIZER_GAME_LIST_TEXTS as TEXTS,
  type OrganizerGameListEntry,
  type OrganizerGameListWhen,
} from '@playtime/shared/contract/organizer-games';
import { gameHasEnded } from '@playtime/shared/domain/games/rules';
import { Anchor, Badge, Button, Group, Pagination, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { playersLabel } from '../../../utils/game-timing';
import { useOrganizerGameList, type GameInList } from '../api/organize';
import classes from './organizer-game-list.module.css';
import { LoadFailed } from '../../../components/load-failed';
import { Loading } from '../../../components/loading';

const WHEN_OPTIONS = [
  { value: 'upcoming', label: TEXTS.upcoming },
  { value: 'past', label: TEXTS.past },
];

/**
 * Issue #41: every game and series of the organizer, upcoming or past, a page at a time; a series with
 * its weeks under it. Cancelling opens the page's confirmation (`onCancel`), as the soonest four do.
 */
export function OrganizerGameList({ now, onCancel }: { now: Date; onCancel: (game: GameInList) => void }) {
  const titleId = useId();
  const [when, setWhen] = useState<OrganizerGameListWhen>('upcoming');
  const [page, setPage] = useState(1);
  const list = useOrganizerGameList(when, page - 1);
  const pages = Math.ceil((list.data?.total ?? 0) / ORGANIZER_GAME_LIST_PAGE_SIZE);
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md" mt="xl">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3" id={titleId}>
          {TEXTS.title}
        </Title>
        <SegmentedControl
          aria-label={TEXTS.title}
          data={WHEN_OPTIONS}
          value={when}
          onChange={(value) => {
            setWhen(value as OrganizerGameListWhen);
            setPage(1);
          }}
        />
      </Group>
      {list.isPending && <Loading label="Loading your games" />}
      <LoadFailed query={list} title="Your games could not be loaded" />
      {list.isSuccess && list.data.entries.length === 0 && (
        <Text c="dimmed">{when === 'upcoming' ? TEXTS.noUpcoming : TEXTS.noPast}</Text>
      )}
      {list.data && list.data.entries.length > 0 && (
        <Stack component="ul" gap="sm" className={classes.list}>
          {list.data.entries.map((entry) => (
            <li key={entryKey(entry)}>
              {entry.kind === 'game' ? (
                <Paper withBorder p="sm">
                  <GameRow game={entry.game} title={entry.game.name} now={now} onCancel={onCancel} />
                </Paper>
              ) : (
                <Paper withBorder p="sm">
                  <Group gap="xs" mb="xs">
                    <Title order={3} fz="md">
                      {entry.name}
                    </Title>
                    <Badge variant="light">{TEXTS.weeklySeries(entry.weeks.length)}</Badge>
                  </Group>
                  <Stack component="ul" gap={0} className={classes.list} aria-label={`Weeks of ${entry.name}`}>
                    {entry.weeks.map((week) => (
                      <li key={week.gameId} className={classes.week}>
                        <GameRow
                          game={week}
                          title={week.series ? seriesWeekLabel(week.series.week, week.series.weeks) : week.name}
                          now={now}
                          onCancel={onCancel}
                        />
                      </li>
                    ))}
                  </Stack>
                </Paper>
              )}
            </li>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={TEXTS.pages}>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}

const entryKey = (entry: OrganizerGameListEntry) => (entry.kind === 'game' ? entry.game.gameId : entry.seriesId);

/** A game or a week: its page, when and where, who is in, and Cancel while it is still to play. */
function GameRow({
  game,
  title,
  now,
  onCancel,
}: {
  game: GameInList;
  title: string;
  now: Date;
  onCancel: (game: GameInList) => void;
}) {
  const ended = gameHasEnded(now.getTime(), Date.parse(game.endDate));
  const when = dayjs(game.startDate).format('ddd D MMM YYYY, h:mm A');
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" py={4}>
      <Stack gap={0} className={classes.details}>
        <Anchor component={Link} to={`/game-details/${game.gameId}`} fw={600}>
          {title}
        </Anchor>
        <Text fz="sm">
          {when} · {game.field} · {game.subfield}
        </Text>
        <Text fz="sm" c="dimmed">
          {playersLabel(game.playerCount, game.maxPlayers, game.sidelineCount)}
        </Text>
      </Stack>
      {game.status === 'cancelled' ? (
        <Badge color="red" variant="light">
          {TEXTS.cancelled}
        </Badge>
      ) : ended ? (
        <Badge color="gray" variant="light">
          {TEXTS.ended}
        </Badge>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          aria-label={`${TEXTS.cancel} ${game.name}, ${when}`}
          onClick={() => onCancel(game)}
        >
          {TEXTS.cancel}
        </Button>
      )}
    </Group>
  );
}
