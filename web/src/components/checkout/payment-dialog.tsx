import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/notify';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { formatDollars } from '../../utils/money';
import { usePublicConfig } from '../../hooks/use-public-config';
import { CardForm } from './card-form';
import { HoldCountdown } from './hold-countdown';
import { paymentsConfigOf } from './processor';
import { Loading } from '../loading';

export interface PaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What the person pays, in cents, and what for. */
  amountCents: number;
  description: string;
  /** Identifies the purchase: a new key creates a new payment (checkout) on the server. */
  paymentKey: string;
  /** Creates the payment on the server (POST /api/checkout); resolves to its client secret. */
  createPayment: () => Promise<string>;
  onSucceeded: (paymentId: string) => void;
  /** The reservation the payment is for, when it expires (the held slot): shown as a countdown. */
  expiresAt?: string | null;
  onExpired?: () => void;
}

/**
 * The card payment dialog (spec §2, §4 Confirm flow): creates the payment, then the processor's card
 * form confirms it. Failures stay in the dialog with what to do; closing it keeps the reservation.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const small = useSmallScreen();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Pay by card" centered fullScreen={small}>
      {props.opened && <PaymentBody {...props} />}
    </Modal>
  );
}

function PaymentBody({
  amountCents,
  description,
  paymentKey,
  createPayment,
  onSucceeded,
  expiresAt,
  onExpired,
  onClose,
}: PaymentDialogProps) {
  const config = usePublicConfig();
  const [expired, setExpired] = useState(false);
  // One payment per purchase: reopening the dialog for the same purchase reuses its client secret.
  const payment = useQuery({
    queryKey: ['payments', 'checkout', paymentKey],
    queryFn: createPayment,
    staleTime: Infinity,
    gcTime: 15 * 60_000,
    retry: false,
    // The dialog shows the failure itself, with what to do.
    meta: { silent: true },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
          <Text fw={700} fz="xl">
            {formatDollars(amountCents)}
          </Text>
        </div>
        {expiresAt && (
          <HoldCountdown
            expiresAt={expiresAt}
            onExpired={() => {
              setExpired(true);
              onExpired?.();
            }}
          />
        )}
      </Group>
      {expired && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Your hold ran out">
          The slot is no longer reserved for you. Close this dialog and hold the slot again to pay.
        </Alert>
      )}
      {(payment.isPending || config.isPending) && <Loading label="Preparing the payment" py="lg" />}
      {payment.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The payment could not be started">
          <Text fz="sm">{errorMessage(payment.error)}</Text>
          <Group gap="sm" mt="sm">
            <Button size="xs" onClick={() => void payment.refetch()}>
              Try again
            </Button>
            <Button size="xs" variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Alert>
      )}
      {payment.data && !config.isPending && (
        <CardForm
          config={paymentsConfigOf(config.data)}
          clientSecret={payment.data}
          amountCents={amountCents}
          disabled={expired}
          onSucceeded={onSucceeded}
        />
      )}
    </Stack>
  );
}
