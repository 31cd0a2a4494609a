import { Anchor, Button, Group, Modal, Radio, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { clearAttendanceMarkBody } from '@playtime/shared/contract/attendance';
import { useState, type FormEvent } from 'react';
import { FailureAlert } from '../../../components/failure-alert';
import { errorMessage } from '../../../lib/notify';
import { useClearAttendanceMark } from '../api/admin-users';

type Field = 'gameId' | 'reason';

/**
 * Issue #44, an admin clears one of a player's recent no-shows with a reason (audited: the clearing is
 * an event on the game's stream, so the audit history shows it). The games are the server's, latest
 * first, each with a link to its page.
 */
export function ClearMarkDialog({
  player,
  onClose,
}: {
  player: { userId: string; username: string; noShowGameIds: string[] } | null;
  onClose: () => void;
}) {
  const clear = useClearAttendanceMark();
  // The latest no-show until the admin picks another.
  const [picked, setPicked] = useState<string | null>(null);
  const gameId = picked ?? player?.noShowGameIds[0] ?? '';
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setPicked(null);
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
    const parsed = clearAttendanceMarkBody.safeParse({ gameId, participantId: player.userId, reason });
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
    <Modal opened={player !== null} onClose={close} title="Clear a no-show" centered>
      {player && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text fz="sm">
              The no-show no longer counts towards <b>{player.username}</b>&apos;s reliability or a pause in joining.
              The reason is kept in the game&apos;s history.
            </Text>
            <Radio.Group label="No-show at" value={gameId} onChange={setPicked} error={errors.gameId}>
              <Stack gap={6} mt={4}>
                {player.noShowGameIds.map((id, index) => (
                  <Group key={id} gap="xs" wrap="nowrap">
                    <Radio value={id} label={`Game ${index + 1}${index === 0 ? ' (latest)' : ''}`} />
                    <Anchor href={`/game-details/${encodeURIComponent(id)}`} target="_blank" fz="sm">
                      Open its page
                      <VisuallyHidden>{` (game ${index + 1})`}</VisuallyHidden>
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              data-autofocus
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
