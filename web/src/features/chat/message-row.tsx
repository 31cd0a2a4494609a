import { ActionIcon, Group, Text } from '@mantine/core';
import { CHAT_TEXTS, type GameMessage } from '@playtime/shared/contract/chat-texts';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';

const sentAtLabel = (sentAt: string) => dayjs(sentAt).format('ddd MMM D, h:mm A');

export function MessageText({ message }: { message: GameMessage }) {
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

/** One message: who, when, the text as typed (or 'Message deleted'), and its delete button for those who may. */
export function MessageRow({
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
