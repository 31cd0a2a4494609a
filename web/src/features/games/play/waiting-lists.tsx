import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LinePlace, WaitlistPlace } from '@playtime/shared/contract/games';
import type { ReactNode } from 'react';
import { IconHourglass } from '@tabler/icons-react';
import { PoliteAnnouncement, useAnnouncedChanges } from '../../../components/polite-announcement';
import { useServerClock } from './server-clock';
import { withGuestsLabel } from '@playtime/shared/contract/guests-texts';
import { offerTimeLeft, placeOfferText, spotOfferText } from './waiting';

/** An offer as the page shows it: a team spot from the line, or places from the waitlist for a party. */
export interface WaitingOffer {
  team?: 1 | 2;
  expiresAt: string;
  guests?: number;
}

/**
 * Issue #29 on the game page: the offer made to this player, its time left ticking each second. The
 * ticking line is no live region (it would speak every second): the offer is announced once, politely,
 * when it arrives.
 */
export function OfferAlert({
  offer,
  clockOffsetMs,
  actions,
}: {
  /** A spot on a team (the line) or a place in the game (the waitlist), for `guests` too (issue #45). */
  offer: WaitingOffer;
  /** The server's clock ahead of the browser's: the offer expires on the server's. */
  clockOffsetMs: number;
  actions: ReactNode;
}) {
  const timeLeft = useServerClock((nowMs) => offerTimeLeft(offer.expiresAt, nowMs), clockOffsetMs);
  const text = (left: string) => (offer.team ? spotOfferText(offer.team, left) : placeOfferText(left, offer.guests));
  // The sentence comes from its one text; the time left is cut out of it into an element of its own.
  const [before, after] = text('\u0000').split('\u0000');
  return (
    <Alert color="yellow" variant="light" icon={<IconHourglass size={18} />} title="Your turn" data-testid="offer">
      <Stack gap="sm">
        <Text fz="sm">
          {before}
          <Text span fw={700} ff="monospace" role="timer" data-testid="offer-countdown">
            {timeLeft}
          </Text>
          {after}
        </Text>
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Says a new offer once, with the time it leaves, when it arrives on an open page; clears it when the offer ends. */
export function OfferAnnouncer({ offer, clockOffsetMs }: { offer: WaitingOffer | null; clockOffsetMs: number }) {
  // The time left when the offer arrives, to the second: the announcer follows the clock only while an offer is open.
  const nowMs = useServerClock((now) => (offer ? now : 0), clockOffsetMs);
  const message = useAnnouncedChanges(offer, offer?.expiresAt ?? '', (_before, now) => {
    if (!now) return [];
    const left = offerTimeLeft(now.expiresAt, nowMs);
    return [(now.team ? spotOfferText(now.team, left) : placeOfferText(left, now.guests)).replace(/\.$/, '')];
  });
  // Once the offer is taken, declined or gone, its sentence goes too: 'Take it within …' no longer holds.
  return <PoliteAnnouncement message={offer ? message : ''} testId="offer-announcement" />;
}

function WaitingList<T extends LinePlace | WaitlistPlace>({
  title,
  places,
  myId,
  offerLabel,
}: {
  title: string;
  places: T[];
  myId: string | undefined;
  offerLabel: (place: T) => string;
}) {
  return (
    <Card padding="md" withBorder>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      {places.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nobody yet.
        </Text>
      ) : (
        <List type="ordered" spacing={4} fz="sm" aria-label={title}>
          {places.map((place) => (
            <List.Item key={place.userId}>
              <Group gap={6} wrap="wrap">
                <Text span fz="sm" fw={place.userId === myId ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
                  {/* Issue #45: a party waits as one: 'Sam +2'. */}
                  {'guests' in place ? withGuestsLabel(place.username, place.guests) : place.username}
                  {place.userId === myId && ' (you)'}
                </Text>
                {place.offer && (
                  <Badge size="sm" color="yellow" variant="light">
                    {offerLabel(place)}
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

/**
 * The lists with everyone's place, first first, live with the page. `line` is null while the teams
 * have room (the sideline is no line then), `waitlist` while nobody waits.
 */
export function WaitingLists({
  line,
  waitlist,
  myId,
}: {
  line: LinePlace[] | null;
  waitlist: WaitlistPlace[] | null;
  myId: string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: line && waitlist ? 2 : 1 }} spacing="md" data-testid="waiting-lists">
      {line && (
        <WaitingList
          title="In line for a team spot"
          places={line}
          myId={myId}
          offerLabel={(place) => `Offered Team ${place.offer!.team}`}
        />
      )}
      {waitlist && <WaitingList title="Waitlist" places={waitlist} myId={myId} offerLabel={() => 'Offered a place'} />}
    </SimpleGrid>
  );
}
