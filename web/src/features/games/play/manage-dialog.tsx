import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Participant } from '@playtime/shared/contract/games';
import type { Team } from '@playtime/shared/domain/games/events';
import { useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { formatPrice } from '../../../utils/money';
import { removalConsequence } from '@playtime/shared/contract/game-page';
import type { GamePaymentsAnswer, GamePaymentState } from '@playtime/shared/contract/credit-texts';
import { useGamePayments } from '../api/credit';
import { useJoinGame, useRemovePlayer, useSwitchPlayers, type LoadedGame } from '../api/play';
import { joinFailureMessage } from './messages';
import { useServerClock } from './server-clock';
import { playMinutes, playSecondsAt, replaceCandidates, type PlayClock } from './play-time';

export interface ManageDialogProps {
  game: LoadedGame;
  player: Participant | null;
  onClose: () => void;
  /** What play time is told by: the dialog shows it, and orders the Replace list by it (longest first). */
  clock: PlayClock;
}

/**
 * The removed player's entry as the organizer's payments table knows it (issue #45): only held on the card,
 * or charged, and its amount (guests included); the game's price until the table has loaded.
 */
function entryOf(
  payments: GamePaymentsAnswer | undefined,
  priceCents: number,
  userId: string,
): { amount: string; held: boolean } | null {
  if (priceCents === 0) return null;
  const item = payments?.items.find((entry) => entry.userId === userId && STANDING.includes(entry.state));
  return { amount: formatPrice(item?.amountCents ?? priceCents), held: item?.state === 'authorized' };
}

/** The states of an entry that is still the player's: what a removal gives back. */
const STANDING: GamePaymentState[] = ['authorized', 'paid', 'kept'];

/** Spec §2 Manage dialog (organizer or admin): play time, moves, Substitute (sideline players) and Remove. */
export function ManageDialog({ game, player, onClose, clock }: ManageDialogProps) {
  // The server's time each second while a player is open; closed, the dialog stays still.
  const nowMs = useServerClock((now) => (player ? now : 0), clock.offsetMs);
  const secondsOf = (participant: Participant) => playSecondsAt(participant, nowMs, clock.startMs, clock.endMs);
  const replaceList = (onPitch: Participant[]) => replaceCandidates(onPitch, nowMs, clock.startMs, clock.endMs);
  const move = useJoinGame(game.gameId);
  const remove = useRemovePlayer(game.gameId);
  const switchPlayers = useSwitchPlayers(game.gameId);
  // Only the organizer and admins open this dialog: they may read who has paid.
  const payments = useGamePayments(game.gameId, player !== null);
  const [replacing, setReplacing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = move.isPending || remove.isPending || switchPlayers.isPending;
  const full = game.playerCount >= game.max_players;

  const close = () => {
    setReplacing(false);
    setConfirmingRemoval(false);
    setFailure(null);
    onClose();
  };
  const moveTo = (team: Team) => {
    if (!player) return;
    setFailure(null);
    move.mutate(
      { gameId: game.gameId, team, participantId: player.userId },
      { onSuccess: close, onError: (error) => setFailure(joinFailureMessage(error, false)) },
    );
  };

  return (
    <Modal opened={player !== null} onClose={close} title={player ? `Manage ${player.username}` : 'Manage'} centered>
      {player && (
        <Stack gap="md">
          <Text>
            Play time: <b>{playMinutes(secondsOf(player))} minutes</b>
          </Text>
          {failure && (
            <Alert color="red" variant="light">
              {failure}
            </Alert>
          )}
          {confirmingRemoval ? (
            <Stack gap="sm">
              <Text fw={600}>Remove {player.username} from this game?</Text>
              <Text>{removalConsequence(player.username, entryOf(payments.data, game.priceCents, player.userId))}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirmingRemoval(false)} disabled={remove.isPending}>
                  Cancel
                </Button>
                <Button
                  color="red"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(player.userId, {
                      onSuccess: close,
                      onError: (error) => setFailure(errorMessage(error)),
                    })
                  }
                >
                  Remove {player.username}
                </Button>
              </Group>
            </Stack>
          ) : replacing ? (
            <Stack gap="xs" role="list" aria-label="Replace">
              <Text fw={600}>Replace which player?</Text>
              {replaceList([...game.team_1, ...game.team_2]).map((onPitch) => (
                <UnstyledButton
                  key={onPitch.userId}
                  role="listitem"
                  disabled={busy}
                  onClick={() =>
                    switchPlayers.mutate(
                      { incomingId: player.userId, outgoingId: onPitch.userId },
                      { onSuccess: close, onError: (error) => setFailure(errorMessage(error)) },
                    )
                  }
                  p="xs"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text truncate="end">
                      {onPitch.username} · Team {onPitch.team}
                    </Text>
                    <Text c="dimmed" fz="sm" style={{ flexShrink: 0 }}>
                      {playMinutes(secondsOf(onPitch))} min
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
              {game.team_1.length + game.team_2.length === 0 && <Text c="dimmed">Nobody is on the pitch.</Text>}
              <Button variant="default" onClick={() => setReplacing(false)}>
                Back
              </Button>
            </Stack>
          ) : (
            // Two buttons a row: four or five side by side left 'Sideline' and 'Remove' cut short.
            <SimpleGrid cols={2} spacing="xs">
              <Button onClick={() => moveTo(1)} disabled={busy || player.team === 1 || (player.team === 0 && full)}>
                Team 1
              </Button>
              <Button onClick={() => moveTo(2)} disabled={busy || player.team === 2 || (player.team === 0 && full)}>
                Team 2
              </Button>
              <Button variant="light" onClick={() => moveTo(0)} disabled={busy || player.team === 0}>
                Sideline
              </Button>
              {player.team === 0 && (
                <Button variant="light" color="grape" onClick={() => setReplacing(true)} disabled={busy}>
                  Substitute
                </Button>
              )}
              <Button color="red" variant="light" disabled={busy} onClick={() => setConfirmingRemoval(true)}>
                Remove
              </Button>
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Modal>
  );
}
