import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { useAddRegular, useRemoveRegular, type LoadedGame } from '../api/play';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * Issue #30: when a series week opens, and to whom: nobody before last week's game ends, its regulars
 * (last week's team players) for the captain's window, then everyone.
 */
export function regularsNotice(game: Pick<LoadedGame, 'series'>, now: number): string | null {
  const series = game.series;
  if (!series?.regularsFrom || !series.publicFrom) return null;
  const publicFrom = dayjs(series.publicFrom).format('ddd D MMM, h:mm A');
  if (now < Date.parse(series.regularsFrom))
    return `This week opens when last week's game ends: its players join first, then everyone from ${publicFrom}.`;
  if (now < Date.parse(series.publicFrom))
    return `Last week's players join first: this week opens to everyone on ${publicFrom}.`;
  return null;
}

/** The Manage area's regulars of a series week: the organizer removes one, or adds a player by username. */
export function SeriesRegulars({ game }: { game: LoadedGame }) {
  const add = useAddRegular(game.gameId);
  const remove = useRemoveRegular(game.gameId);
  const [username, setUsername] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const regulars = game.series?.regulars ?? [];
  return (
    <Card padding="lg" component="section" aria-labelledby="regulars-title">
      <Title order={2} fz="lg" id="regulars-title">
        Regulars
      </Title>
      <Text fz="sm" c="dimmed">
        Last week&apos;s team players join this week first. Add or remove anyone.
      </Text>
      <Stack gap="xs" mt="sm">
        {regulars.length === 0 && <Text fz="sm">No regulars yet.</Text>}
        {regulars.map((regular) => (
          <Group key={regular.userId} justify="space-between" wrap="nowrap">
            <Text fw={500} id={`regular-${regular.userId}`}>
              {regular.username}
            </Text>
            <Button
              variant="light"
              color="red"
              loading={remove.isPending && remove.variables === regular.userId}
              disabled={remove.isPending}
              aria-describedby={`regular-${regular.userId}`}
              onClick={() => {
                setFailure(null);
                remove.mutate(regular.userId, { onError: (error) => setFailure(errorMessage(error)) });
              }}
            >
              Remove
            </Button>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setFailure(null);
            add.mutate(username.trim(), {
              onSuccess: () => setUsername(''),
              onError: (error) => setFailure(errorMessage(error)),
            });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Add a regular"
              placeholder="Username"
              value={username}
              maxLength={100}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <Button type="submit" variant="light" loading={add.isPending} disabled={username.trim() === ''}>
              Add
            </Button>
          </Group>
        </form>
        <FailureAlert failure={failure} />
      </Stack>
    </Card>
  );
}
