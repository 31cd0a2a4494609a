import { ActionIcon, Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { CHAT_TEXTS, CHAT_TEXT_MAX_LENGTH, type GameMessage } from '@playtime/shared/contract/chat-texts';
import { rooms } from '@playtime/shared/contract/rooms';
import { IconPinned, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FailureAlert } from '../../components/failure-alert';
import { Loading } from '../../components/loading';
import { useLiveRoom } from '../../hooks/use-live-room';
import { errorMessage } from '../../lib/notify';
import { chatKeys, useDeleteGameMessage, useGameMessages, useMarkChatRead, useSendGameMessage } from './api/chat';
import type { GameChatProps } from './game-chat-props';

const sentAtLabel = (sentAt: string) => dayjs(sentAt).format('ddd MMM D, h:mm A');

/** How close to the bottom (px) still counts as reading the newest: a new message then scrolls into view. */
const AT_BOTTOM_SLACK = 48;

function MessageText({ message }: { message: GameMessage }) {
  if (message.deleted)
    return (
      <Text fz="sm" fs="italic" c="dimmed">
        {CHAT_TEXTS.deleted}
      </Text>
    );
  // A text node, never HTML: what was typed is shown as typed, line breaks kept.
  return (
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {message.text}
    </Text>
  );
}

function MessageRow({
  message,
  mayDelete,
  onDelete,
  deleting,
}: {
  message: GameMessage;
  mayDelete: boolean;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <li data-testid="chat-message" data-message-id={message.messageId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fz="sm" fw={700}>
              {message.username}
            </Text>
            <Text fz="xs" c="dimmed" component="time" dateTime={message.sentAt}>
              {sentAtLabel(message.sentAt)}
            </Text>
            {message.announcement && !message.deleted && (
              <Text fz="xs" fw={600} c="blue.9">
                {CHAT_TEXTS.pinned}
              </Text>
            )}
          </Group>
          <MessageText message={message} />
        </div>
        {mayDelete && !message.deleted && (
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            loading={deleting}
            aria-label={`${CHAT_TEXTS.delete} from ${message.username}, ${sentAtLabel(message.sentAt)}`}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </li>
  );
}

/**
 * A game's chat (issue #46): the pinned announcement, the messages with the newest at the bottom
 * (earlier pages load when the top is scrolled into view, or with the button), and the box to write.
 * Live through the chat's room, which the server lets only its readers follow.
 */
export function GameChat({ gameId, userId, canWrite, moderates }: GameChatProps) {
  const messages = useGameMessages(gameId);
  const send = useSendGameMessage(gameId);
  const remove = useDeleteGameMessage(gameId);
  const markRead = useMarkChatRead(gameId);
  useLiveRoom(rooms.chat(gameId), [chatKeys.messages(gameId)]);
  const [text, setText] = useState('');
  const [announcement, setAnnouncement] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const { ref: topRef, entry: top } = useIntersection({ threshold: 0.1 });

  const pages = messages.data?.pages ?? [];
  // Pages come newest first, each oldest first: the earliest page goes on top.
  const items = [...pages].reverse().flatMap((page) => page.items);
  const pinned = pages[0]?.pinned ?? null;
  const newestId = items.at(-1)?.messageId ?? null;
  const oldestId = items[0]?.messageId ?? null;

  // Earlier messages load when the top of the list comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;
  useEffect(() => {
    if (top?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [top?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Where the list stood before it changed: a page added on top keeps what was on screen in place; a new
  // message at the bottom scrolls into view when the reader was at the bottom.
  const before = useRef<{ oldestId: string | null; newestId: string | null; height: number; atBottom: boolean }>({
    oldestId: null,
    newestId: null,
    height: 0,
    atBottom: true,
  });
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const was = before.current;
    if (was.oldestId !== null && oldestId !== was.oldestId && newestId === was.newestId) {
      element.scrollTop += element.scrollHeight - was.height;
    } else if (newestId !== was.newestId && (was.atBottom || was.newestId === null)) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { oldestId, newestId, height: element.scrollHeight, atBottom: true };
  }, [oldestId, newestId]);
  const rememberScroll = () => {
    const element = log.current;
    if (!element) return;
    before.current.height = element.scrollHeight;
    before.current.atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_SLACK;
  };

  // Seen: the newest message shown is read (the unread counts on the cards and in the header go down).
  const { mutate: markSeen } = markRead;
  useEffect(() => {
    if (newestId) markSeen();
  }, [newestId, markSeen]);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    setFailure(null);
    if (text.trim() === '') return setFailure(CHAT_TEXTS.emptyText);
    send.mutate(
      { text, announcement: moderates && announcement },
      {
        onSuccess: () => {
          setText('');
          setAnnouncement(false);
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };
  const deleteMessage = (messageId: string) => {
    setFailure(null);
    remove.mutate(messageId, { onError: (error) => setFailure(errorMessage(error)) });
  };

  return (
    <Card padding="lg" component="section" aria-labelledby="game-chat-title" id="chat">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="game-chat-title">
          {CHAT_TEXTS.title}
        </Title>
        {pinned && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconPinned size={18} aria-hidden />}
            title={`${CHAT_TEXTS.pinned} · ${pinned.username}`}
            data-testid="chat-pinned"
            // Pinned, not urgent: an alert role would interrupt a screen reader at every refetch.
            role="note"
          >
            <MessageText message={pinned} />
          </Alert>
        )}
        {messages.isPending ? (
          <Loading label="Loading the chat" py="md" />
        ) : messages.isError ? (
          <FailureAlert failure={errorMessage(messages.error)} />
        ) : (
          <div
            ref={log}
            role="log"
            aria-label="Chat messages"
            // Scrollable, so it takes the focus: arrow keys then scroll it without a mouse.
            tabIndex={0}
            onScroll={rememberScroll}
            data-testid="chat-log"
            style={{ maxHeight: 360, overflowY: 'auto', paddingRight: 4 }}
          >
            {hasNextPage && (
              <Group justify="center" ref={topRef}>
                <Button variant="subtle" size="xs" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
                  {CHAT_TEXTS.earlier}
                </Button>
              </Group>
            )}
            {items.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {CHAT_TEXTS.empty}
              </Text>
            ) : (
              <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((message) => (
                  <MessageRow
                    key={message.messageId}
                    message={message}
                    mayDelete={moderates || message.userId === userId}
                    onDelete={() => deleteMessage(message.messageId)}
                    deleting={remove.isPending && remove.variables === message.messageId}
                  />
                ))}
              </Stack>
            )}
          </div>
        )}
        {canWrite ? (
          <form onSubmit={submit}>
            <Stack gap="xs">
              <Textarea
                label="Message"
                placeholder={CHAT_TEXTS.placeholder}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                onKeyDown={(event) => {
                  // Enter sends; Shift+Enter starts a new line.
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
                }}
                autosize
                minRows={1}
                maxRows={5}
                description={`${[...text].length}/${CHAT_TEXT_MAX_LENGTH}`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <Group justify="space-between" wrap="wrap" gap="xs">
                {moderates ? (
                  <Checkbox
                    label={CHAT_TEXTS.asAnnouncement}
                    checked={announcement}
                    onChange={(event) => setAnnouncement(event.currentTarget.checked)}
                  />
                ) : (
                  <span />
                )}
                <Button type="submit" loading={send.isPending}>
                  {CHAT_TEXTS.send}
                </Button>
              </Group>
              <FailureAlert failure={failure} />
            </Stack>
          </form>
        ) : (
          <Text c="dimmed" fz="sm">
            {CHAT_TEXTS.readOnly}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
