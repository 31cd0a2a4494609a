import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
} from '@playtime/shared/contract/attendance-texts';
import type { Participant } from '@playtime/shared/contract/games';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert';
import { errorMessage } from '../../../lib/notify';
import { useMarkAttendance } from '../api/attendance';
import { shownAttendance } from './attendance';

const STATUS_COLORS: Record<AttendanceStatus, string> = { present: 'pitch', late: 'orange', no_show: 'red' };

/**
 * Issue #44, the organizer's Attendance in the Manage area: each member marked Present, Late or No-show
 * (a checked-in player shows Present already), changeable until the marks close. Each choice is one
 * call; the mark shown is the server's, so a refused change shows the mark that stands and why.
 */
export function AttendanceMarks({ gameId, players }: { gameId: string; players: Participant[] }) {
  const mark = useMarkAttendance(gameId);
  const [failure, setFailure] = useState<string | null>(null);
  // The row whose mark is being sent, so only its buttons wait.
  const [sending, setSending] = useState<string | null>(null);

  const choose = (participant: Participant, status: AttendanceStatus) => {
    setFailure(null);
    setSending(participant.userId);
    mark.mutate(
      { participantId: participant.userId, status },
      {
        onError: (error) => setFailure(`${participant.username}: ${errorMessage(error)}`),
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <Card padding="lg" role="region" aria-labelledby="attendance-title" data-testid="attendance-marks">
      <Title order={2} fz="xl" id="attendance-title" mb="xs">
        Attendance
      </Title>
      <FailureAlert failure={failure} />
      {players.length === 0 ? (
        <Text c="dimmed">Nobody is in this game.</Text>
      ) : (
        <Stack gap="sm" mt="xs">
          {players.map((participant) => {
            const shown = shownAttendance(participant);
            return (
              <Group
                key={participant.userId}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                role="group"
                aria-label={`Attendance of ${participant.username}`}
              >
                <Group gap={6} wrap="nowrap" miw={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {participant.username}
                  </Text>
                  {participant.checkedIn && (
                    <Group gap={2} wrap="nowrap" c="pitch.8">
                      <IconCircleCheckFilled size={16} aria-hidden />
                      <Text fz="sm" c="pitch.8">
                        Checked in
                      </Text>
                    </Group>
                  )}
                </Group>
                <Group gap={4} wrap="nowrap">
                  {ATTENDANCE_STATUSES.map((status) => (
                    <Button
                      key={status}
                      size="xs"
                      color={STATUS_COLORS[status]}
                      variant={shown === status ? 'filled' : 'default'}
                      aria-pressed={shown === status}
                      disabled={sending === participant.userId}
                      onClick={() => shown !== status && choose(participant, status)}
                    >
                      {ATTENDANCE_LABELS[status]}
                    </Button>
                  ))}
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
