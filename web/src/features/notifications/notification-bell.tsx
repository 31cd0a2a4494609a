import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_UI_TEXTS as TEXTS, type NotificationItem } from '@playtime/shared/contract/notifications';
import { rooms } from '@playtime/shared/contract/rooms';
import { PoliteAnnouncement, useAnnouncedChanges } from '../../components/polite-announcement';
import { useLiveRoom } from '../../hooks/use-live-room';
import { useCurrentUser } from '../../lib/current-user';
import { notificationKeys, useMarkNotificationsRead, useNotifications } from './api/notifications';
import classes from './notification-bell.module.css';

/**
 * The header's bell (issue #31): the unread count, live through the user's own room, and the list
 * of what happened, newest first. Opening one marks it read and goes where it leads.
 */
export function NotificationBell() {
  const { data: user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  useLiveRoom(user ? rooms.user(user.userId) : null, [notificationKeys.list]);
  // The popover closes on Escape only while the focus is inside it; a list that changes live can take
  // the focused entry away, and Escape must still close the list.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });

  const pages = notifications.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;
  // Something new while the page is open is said politely, with its text: the newest first.
  const newest = items[0];
  // The first load announces nothing (a new scope): only what arrives while the page is open.
  const announcement = useAnnouncedChanges(
    newest,
    newest?.id ?? '',
    (before, after) =>
      after && after.readAt === null && after.id !== before?.id ? [after.text.replace(/\.$/, '')] : [],
    notifications.isPending ? 'loading' : 'loaded',
  );

  const open = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    setOpened(false);
    if (item.link) void navigate(item.link);
  };

  return (
    <>
      <PoliteAnnouncement message={announcement} />
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} trapFocus returnFocus shadow="md">
        <Popover.Target>
          {/* The count is drawn inside the button, whose name says it: a screen reader hears it once. */}
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((now) => !now)}
            aria-label={unread > 0 ? TEXTS.bellWithUnread(unread) : TEXTS.bell}
            aria-expanded={opened}
            aria-haspopup="dialog"
            className={classes.bell}
          >
            <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} color="red.8" offset={2}>
              <IconBell size={22} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-label={TEXTS.title} className={classes.dropdown}>
          <Group justify="space-between" px="md" py="sm" className={classes.heading}>
            <Text fw={700} component="h2" fz="md" m={0}>
              {TEXTS.title}
            </Text>
            {/* Never disabled under the focus: the keyboard's Escape must still find the list. */}
            <Button size="compact-sm" variant="subtle" onClick={() => unread > 0 && markRead.mutate({ all: true })}>
              {TEXTS.markAllRead}
            </Button>
          </Group>
          <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto" scrollbars="y">
            {items.length === 0 ? (
              <Text px="md" py="lg" fz="sm" c="dimmed">
                {notifications.isPending ? 'Loading...' : TEXTS.empty}
              </Text>
            ) : (
              <Stack gap={0} component="ul" className={classes.list}>
                {items.map((item) => (
                  <li key={item.id} className={classes.entry} data-unread={item.readAt === null || undefined}>
                    <UnstyledButton
                      className={classes.item}
                      data-unread={item.readAt === null || undefined}
                      onClick={() => open(item)}
                    >
                      <Text fz="sm" fw={item.readAt === null ? 600 : 400}>
                        {item.readAt === null && <span className={classes.visuallyHidden}>Unread: </span>}
                        {item.text}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {dayjs(item.createdAt).format('MMM D, h:mm A')}
                      </Text>
                    </UnstyledButton>
                    {/* Beside the button, never inside it: a link in a button is lost to the keyboard. */}
                    {item.mapUrl && (
                      <Anchor
                        href={item.mapUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        fz="sm"
                        className={classes.mapLink}
                      >
                        {TEXTS.mapLink}
                      </Anchor>
                    )}
                  </li>
                ))}
              </Stack>
            )}
            {notifications.hasNextPage && (
              <Group justify="center" p="sm">
                <Button
                  size="compact-sm"
                  variant="default"
                  loading={notifications.isFetchingNextPage}
                  onClick={() => void notifications.fetchNextPage()}
                >
                  {TEXTS.more}
                </Button>
              </Group>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
