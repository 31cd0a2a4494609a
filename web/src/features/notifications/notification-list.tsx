import { Anchor, Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_UI_TEXTS as TEXTS } from '@playtime/shared/contract/notification-inbox';
import type { NotificationItem } from '@playtime/shared/contract/notification-texts';
import { BellButton, type BellButtonProps } from './bell-button';
import classes from './notification-bell.module.css';

interface NotificationListProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The bell as the header shows it; the popover opens below it. */
  bell: BellButtonProps;
  items: NotificationItem[];
  unread: number;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onMarkAllRead: () => void;
  onOpen: (item: NotificationItem) => void;
  /** Lines the app adds above the notifications (BellExtras' entries), and where each leads. */
  extras: Array<{ key: string; text: string; link: string }>;
  onFollow: (link: string) => void;
}

/**
 * The bell's list of what happened, newest first, in a popover under the bell. Loaded when the bell is
 * first opened: it takes the bell's place, so it focuses its own bell first and opens one render later
 * (the popover notes the control that had the focus as it opens, to give the focus back on close).
 */
export function NotificationList({ opened, onChange, bell, items, unread, loading, ...list }: NotificationListProps) {
  const bellRef = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    bellRef.current?.focus();
    setMounted(true);
  }, []);

  return (
    <Popover
      opened={opened && mounted}
      onChange={onChange}
      position="bottom-end"
      width={360}
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        <BellButton ref={bellRef} {...bell} opened={opened && mounted} unread={unread} />
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label={TEXTS.title} className={classes.dropdown}>
        <Group justify="space-between" px="md" py="sm" className={classes.heading}>
          <Text fw={700} component="h2" fz="md" m={0}>
            {TEXTS.title}
          </Text>
          {/* Never disabled under the focus: the keyboard's Escape must still find the list. */}
          <Button size="compact-sm" variant="subtle" onClick={list.onMarkAllRead}>
            {TEXTS.markAllRead}
          </Button>
        </Group>
        <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto" scrollbars="y">
          {list.extras.length > 0 && (
            <Stack gap={0} component="ul" className={classes.list} data-testid="bell-extras">
              {list.extras.map((extra) => (
                <li key={extra.key} className={classes.entry} data-unread>
                  <UnstyledButton className={classes.item} data-unread onClick={() => list.onFollow(extra.link)}>
                    <Text fz="sm" fw={600}>
                      {extra.text}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
          {items.length === 0 ? (
            <Text px="md" py="lg" fz="sm" c="dimmed">
              {loading ? 'Loading...' : TEXTS.empty}
            </Text>
          ) : (
            <Stack gap={0} component="ul" className={classes.list}>
              {items.map((item) => (
                <li key={item.id} className={classes.entry} data-unread={item.readAt === null || undefined}>
                  <UnstyledButton
                    className={classes.item}
                    data-unread={item.readAt === null || undefined}
                    onClick={() => list.onOpen(item)}
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
          {list.hasMore && (
            <Group justify="center" p="sm">
              <Button size="compact-sm" variant="default" loading={list.loadingMore} onClick={list.onMore}>
                {TEXTS.more}
              </Button>
            </Group>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
