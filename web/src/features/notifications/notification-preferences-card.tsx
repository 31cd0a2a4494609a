import { Card, Checkbox, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import {
  NOTIFICATION_AUDIENCE_TITLES,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_UI_TEXTS as TEXTS,
  type NotificationAudience,
  type NotificationPreference,
} from '@playtime/shared/contract/notification-texts';
import { PUSH_UI_TEXTS } from '@playtime/shared/contract/push-texts';
import { errorMessage } from '../../lib/notify';
import type { Role } from '../../lib/current-user';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api/notifications';
import { PushOnThisDevice } from './push-on-this-device';

/** Which groups of kinds a role hears of: everyone plays; captains organize; owners own fields. */
const AUDIENCES_OF: Record<Role, NotificationAudience[]> = {
  player: ['player', 'partner'],
  captain: ['player', 'captain', 'partner'],
  'field owner': ['player', 'owner', 'partner'],
  admin: ['player', 'captain', 'owner', 'partner', 'admin'],
};

/**
 * The ways a notification reaches the user, a column each; narrow, so at phone width the kinds' labels
 * keep most of the row.
 */
const CHANNELS: Array<{ key: 'inApp' | 'email' | 'push'; title: string; width: number }> = [
  { key: 'inApp', title: TEXTS.inApp, width: 76 },
  { key: 'email', title: TEXTS.email, width: 56 },
  { key: 'push', title: PUSH_UI_TEXTS.column, width: 52 },
];

/**
 * The profile's notification preferences (issue #31): for each kind the user can hear of, whether it
 * shows in the bell, whether it comes by email and whether it is pushed to the user's devices (issue #46,
 * with the switch that subscribes this one). Each switch saves at once.
 */
export function NotificationPreferencesCard({ role }: { role: Role }) {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const audiences = AUDIENCES_OF[role] ?? ['player'];
  const change = (preference: NotificationPreference) => save.mutate([preference]);

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            <IconBell size={20} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            {TEXTS.preferencesTitle}
          </Title>
          <Text fz="sm" c="dimmed">
            {TEXTS.preferencesHelp}
          </Text>
        </Stack>
        {save.isError && (
          <Text fz="sm" c="red.8" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
        {preferences.isPending ? (
          <Skeleton h={160} />
        ) : (
          audiences.map((audience) => {
            const rows = (preferences.data?.preferences ?? []).filter(
              (preference) => NOTIFICATION_KIND_LABELS[preference.kind].audience === audience,
            );
            return (
              <Table key={audience} verticalSpacing={6} layout="fixed">
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                  <Text fw={600} fz="sm" c="dark">
                    {NOTIFICATION_AUDIENCE_TITLES[audience]}
                  </Text>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Notification</Table.Th>
                    {CHANNELS.map((channel) => (
                      <Table.Th key={channel.key} w={channel.width}>
                        {channel.title}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((preference) => {
                    const label = NOTIFICATION_KIND_LABELS[preference.kind].label;
                    return (
                      <Table.Tr key={preference.kind}>
                        <Table.Td fz="sm">{label}</Table.Td>
                        {CHANNELS.map((channel) => (
                          <Table.Td key={channel.key}>
                            <Checkbox
                              aria-label={`${label}: ${channel.title}`}
                              checked={preference[channel.key]}
                              onChange={(event) =>
                                change({ ...preference, [channel.key]: event.currentTarget.checked })
                              }
                            />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            );
          })
        )}
        <PushOnThisDevice />
      </Stack>
    </Card>
  );
}
