import { Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { CHAT_TEXTS, CHAT_TEXT_MAX_LENGTH } from '@playtime/shared/contract/chat-texts';
import { rooms } from '@playtime/shared/contract/rooms';
import { IconPinned } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FailureAlert } from '../../components/failure-alert';
import { Loading } from '../../components/loading';
import { useLiveRoom } from '../../hooks/use-live-room';
import { errorMessage } from '../../lib/notify';
import { chatKeys, useDeleteGameMessage, useGameMessages, useMarkChatRead, useSendGameMessage } from './api/chat';
import type { GameChatProps } from './game-chat-props';
import { MessageRow, MessageText } from './message-row';
import { useChatScroll } from './use-chat-scroll';

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

  const { rememberScroll } = useChatScroll(log, oldestId, newestId);

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
