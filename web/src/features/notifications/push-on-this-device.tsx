import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconDeviceMobileMessage } from '@tabler/icons-react';
import { PUSH_MESSAGES, PUSH_UI_TEXTS as TEXTS } from '@playtime/shared/contract/push-texts';
import { errorMessage } from '../../lib/notify';
import { PushUnavailable, pushSupported, useTurnOnPush } from './api/push';

/**
 * The profile's switch for push on this device (issue #46): asks the browser's permission and subscribes
 * it; a browser without push says so instead of offering a button that cannot work.
 */
export function PushOnThisDevice() {
  const turnOn = useTurnOnPush();
  if (!pushSupported())
    return (
      <Text fz="sm" c="dimmed">
        {PUSH_MESSAGES.unsupported}
      </Text>
    );
  return (
    <Stack gap={6} align="flex-start">
      <Text fz="sm" c="dimmed">
        {TEXTS.help} {TEXTS.quietHours}
      </Text>
      <Button
        variant="light"
        leftSection={<IconDeviceMobileMessage size={18} aria-hidden />}
        loading={turnOn.isPending}
        onClick={() => turnOn.mutate()}
      >
        {TEXTS.turnOn}
      </Button>
      <div aria-live="polite">
        {turnOn.isSuccess && (
          // The body's colour: Mantine's green.9 on white is 4.36:1, under the 4.5:1 text needs.
          <Group gap={6} wrap="nowrap">
            <IconCheck size={16} color="var(--mantine-color-green-9)" aria-hidden />
            <Text fz="sm" fw={500}>
              {TEXTS.on}
            </Text>
          </Group>
        )}
        {turnOn.isError && (
          <Text fz="sm" c="red.8" role="alert">
            {turnOn.error instanceof PushUnavailable
              ? turnOn.error.message
              : errorMessage(turnOn.error) || TEXTS.failed}
          </Text>
        )}
      </div>
    </Stack>
  );
}
