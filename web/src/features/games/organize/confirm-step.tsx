import { Alert, Button, Card, Center, Group, Loader, Overlay, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/notify';
import { formatDollars } from '../../../utils/money';
import { checkout, HoldCountdown, PaymentDialog } from '../../payments';
import { useCurrentUser } from '../../users';
import { addGame, findFieldOwnerUsername, holdSlot, releaseHold, SHOWN_INLINE, type HeldSlot } from '../api/organize';
import { organizeKeys } from '../api/query-keys';
import { useGameName } from './configure-step';
import { entryFeeDollars, type WizardDraft } from './wizard-state';
import { useWizard } from './wizard-store';

function locationOf(field: NonNullable<WizardDraft['field']>): string {
  return [field.address, field.city, field.zipCode].filter(Boolean).join(', ');
}

function hoursBetween(startDate: string, endDate: string): number {
  return (Date.parse(endDate) - Date.parse(startDate)) / 3_600_000;
}

/**
 * Step 3: the summary, the held slot with its rental cost from the server, then payment and creation
 * (spec §2 Confirm, §4 Confirm flow). Every failure says what to do next.
 */
export function ConfirmStep() {
  const { state, dispatch, releaseLiveHold } = useWizard();
  const { draft, hold, paymentId } = state;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const name = useGameName(draft);
  const field = draft.field!;
  const subField = draft.subField!;
  const selection = draft.selection!;
  const [expired, setExpired] = useState(false);
  /** The hold being paid for; the dialog keeps it after it expires, to say so. */
  const [paying, setPaying] = useState<HeldSlot | null>(null);
  const mounted = useRef(true);

  const holdRequest = useMutation({
    mutationFn: () =>
      holdSlot({ subFieldId: subField.subFieldId, ...selection, name, maxPlayers: draft.maxPlayers, price: draft.price }),
    meta: SHOWN_INLINE,
    onSuccess: (held) => {
      setExpired(false);
      // A hold that arrives after the captain left this step is given back at once.
      if (mounted.current) dispatch({ type: 'held', hold: held });
      else releaseHold(held.holdId).catch(() => undefined);
    },
  });

  const creation = useMutation({
    mutationFn: (input: { hold: HeldSlot; paymentId?: string }) =>
      addGame({
        name,
        maxPlayers: draft.maxPlayers,
        price: draft.price,
        startDate: selection.startDate,
        endDate: selection.endDate,
        venue: field.fieldName,
        location: locationOf(field),
        organizerCost: field.price,
        subFieldId: subField.subFieldId,
        holdId: input.hold.holdId,
        paymentId: input.paymentId,
      }),
    meta: SHOWN_INLINE,
    onSuccess: ({ gameId }) => {
      dispatch({ type: 'created', gameId });
      void queryClient.invalidateQueries({ queryKey: organizeKeys.organizerGames });
    },
  });

  // Entering Confirm holds the slot, so the rental cost shown is the server's and nobody takes it while paying.
  const requested = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (!hold && !paymentId && !requested.current) {
      requested.current = true;
      holdRequest.mutate();
    }
    return () => {
      mounted.current = false;
    };
  }, [hold, paymentId, holdRequest]);

  // Leaving Confirm (Back, the stepper, the browser's back button) gives an unpaid hold back.
  useEffect(() => releaseLiveHold, [releaseLiveHold]);

  const holdAgain = () => holdRequest.mutate();

  const create = (held: HeldSlot, paid?: string) => creation.mutate({ hold: held, paymentId: paid });

  const confirm = async () => {
    const held = hold ?? (await holdRequest.mutateAsync().catch(() => null));
    if (!held) return;
    // A rental that costs nothing needs no payment.
    if (held.rentalCents === 0) create(held);
    else setPaying(held);
  };

  const paid = (newPaymentId: string) => {
    dispatch({ type: 'paid', paymentId: newPaymentId });
    if (paying) create(paying, newPaymentId);
    setPaying(null);
  };

  const finish = () => {
    dispatch({ type: 'reset' });
    void navigate('/organize/games');
  };

  const onExpired = () => {
    if (paymentId) return;
    setExpired(true);
    dispatch({ type: 'holdGone' });
  };

  const slotTaken = holdRequest.error instanceof ApiError && holdRequest.error.status === 409;
  const hours = hoursBetween(selection.startDate, selection.endDate);
  const rows: [string, string][] = [
    ['Venue', `${field.fieldName}, ${subField.name}`],
    ['Address', locationOf(field)],
    // The locale's own format (spec §2), to the minute: a slot never starts on a second.
    ['Time', new Date(selection.startDate).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })],
    ['Duration', `${hours} ${hours === 1 ? 'hour' : 'hours'}`],
    ['Max Players', String(draft.maxPlayers)],
    ['Entry Fee', `$${entryFeeDollars(draft.price)}`],
    ['Rental Cost', hold ? formatDollars(hold.rentalCents) : holdRequest.isPending ? 'Holding the slot…' : '—'],
  ];

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
          <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {hold && !paymentId && <HoldCountdown expiresAt={hold.expiresAt} onExpired={onExpired} />}
        </Group>
        <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={110} fz="sm" c="dimmed" fw={500} bg="transparent">
                  {label}
                </Table.Th>
                <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      {expired && !hold && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Your hold ran out">
          The slot is no longer reserved for you. Hold it again to pay; if someone took it meanwhile, pick another time.
          <Group gap="sm" mt="sm">
            <Button size="xs" loading={holdRequest.isPending} onClick={holdAgain}>
              Hold again
            </Button>
          </Group>
        </Alert>
      )}
      {holdRequest.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={slotTaken ? 'This slot was just taken' : 'The slot could not be held'}>
          <Text fz="sm">{errorMessage(holdRequest.error)}</Text>
          <Group gap="sm" mt="sm">
            {slotTaken ? (
              <Button size="xs" onClick={() => void navigate('/organize/select-time')}>
                Pick another time
              </Button>
            ) : (
              <Button size="xs" onClick={holdAgain}>
                Try again
              </Button>
            )}
          </Group>
        </Alert>
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button variant="default" onClick={() => void navigate('/organize/configure')} disabled={Boolean(paymentId)}>
          Back
        </Button>
        <Button
          onClick={() => void confirm()}
          loading={holdRequest.isPending}
          disabled={Boolean(paymentId) || creation.isPending || (holdRequest.isError && slotTaken)}
        >
          Confirm
        </Button>
      </Group>

      {paying && (
        <PaymentDialog
          opened
          onClose={() => setPaying(null)}
          amountCents={paying.rentalCents}
          description={`Rental of ${subField.name} at ${field.fieldName}`}
          paymentKey={`rental:${paying.holdId}`}
          createPayment={async () =>
            checkout({
              price: paying.rentalCents,
              email: user.data?.email ?? '',
              name: user.data?.username ?? '',
              receiver: await findFieldOwnerUsername(field.fieldName),
              purpose: { kind: 'rental', holdId: paying.holdId, subFieldId: subField.subFieldId },
            })
          }
          onSucceeded={paid}
          expiresAt={paying.expiresAt}
          onExpired={onExpired}
        />
      )}

      {(creation.isPending || creation.isSuccess || creation.isError) && (
        <CreationOverlay
          status={creation.status}
          error={creation.error}
          paid={Boolean(paymentId)}
          onDone={finish}
          onRetry={() => hold && create(hold, paymentId ?? undefined)}
        />
      )}
    </Stack>
  );
}

/** The full-screen overlay of the Confirm flow: a spinner while the game is created, then 'Game Created'. */
function CreationOverlay({
  status,
  error,
  paid,
  onDone,
  onRetry,
}: {
  status: 'pending' | 'success' | 'error' | 'idle';
  error: Error | null;
  paid: boolean;
  onDone: () => void;
  onRetry: () => void;
}) {
  return (
    <Overlay fixed zIndex={400} backgroundOpacity={0.6} blur={2} onClick={status === 'success' ? onDone : undefined}>
      <Center h="100%" p="md">
        {status === 'pending' && <Loader size="xl" color="white" aria-label="Creating the game" />}
        {status === 'success' && (
          <Alert
            color="green"
            variant="filled"
            icon={<IconCircleCheck size={20} />}
            title="Game Created"
            maw={420}
            style={{ cursor: 'pointer' }}
            role="alert"
          >
            <Text fz="sm">Tap anywhere to see your games.</Text>
            {/* The overlay's click handles it (a key press on the button bubbles there too). */}
            <Button size="xs" variant="white" color="green" mt="sm">
              Go to my games
            </Button>
          </Alert>
        )}
        {status === 'error' && (
          <Alert color="red" variant="filled" icon={<IconAlertTriangle size={20} />} title="The game was not created" maw={420} role="alert">
            <Text fz="sm">{errorMessage(error)}</Text>
            {paid && (
              <Text fz="sm" mt="xs">
                Your payment went through, so the booking is completed from it even if this page fails: check your
                games in a minute. If the slot could no longer be booked, the payment is refunded in full automatically.
              </Text>
            )}
            <Group gap="sm" mt="sm">
              <Button size="xs" variant="white" color="red" onClick={onRetry}>
                Try again
              </Button>
              <Button size="xs" variant="outline" color="white" onClick={onDone}>
                Go to my games
              </Button>
            </Group>
          </Alert>
        )}
      </Center>
    </Overlay>
  );
}
