import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Overlay,
  Stack,
  Table,
  Text,
  type AlertProps,
} from '@mantine/core';
import { freeCancellationRule } from '@playtime/shared/contract/credit-texts';
import { IconAlertTriangle, IconCircleCheck, type TablerIcon } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { Suspense, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/notify';
import { formatDollars } from '../../../utils/money';
import { HoldCountdown, PaymentDialog } from '../../../components/checkout';
import { minimumNoticeFor, useGameName } from './configure-step';
import { minReliabilityText } from '../check-in/attendance';
import { RELIABLE_PLAYERS_ONLY_LABEL } from '@playtime/shared/contract/attendance-texts';
import { GUESTS_PER_PLAYER_LABEL } from '@playtime/shared/contract/guests-texts';
import { locationOf, useConfirmFlow } from './use-confirm-flow';
import { wizardTimeZone } from './select-time-step';
import { weekLabel } from './series-weeks';
import { entryFeeDollars } from './wizard-state';
import { useWizard } from './wizard-store';

function hoursBetween(startDate: string, endDate: string): number {
  return (Date.parse(endDate) - Date.parse(startDate)) / 3_600_000;
}

const CREATION_STATUS = { idle: 'idle', pending: 'pending', created: 'success', failed: 'error' } as const;

/**
 * Step 3: the summary, the held slot with its rental cost from the server, then payment and creation
 * (spec §2 Confirm, §4 Confirm flow). Every failure says what to do next. The flow itself runs in
 * useConfirmFlow; this view renders its state and sends it the captain's clicks.
 */
export function ConfirmStep() {
  const { draft } = useWizard().state;
  const navigate = useNavigate();
  const name = useGameName(draft);
  const field = draft.field!;
  const subField = draft.subField!;
  const selection = draft.selection!;
  const { flow, hold, paymentId, slotTaken, ...act } = useConfirmFlow(name);
  const holding = flow.holding === 'pending';
  const paying = flow.paying;

  // A series' hold is every week's rental: the notice is about one week's game.
  const notice = minimumNoticeFor(draft, hold ? hold.rentalCents / hold.occurrences.length : undefined);
  const weeks = hold?.occurrences.length ?? null;
  const hours = hoursBetween(selection.startDate, selection.endDate);
  const rows: [string, string][] = [
    ['Venue', `${field.fieldName}, ${subField.name}`],
    ['Address', locationOf(field)],
    // The locale's own format (spec §2), to the minute: a slot never starts on a second.
    ['Time', new Date(selection.startDate).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })],
    ['Duration', `${hours} ${hours === 1 ? 'hour' : 'hours'}`],
    ['Max Players', String(draft.maxPlayers)],
    ['Sideline', `${draft.sidelineSize} beyond the max players, then a waitlist`],
    // Issue #45: what Configure set, said again before the captain pays.
    [GUESTS_PER_PLAYER_LABEL, String(draft.guestsPerPlayer)],
    [
      'Minimum',
      draft.minPlayers === null ? 'None' : `${draft.minPlayers} players, ${draft.decisionHours} h before the start`,
    ],
    ...(draft.minReliability === null
      ? []
      : ([[RELIABLE_PLAYERS_ONLY_LABEL, minReliabilityText(draft.minReliability)]] as [string, string][])),
    ['Entry Fee', `$${entryFeeDollars(draft.price)}`],
    ['Cancellation', freeCancellationRule(Number(draft.freeCancellationHours))],
    ...(draft.repeatWeeks === null
      ? []
      : ([
          [
            'Weekly',
            hold
              ? `${weeks} ${weeks === 1 ? 'week' : 'weeks'}: ${hold.occurrences.map((week) => weekLabel(week, wizardTimeZone())).join(', ')}`
              : `${draft.repeatWeeks} weeks`,
          ],
          ['Regulars', `Last week's team players join first for ${draft.regularsWindowHours} h`],
        ] as [string, string][])),
    [
      'Rental Cost',
      hold
        ? `${formatDollars(hold.rentalCents)}${weeks !== null && weeks > 1 ? ` for ${weeks} weeks, in one payment` : ''}`
        : holding
          ? 'Holding the slot…'
          : '—',
    ],
  ];

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
          <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {hold && !paymentId && <HoldCountdown expiresAt={hold.expiresAt} onExpired={act.holdRanOut} />}
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
        {notice && (
          <Text fz="sm" mt="sm" data-testid="minimum-notice">
            {notice}
          </Text>
        )}
      </Card>

      {flow.expired && !hold && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Your hold ran out">
          The slot is no longer reserved for you. Hold it again to pay; if someone took it meanwhile, pick another time.
          <Group gap="sm" mt="sm">
            <Button size="xs" loading={holding} onClick={act.holdAgain}>
              Hold again
            </Button>
          </Group>
        </Alert>
      )}
      {flow.holding === 'failed' && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={slotTaken ? 'This slot was just taken' : 'The slot could not be held'}
        >
          <Text fz="sm">{errorMessage(flow.holdError)}</Text>
          <Group gap="sm" mt="sm">
            {slotTaken ? (
              <Button size="xs" onClick={() => void navigate('/organize/select-time')}>
                Pick another time
              </Button>
            ) : (
              <Button size="xs" onClick={act.holdAgain}>
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
          onClick={act.confirm}
          loading={holding}
          disabled={Boolean(paymentId) || flow.creation === 'pending' || (flow.holding === 'failed' && slotTaken)}
        >
          Confirm
        </Button>
      </Group>

      {paying && (
        <Suspense fallback={null}>
          <PaymentDialog
            opened
            onClose={act.closePayment}
            amountCents={paying.rentalCents}
            description={`Rental of ${subField.name} at ${field.fieldName}${paying.occurrences.length > 1 ? `, ${paying.occurrences.length} weeks` : ''}`}
            paymentKey={`rental:${paying.holdId}`}
            createPayment={() => act.createRentalPayment(paying)}
            onSucceeded={act.paid}
            expiresAt={paying.expiresAt}
            onExpired={act.holdRanOut}
          />
        </Suspense>
      )}

      {flow.creation !== 'idle' && (
        <CreationOverlay
          status={CREATION_STATUS[flow.creation]}
          error={flow.creationError}
          paid={Boolean(paymentId)}
          onDone={act.finish}
          onRetry={act.retryCreation}
        />
      )}
    </Stack>
  );
}

/** The full-screen overlay of the Confirm flow: a spinner while the game is created, then 'Game Created'. */
/** The creation's outcome over the page: a filled card, read out as it appears. */
function OutcomeAlert({
  icon: Icon,
  ...props
}: Omit<AlertProps, 'icon' | 'variant' | 'maw' | 'role'> & { icon: TablerIcon; children: ReactNode }) {
  return <Alert variant="filled" icon={<Icon size={20} />} maw={420} role="alert" {...props} />;
}

function CreationOverlay({
  status,
  error,
  paid,
  onDone,
  onRetry,
}: {
  status: 'pending' | 'success' | 'error' | 'idle';
  error: unknown;
  paid: boolean;
  onDone: () => void;
  onRetry: () => void;
}) {
  return (
    <Overlay fixed zIndex={400} backgroundOpacity={0.6} blur={2} onClick={status === 'success' ? onDone : undefined}>
      <Center h="100%" p="md">
        {status === 'pending' && <Loader size="xl" color="white" role="progressbar" aria-label="Creating the game" />}
        {status === 'success' && (
          <OutcomeAlert color="pitch" icon={IconCircleCheck} title="Game Created" style={{ cursor: 'pointer' }}>
            <Text fz="sm">Tap anywhere to see your games.</Text>
            {/* The overlay's click handles it (a key press on the button bubbles there too). */}
            <Button size="xs" variant="white" color="pitch" mt="sm">
              Go to my games
            </Button>
          </OutcomeAlert>
        )}
        {status === 'error' && (
          <OutcomeAlert color="red" icon={IconAlertTriangle} title="The game was not created">
            <Text fz="sm">{errorMessage(error)}</Text>
            {paid && (
              <Text fz="sm" mt="xs">
                Your payment went through, so the booking is completed from it even if this page fails: check your games
                in a minute. If the slot could no longer be booked, the payment is refunded in full automatically.
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
          </OutcomeAlert>
        )}
      </Center>
    </Overlay>
  );
}
