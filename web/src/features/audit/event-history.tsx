import { Alert, Badge, Button, Code, Drawer, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { EVENT_PAGE_DEFAULT, STREAM_KINDS, type HistoryEvent } from '@playtime/shared/contract/audit';
import { EVENT_TYPES } from '@playtime/shared/domain/event-registry';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/notify';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { useEventHistory } from './api/events';
import { AsOfPanel } from '../../components/as-of-panel/as-of-panel';
import { HistoryTable } from './history-rows';
import { useLiveTail } from './use-live-tail';

/** The filters that live in the address, so an admin can share the view they are looking at. */
const FILTERS = ['type', 'kind', 'actor', 'correlation', 'from', 'to', 'q', 'stream'] as const;

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The admin's 'Event History' tab: every event of the log, newest first, a page at a time, with its
 * filters in the address and a drawer with the event's data; new events come in live unless paused.
 */
export function EventHistory() {
  const [params, setParams] = useSearchParams();
  const [live, setLive] = useState(true);
  const [opened, setOpened] = useState<HistoryEvent | null>(null);
  const [text, setText] = useState(params.get('q') ?? '');
  const [debouncedText] = useDebouncedValue(text, 300);
  // The address keeps the local date and time as typed; the server gets the instant it means.
  const valueOf = (name: (typeof FILTERS)[number]) => {
    if (name === 'q') return debouncedText || undefined;
    const value = params.get(name) || undefined;
    return value && (name === 'from' || name === 'to') && !Number.isNaN(Date.parse(value))
      ? new Date(value).toISOString()
      : value;
  };
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, valueOf(name)]).filter(([, value]) => value),
  ) as Record<string, string>;
  const history = useEventHistory(filters);

  const setFilter = (name: (typeof FILTERS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const loaded = history.data?.pages.flatMap((page) => page.events) ?? [];
  // New events arrive on top in batches; the pages below are what was loaded (and older pages).
  const tail = useLiveTail(
    filters,
    live && history.isSuccess,
    loaded[0]?.position ?? (history.isSuccess ? 0 : undefined),
    () => void history.refetch(),
  );
  // A restart's fresh first page may already hold some of the tail.
  const above = loaded[0]?.position ?? 0;
  const events = tail.length ? [...tail.filter((event) => event.position > above), ...loaded] : loaded;
  const small = useSmallScreen();
  // A filtered page looks through a window of the log: rare events take several windows to fill a page.
  const searching = history.hasNextPage && loaded.length < EVENT_PAGE_DEFAULT && !history.isError;
  const lastNext = history.data?.pages.at(-1)?.next;
  useEffect(() => {
    if (searching && !history.isFetchingNextPage) void history.fetchNextPage();
  }, [searching, history.isFetchingNextPage, lastNext]);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label="Event types"
          data={[...EVENT_TYPES].sort()}
          value={params.get('type')?.split(',').filter(Boolean) ?? []}
          onChange={(types) => setFilter('type', types.join(','))}
          searchable
          clearable
          w={260}
        />
        <Select
          label="About"
          data={[...STREAM_KINDS]}
          value={params.get('kind')}
          onChange={(kind) => setFilter('kind', kind)}
          clearable
          w={140}
        />
        <TextInput
          label="Actor (user id)"
          value={params.get('actor') ?? ''}
          onChange={(event) => setFilter('actor', event.currentTarget.value)}
          w={200}
        />
        <TextInput
          label="From"
          type="datetime-local"
          value={params.get('from') ?? ''}
          onChange={(event) => setFilter('from', event.currentTarget.value)}
        />
        <TextInput
          label="To"
          type="datetime-local"
          value={params.get('to') ?? ''}
          onChange={(event) => setFilter('to', event.currentTarget.value)}
        />
        <TextInput
          label="Text"
          placeholder="Search inside events"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setFilter('q', event.currentTarget.value);
          }}
          w={200}
        />
        <Button
          variant={live ? 'light' : 'filled'}
          leftSection={live ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={() => setLive(!live)}
        >
          {live ? 'Pause' : 'Resume'}
        </Button>
      </Group>
      {(params.get('stream') || params.get('correlation')) && (
        <Group gap="xs">
          {params.get('stream') && <Badge variant="light">Stream {params.get('stream')}</Badge>}
          {params.get('correlation') && <Badge variant="light">Correlation {params.get('correlation')}</Badge>}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => (setFilter('stream', null), setFilter('correlation', null))}
          >
            Clear
          </Button>
        </Group>
      )}
      {history.isError && <Alert color="red">Error fetching data: {errorMessage(history.error)}</Alert>}
      <HistoryTable
        events={events}
        small={small}
        onOpen={setOpened}
        placeholder={
          history.isPending ? (
            'Loading...'
          ) : history.isSuccess && events.length === 0 && !searching ? (
            <Text c="dimmed">No events match these filters.</Text>
          ) : null
        }
      />
      {searching && lastNext ? (
        <Text fz="sm" c="dimmed">
          Searching older events (back to #{lastNext})...
        </Text>
      ) : (
        history.hasNextPage && (
          <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Older events
          </Button>
        )
      )}
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        position="right"
        title={opened ? `${opened.type} #${opened.position}` : ''}
        size="lg"
      >
        {opened && (
          <Stack gap="sm">
            <Text>{opened.summary}</Text>
            <Text fz="sm" c="dimmed">
              {when(opened.time)} · stream {opened.stream} · schema version {opened.version}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => (setFilter('stream', opened.stream), setOpened(null))}>
                This stream's events
              </Button>
              {opened.metadata.correlationId && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => (setFilter('correlation', opened.metadata.correlationId), setOpened(null))}
                >
                  Same command and its consequences
                </Button>
              )}
            </Group>
            <Text fw={600}>As it stood</Text>
            <AsOfPanel key={opened.position} stream={opened.stream} time={opened.time} />
            <Text fw={600}>Data</Text>
            <Code block>{JSON.stringify(opened.data, null, 2)}</Code>
            <Text fw={600}>Metadata</Text>
            <Code block>{JSON.stringify(opened.metadata, null, 2)}</Code>
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}
