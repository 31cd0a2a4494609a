import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { clearAttendanceMarkBody } from '@playtime/shared/contract/attendance';
import { useState, type FormEvent } from 'react';
import { FailureAlert } from '../../../components/failure-alert';
import { errorMessage } from '../../../lib/notify';
import { useClearAttendanceMark } from '../api/admin-users';

type Field = 'gameId' | 'reason';

/**
 * Issue #44, an admin clears one of a player's attendance marks with a reason (audited: the clearing is
 * an event on the game's stream, so the audit history shows it). The game is named by its id, as its
 * page's address shows it.
 */
export function ClearMarkDialog({
  player,
  onClose,
}: {
  player: { userId: string; username: string } | null;
  onClose: () => void;
}) {
  const clear = useClearAttendanceMark();
  const [gameId, setGameId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setGameId('');
    setReason('');
    setErrors({});
    setFailure(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!player) return;
    setFailure(null);
    // What the server would refuse is said under its box, in the contract's words.
    const parsed = clearAttendanceMarkBody.safeParse({ gameId: gameId.trim(), participantId: player.userId, reason });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'gameId' || field === 'reason') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    clear.mutate(parsed.data, { onSuccess: close, onError: (error) => setFailure(errorMessage(error)) });
  };

  return (
    <Modal opened={player !== null} onClose={close} title="Clear an attendance mark" centered>
      {player && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text fz="sm">
              The mark no longer counts towards <b>{player.username}</b>&apos;s reliability or a pause in joining. The
              reason is kept in the game&apos;s history.
            </Text>
            <TextInput
              label="Game ID"
              description="From the game page's address: /game-details/<game ID>"
              value={gameId}
              error={errors.gameId}
              onChange={(event) => setGameId(event.currentTarget.value)}
              data-autofocus
            />
            <Textarea
              label="Reason"
              value={reason}
              error={errors.reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              autosize
              minRows={2}
            />
            <FailureAlert failure={failure} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={clear.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={clear.isPending}>
                Clear mark
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
