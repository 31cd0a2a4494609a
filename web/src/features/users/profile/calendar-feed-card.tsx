import { Alert, Button, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendar, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { CALENDAR_TEXTS } from '@playtime/shared/contract/calendar';
import { errorMessage } from '../../../lib/notify';
import { useCalendarFeed, useRotateCalendarFeed } from '../api/calendar-feed';

/**
 * The profile's calendar feed (issue #31): the private address to subscribe to, copied with one
 * press, and a new one on request, after saying that the current one stops working.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? null;
  const makeNew = () =>
    rotate.mutate(undefined, {
      onSuccess: () => setConfirming(false),
    });

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendar size={20} aria-hidden />
          <Title order={2} fz="lg">
            {CALENDAR_TEXTS.feedTitle}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {CALENDAR_TEXTS.feedHelp}
        </Text>
        {feed.isPending ? (
          <Skeleton h={36} />
        ) : url ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="Feed address"
              value={url}
              readOnly
              variant="filled"
              style={{ flex: '1 1 240px', minWidth: 0 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? CALENDAR_TEXTS.copied : CALENDAR_TEXTS.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Group>
            <Button onClick={makeNew} loading={rotate.isPending} leftSection={<IconCalendar size={16} />}>
              {CALENDAR_TEXTS.makeFeed}
            </Button>
          </Group>
        )}
        {url && !confirming && (
          <Group>
            <Button variant="subtle" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
              {CALENDAR_TEXTS.rotateFeed}
            </Button>
          </Group>
        )}
        {confirming && (
          <Alert color="yellow" variant="light" title={CALENDAR_TEXTS.rotateFeed}>
            <Stack gap="sm">
              <Text fz="sm">{CALENDAR_TEXTS.rotateConfirm}</Text>
              <Group gap="xs">
                <Button color="red" onClick={makeNew} loading={rotate.isPending}>
                  {CALENDAR_TEXTS.rotateFeed}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {(feed.isError || rotate.isError) && (
          <Alert color="red" variant="light">
            {errorMessage(feed.error ?? rotate.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
