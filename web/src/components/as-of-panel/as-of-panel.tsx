import { Alert, Button, Code, Group, Slider, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerTrackNext, IconPlayerTrackPrev } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/notify';
import { useAsOf } from './use-as-of';

/** `YYYY-MM-DDTHH:mm:ss` in the browser's zone, as a datetime-local input holds it. */
const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};

interface GamePlayer {
  playerId: string;
  username: string;
  team: 0 | 1 | 2;
  playTime: number;
}
const TEAM_NAMES = ['Sideline', 'Team 1', 'Team 2'] as const;

/** A game's roster then, by team, with play time in minutes; any other aggregate as its data. */
function StateView({ kind, state }: { kind: string; state: unknown }) {
  const game = state as { status?: string; participants?: GamePlayer[] } | null;
  if (kind === 'game' && game?.participants) {
    return (
      <Stack gap={4}>
        <Text fz="sm">Status: {game.status}</Text>
        {([1, 2, 0] as const).map((team) => (
          <Text key={team} fz="sm">
            <b>{TEAM_NAMES[team]}:</b>{' '}
            {game
              .participants!.filter((player) => player.team === team)
              .map((player) => `${player.username} (${Math.round(player.playTime / 60)} min)`)
              .join(', ') || '—'}
          </Text>
        ))}
      </Stack>
    );
  }
  // Before its first event a stream's state is only a marker ({status: 'none'}): say so in words.
  const marker = state as { status?: string } | null;
  if (marker && Object.keys(marker).length === 1 && (marker.status === 'none' || marker.status === 'unknown')) {
    return <Text fz="sm">Nothing yet: this did not exist at that time.</Text>;
  }
  return <Code block>{JSON.stringify(state, null, 2)}</Code>;
}

/**
 * Time travel: a stream as it stood at a moment (`time` to begin with), with a date-time input, a
 * slider over the stream's life and steps to the event before and after (a step-by-step replay).
 */
export function AsOfPanel({ stream, time }: { stream: string; time: string }) {
  const [at, setAt] = useState(time);
  // Dragging moves the label only; the moment is read when the slider is let go.
  const [sliding, setSliding] = useState<number | null>(null);
  const asOf = useAsOf(stream, at);
  const answer = asOf.data;
  const previous = answer?.before.at(-2);
  const next = answer?.after[0];
  /** A step button's move to the event before or after, disabled where there is none. */
  const stepTo = (event: { time: string } | undefined) => ({
    disabled: !event,
    onClick: () => event && setAt(event.time),
  });
  return (
    <Stack gap="xs" data-testid="as-of">
      <TextInput
        label="As of"
        type="datetime-local"
        step={1}
        value={localInput(at)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (value && !Number.isNaN(Date.parse(value))) setAt(new Date(value).toISOString());
        }}
      />
      {answer && Date.parse(answer.lastTime) > Date.parse(answer.firstTime) && (
        <Slider
          thumbLabel="Time"
          min={Date.parse(answer.firstTime) - 1000}
          max={Math.max(Date.now(), Date.parse(answer.lastTime))}
          step={1000}
          value={
            sliding ??
            Math.min(
              Math.max(Date.parse(at), Date.parse(answer.firstTime) - 1000),
              Math.max(Date.now(), Date.parse(answer.lastTime)),
            )
          }
          onChange={setSliding}
          onChangeEnd={(value) => {
            setSliding(null);
            setAt(new Date(value).toISOString());
          }}
          label={null}
          mb="xs"
        />
      )}
      {answer && Date.parse(answer.lastTime) > Date.parse(answer.firstTime) && (
        // The moment being dragged to, as a line of its own: a tooltip over the thumb was cut off at
        // the drawer's edges.
        <Text fz="sm">{sliding === null ? '\u00a0' : `Moving to ${new Date(sliding).toLocaleString()}`}</Text>
      )}
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconPlayerTrackPrev size={14} />} {...stepTo(previous)}>
          Step back
        </Button>
        <Button size="xs" variant="default" rightSection={<IconPlayerTrackNext size={14} />} {...stepTo(next)}>
          Step forward
        </Button>
      </Group>
      {asOf.isError && <Alert color="red">Error fetching data: {errorMessage(asOf.error)}</Alert>}
      {answer && (
        <>
          <Text fz="sm" c="dimmed">
            After {answer.events} event{answer.events === 1 ? '' : 's'}
            {answer.before.at(-1) ? `, the last ${answer.before.at(-1)!.type}` : ''}
            {next ? `; next ${next.type}` : ''}
          </Text>
          <StateView kind={answer.kind} state={answer.state} />
        </>
      )}
    </Stack>
  );
}
