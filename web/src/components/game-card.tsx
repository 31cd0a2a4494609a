import { seriesWeekLabel } from '@playtime/shared/domain/games/rules';
import { gamePhaseAt } from '@playtime/shared/domain/games/rules';
import { Badge, Card, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CANCELLED_LABEL, cancelledCardReason } from '@playtime/shared/contract/game-page';
import { CHAT_TEXTS } from '@playtime/shared/contract/chat-texts';
import { IconCalendar, IconClock, IconMapPin, IconSoccerField, IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useNow } from '../hooks/use-now';
import type { GameSummary } from '../types/game';
import { durationLabel, playersLabel } from '../utils/game-timing';
import { formatPrice } from '../utils/money';

export const DEFAULT_GAME_PICTURE = '/game-default.svg';

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {icon}
      <Text fz="sm" truncate="end">
        {children}
      </Text>
    </Group>
  );
}

/**
 * The game card of the spec; clicking it opens /game-details/{id}. `unreadMessages`: the viewer's
 * unread messages in the game's chat (issue #46), shown when there are any.
 */
export function GameCard({ game, unreadMessages = 0 }: { game: GameSummary; unreadMessages?: number }) {
  const now = useNow();
  const start = new Date(game.startDate);
  const end = new Date(game.endDate);
  const cancelled = game.status === 'cancelled';
  const isLive = !cancelled && gamePhaseAt(now.getTime(), start.getTime(), end.getTime()) === 'live';

  return (
    <Card
      component={Link}
      to={`/game-details/${game.gameId}`}
      padding="md"
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      <Card.Section>
        <Image src={game.picture || DEFAULT_GAME_PICTURE} fallbackSrc={DEFAULT_GAME_PICTURE} h={140} alt="" />
      </Card.Section>
      <Group justify="space-between" mt="md" wrap="nowrap" gap="xs">
        {/* The card's words are its link's name (an aria-label would hide what a voice user reads aloud). */}
        <Text fw={700} truncate="end">
          {/* A cancelled game is no game to open: its name reads with its badge, 'Cancelled'. */}
          {!cancelled && <VisuallyHidden>Open </VisuallyHidden>}
          {game.name}
        </Text>
        {cancelled && (
          <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
            {CANCELLED_LABEL}
          </Badge>
        )}
        {isLive && (
          <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
            LIVE
          </Badge>
        )}
        {game.series && !isLive && !cancelled && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {seriesWeekLabel(game.series.week, game.series.weeks)}
          </Badge>
        )}
      </Group>
      {cancelled && (
        <Text fz="sm" fw={600} c="red.9" mt={4}>
          {cancelledCardReason(game.cancellationReason ?? null)}
        </Text>
      )}
      <Stack gap={4} mt="xs">
        {game.location && <Detail icon={<IconMapPin size={16} />}>{game.location}</Detail>}
        <Detail icon={<IconCalendar size={16} />}>{dayjs(start).format('ddd, MMM D, YYYY h:mm A')}</Detail>
        <Detail icon={<IconClock size={16} />}>{durationLabel(start, end)}</Detail>
        {game.field && (
          <Detail icon={<IconSoccerField size={16} />}>
            {game.subfield ? `${game.field} · ${game.subfield}` : game.field}
          </Detail>
        )}
        <Detail icon={<IconUsers size={16} />}>
          {playersLabel(game.playerCount, game.maxPlayers, game.sidelineCount)}
        </Detail>
      </Stack>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text fw={700} c="pitch.8">
          {formatPrice(game.price)}
        </Text>
        {unreadMessages > 0 && (
          <Badge variant="light" color="blue" data-testid="unread-messages">
            {CHAT_TEXTS.unread(unreadMessages)}
          </Badge>
        )}
      </Group>
    </Card>
  );
}
