import { Avatar, Box, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { reliabilityLabel } from '@playtime/shared/contract/attendance-texts';
import type { Participant } from '@playtime/shared/contract/games';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { guestNamesLine, withGuestsLabel } from '@playtime/shared/contract/guests-texts';
import { useServerClock } from './server-clock';
import { playMinutes, playSecondsAt, type PlayClock } from './play-time';

/**
 * The pitch's two stripes: white text reads at 5.9:1 and 5.0:1 on them (WCAG AA asks 4.5:1), names,
 * minutes and 'Open' alike.
 */
export const PITCH_STRIPES = ['#1e7331', '#237f3a'] as const;

export interface PitchProps {
  team1: Participant[];
  team2: Participant[];
  sideline: Participant[];
  /** How many open spots each team shows: places anyone may still take on it (see openSpots). */
  openSpots: { team1: number; team2: number };
  /** What each chip tells its player's minutes by: every chip reads the clock itself. */
  clock: PlayClock;
  /** Set for the organizer: clicking a player opens the Manage dialog. */
  onPick?: (participant: Participant) => void;
}

function PlayerChip({
  participant,
  clock,
  onPick,
  light,
}: {
  participant: Participant;
  clock: PlayClock;
  onPick?: PitchProps['onPick'];
  light: boolean;
}) {
  // A chip renders again when its minutes change, not with each second of the clock.
  const minutes = useServerClock(
    (nowMs) => playMinutes(playSecondsAt(participant, nowMs, clock.startMs, clock.endMs)),
    clock.offsetMs,
  );
  const guestNames = guestNamesLine(participant.guests, participant.guestNames);
  const body = (
    <Stack gap={2} align="center" miw={0} w="100%">
      <Avatar size={36} radius="xl" color="pitch" variant={light ? 'white' : 'filled'} aria-hidden>
        {participant.username.charAt(0).toUpperCase()}
      </Avatar>
      {/* Whole, wrapping where it must: cut to 'newbi…', names alike would read the same (issue #41). */}
      <Text
        fz="xs"
        fw={600}
        c={light ? 'white' : undefined}
        maw="100%"
        ta="center"
        style={{ overflowWrap: 'anywhere' }}
      >
        {withGuestsLabel(participant.username, participant.guests)}
        {/* Issue #44: checked in at the field with the organizer's code, live on every open page. */}
        {participant.checkedIn && ' '}
        {participant.checkedIn && (
          <Box
            component="span"
            role="img"
            aria-label="Checked in"
            c={light ? 'white' : 'pitch.8'}
            style={{ verticalAlign: '-2px' }}
            data-testid="checked-in"
          >
            <IconCircleCheckFilled size={13} aria-hidden />
          </Box>
        )}
      </Text>
      {/* Issue #45: the names the host typed for their guests, visible text under 'Sam +2' (read with it). */}
      {guestNames && (
        <Text
          fz={10}
          c={light ? 'white' : 'dimmed'}
          lh={1.2}
          ta="center"
          maw="100%"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="guest-names"
        >
          {guestNames}
        </Text>
      )}
      {participant.reliability && (
        <Text fz={10} c={light ? 'white' : 'dimmed'} lh={1.1} ta="center" data-testid="reliability">
          <VisuallyHidden>Reliability </VisuallyHidden>
          {reliabilityLabel(participant.reliability)}
        </Text>
      )}
      <Text fz={11} c={light ? 'white' : 'dimmed'} lh={1}>
        {minutes} min
      </Text>
    </Stack>
  );
  if (!onPick) return body;
  return (
    // Named by what it shows, after what pressing it does: a screen reader says 'Manage pat 12 min', and
    // the name holds the visible text (WCAG 2.5.3).
    <UnstyledButton onClick={() => onPick(participant)} aria-haspopup="dialog" w="100%" miw={0}>
      <VisuallyHidden>Manage </VisuallyHidden>
      {body}
    </UnstyledButton>
  );
}

/** As tall as a player's chip (its minutes line left blank), so both teams' rows stay in line. */
function EmptySlot() {
  return (
    <Stack gap={2} align="center" aria-hidden>
      <Box w={36} h={36} style={{ borderRadius: '50%', border: '2px dashed rgba(255,255,255,0.85)' }} />
      <Text fz="xs" fw={600} c="white">
        Open
      </Text>
      <Text fz={11} lh={1}>
        {'\u00a0'}
      </Text>
    </Stack>
  );
}

function TeamHalf({
  title,
  players,
  open,
  props,
}: {
  title: string;
  players: Participant[];
  open: number;
  props: PitchProps;
}) {
  const slots: ReactNode[] = players.map((player) => (
    <PlayerChip key={player.userId} participant={player} clock={props.clock} onPick={props.onPick} light />
  ));
  // Open spots only where a place is open: a full game draws none (issue #41).
  for (let index = 0; index < open; index++) slots.push(<EmptySlot key={`empty-${index}`} />);
  return (
    <Box p="sm" aria-label={title} role="region">
      <Text c="white" fw={700} ta="center" mb="xs">
        {title} ({players.length})
      </Text>
      {/* Three to a row on a phone, so names have room to show whole. */}
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing={6} verticalSpacing="sm">
        {slots}
      </SimpleGrid>
    </Box>
  );
}

/** The pitch with both teams' players and open spots, and the sideline strip of every participant. */
export function Pitch(props: PitchProps) {
  return (
    <Stack gap="md">
      <Paper
        radius="md"
        style={{
          background: `repeating-linear-gradient(90deg, ${PITCH_STRIPES[0]} 0 60px, ${PITCH_STRIPES[1]} 60px 120px)`,
          border: '3px solid white',
          outline: '2px solid #2b8a3e',
          overflow: 'hidden',
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0}>
          <Box
            style={{ borderRight: '2px solid rgba(255,255,255,0.8)', borderBottom: '2px solid rgba(255,255,255,0.8)' }}
          >
            <TeamHalf title="Team 1" players={props.team1} open={props.openSpots.team1} props={props} />
          </Box>
          <TeamHalf title="Team 2" players={props.team2} open={props.openSpots.team2} props={props} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="sm" role="region" aria-label="Sideline">
        <Text fw={700} mb="xs">
          Sideline ({props.sideline.length})
        </Text>
        {props.sideline.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {props.team1.length + props.team2.length === 0 ? 'No players yet' : 'Nobody on the sideline'}
          </Text>
        ) : (
          // The browser's own scrolling: Mantine's ScrollArea would bring floating-ui and its scroll
          // machinery (about 20 KB gzipped) to every game page for this one row.
          // Focusable, so a keyboard scrolls a row wider than a phone (its chips are buttons only to the organizer).
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Sideline players">
            <Group gap="md" wrap="nowrap" pb={4}>
              {props.sideline.map((participant) => (
                <Box key={participant.userId} w={96} style={{ flexShrink: 0 }}>
                  <PlayerChip participant={participant} clock={props.clock} onPick={props.onPick} light={false} />
                </Box>
              ))}
            </Group>
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
