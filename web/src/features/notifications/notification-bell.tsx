import { useWindowEvent } from '@mantine/hooks';
import { lazy, startTransition, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@playtime/shared/contract/notification-texts';
import { rooms } from '@playtime/shared/contract/rooms';
import { PoliteAnnouncement, useAnnouncedChanges } from '../../components/polite-announcement';
import { useLiveRoom } from '../../hooks/use-live-room';
import { useCurrentUser } from '../../lib/current-user';
import { notificationKeys, useMarkNotificationsRead, useNotifications } from './api/notifications';
import { BellButton } from './bell-button';

const loadList = () => import('./notification-list');
const NotificationList = lazy(() => loadList().then((module) => ({ default: module.NotificationList })));
/** Pointing at the bell or focusing it fetches the list's code, so it is there by the time the bell is opened. */
const preloadList = () => void loadList().catch(() => undefined);

/**
 * What else the bell counts beside notifications, as the app composes it (issue #46: each game chat's
 * unread messages): its lines lead where they say; they are read where they lead, not in the bell.
 */
export interface BellExtras {
  unread: number;
  entries: Array<{ key: string; text: string; link: string }>;
}

/**
 * The header's bell (issue #31): the unread count, live through the user's own room, and the list
 * of what happened, newest first. Opening one marks it read and goes where it leads.
 */
export function NotificationBell({ extras }: { extras?: BellExtras | undefined } = {}) {
  const { data: user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  // Whether the list has been asked for: its code loads then, and it stays mounted after.
  const [listWanted, setListWanted] = useState(false);
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
  const unread = (pages[0]?.unread ?? 0) + (extras?.unread ?? 0);
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

  const follow = (link: string) => {
    setOpened(false);
    void navigate(link);
  };

  const bell = {
    unread,
    opened,
    onClick: () => {
      setOpened((now) => !now);
      // A transition: the bell stays as it is, focus and all, until the list's code is there.
      startTransition(() => setListWanted(true));
    },
    onMouseEnter: preloadList,
    onFocus: preloadList,
    onTouchStart: preloadList,
  };

  return (
    <>
      <PoliteAnnouncement message={announcement} />
      {/* The list's popover (and the positioning and focus code it brings, about 30 KB gzipped) loads when the
          bell is first opened: until then the bell is the button alone. The boundary is always there, so
          the transition above keeps showing the bell instead of a fallback while the code loads. */}
      <Suspense fallback={<BellButton {...bell} />}>
        {listWanted ? (
          <NotificationList
            opened={opened}
            onChange={setOpened}
            bell={bell}
            items={items}
            unread={unread}
            loading={notifications.isPending}
            hasMore={notifications.hasNextPage}
            loadingMore={notifications.isFetchingNextPage}
            onMore={() => void notifications.fetchNextPage()}
            onMarkAllRead={() => unread > 0 && markRead.mutate({ all: true })}
            onOpen={open}
            extras={extras?.entries ?? []}
            onFollow={follow}
          />
        ) : (
          <BellButton {...bell} />
        )}
      </Suspense>
    </>
  );
}
