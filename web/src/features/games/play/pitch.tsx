import { Avatar, Box, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Participant } from '@playtime/shared/contract/games';
import type { ReactNode } from 'react';
import { TEAM_SLOTS } from '@playtime/shared/domain/games/rules';
import { playMinutes } from './play-time';

export interface PitchProps {
  team1: Participant[];
  team2: Participant[];
  sideline: Participant[];
  /** Seconds played by a participant now (server time). */
  secondsOf: (participant: Participant) => number;
  /** Set for the organizer: clicking a player opens the Manage dialog. */
  onPick?: (participant: Participant) => void;
}

function PlayerChip({
  participant,
  minutes,
  onPick,
  light,
}: {
  participant: Participant;
  minutes: number;
  onPick?: PitchProps['onPick'];
  light: boolean;
}) {
  const body = (
    <Stack gap={2} align="center" miw={0} w="100%">
      <Avatar size={36} radius="xl" color="pitch" variant={light ? 'white' : 'filled'} aria-hidden>
        {participant.username.charAt(0).toUpperCase()}
      </Avatar>
      <Text fz="xs" fw={600} c={light ? 'white' : undefined} truncate="end" maw="100%" ta="center">
        {participant.username}
      </Text>
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
      <Box w={36} h={36} style={{ borderRadius: '50%', border: '2px dashed rgba(255,255,255,0.55)' }} />
      <Text fz="xs" fw={600} c="rgba(255,255,255,0.6)">
        Open
      </Text>
      <Text fz={11} lh={1}>
        {'\u00a0'}
      </Text>
    </Stack>
  );
}

function TeamHalf({ title, players, props }: { title: string; players: Participant[]; props: PitchProps }) {
  const slots: ReactNode[] = [];
  for (let index = 0; index < TEAM_SLOTS; index++) {
    const player = players[index];
    slots.push(
      player ? (
        <PlayerChip
          key={player.userId}
          participant={player}
          minutes={playMinutes(props.secondsOf(player))}
          onPick={props.onPick}
          light
        />
      ) : (
        <EmptySlot key={`empty-${index}`} />
      ),
    );
  }
  return (
    <Box p="sm" aria-label={title} role="region">
      <Text c="white" fw={700} ta="center" mb="xs">
        {title} ({players.length})
      </Text>
      <SimpleGrid cols={5} spacing={6} verticalSpacing="sm">
        {slots}
      </SimpleGrid>
    </Box>
  );
}

/** The pitch with both teams' slots (empty ones visible) and the sideline strip of every participant. */
export function Pitch(props: PitchProps) {
  return (
    <Stack gap="md">
      <Paper
        radius="md"
        style={{
          background: 'repeating-linear-gradient(90deg, #2f9e44 0 60px, #37b24d 60px 120px)',
          border: '3px solid white',
          outline: '2px solid #2b8a3e',
          overflow: 'hidden',
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0}>
          <Box
            style={{ borderRight: '2px solid rgba(255,255,255,0.8)', borderBottom: '2px solid rgba(255,255,255,0.8)' }}
          >
            <TeamHalf title="Team 1" players={props.team1} props={props} />
          </Box>
          <TeamHalf title="Team 2" players={props.team2} props={props} />
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
          <Box style={{ overflowX: 'auto' }}>
            <Group gap="md" wrap="nowrap" pb={4}>
              {props.sideline.map((participant) => (
                <Box key={participant.userId} w={72} style={{ flexShrink: 0 }}>
                  <PlayerChip
                    participant={participant}
                    minutes={playMinutes(props.secondsOf(participant))}
                    onPick={props.onPick}
                    light={false}
                  />
                </Box>
              ))}
            </Group>
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
