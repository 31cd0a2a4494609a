import { Alert, Anchor, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '../../lib/notify';
import { formatDollars } from '../../utils/money';
import { ApiError } from '../../lib/api-error';
import { completeSimulatedAction, confirmSimulatedPayment, type PaymentAttempt } from './api/payments';
import {
  declineMessage,
  formatCardNumber,
  formatExpiry,
  readCardForm,
  TEST_CARDS,
  type CardFormErrors,
} from './card-details';
import { BankProcessingNotice } from './bank-processing-notice';
import type { CardFormProps } from './card-form-props';

function PaymentFailed({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Payment failed">
      {failure}
    </Alert>
  );
}

/**
 * The standalone card form: the simulated processor's test cards behave like a real processor's
 * (success, declines, a confirmation step). After a decline the form stays, so the person can try
 * another card while their purchase (e.g. the held slot) stays reserved.
 */
export function SimulatedCardForm({ clientSecret, amountCents, disabled, onSucceeded }: CardFormProps) {
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [needsAuthentication, setNeedsAuthentication] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The form arrives after the dialog has opened (once the payment exists), when the dialog's focus
  // trap has already chosen its close button: the card number takes the focus then.
  const cardNumber = useRef<HTMLInputElement>(null);
  useEffect(() => cardNumber.current?.focus(), []);

  const settle = (attempt: PaymentAttempt) => {
    // An authorized entry (issue #45) is held until its game is on: the join takes it as paid.
    if (attempt.status === 'succeeded' || attempt.status === 'requires_capture') {
      onSucceeded(attempt.paymentId);
      return;
    }
    setNeedsAuthentication(attempt.status === 'requires_action');
    setProcessing(attempt.status === 'processing');
    setFailure(attempt.status === 'failed' ? declineMessage(attempt.error) : null);
  };

  const run = async (call: () => Promise<PaymentAttempt>) => {
    setBusy(true);
    setFailure(null);
    try {
      settle(await call());
    } catch (error) {
      // A declined card is answered with 402 (as Stripe does): the decline code says what to do next.
      if (error instanceof ApiError && error.status === 402)
        setFailure(declineMessage({ code: error.code, message: error.message }));
      else setFailure(errorMessage(error, 'The payment could not be sent. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readCardForm(values, new Date());
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    void run(() => confirmSimulatedPayment(clientSecret, read.card));
  };

  // The bank answers later: the server joins the payer, or gives back what the checkout spent.
  if (processing) return <BankProcessingNotice />;

  if (needsAuthentication) {
    return (
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={22} />
          <Text fw={700}>Authenticate this payment</Text>
        </Group>
        <Text fz="sm">
          Your card issuer asks you to confirm the payment of {formatDollars(amountCents)}. (This is the test
          processor&apos;s stand-in for your bank&apos;s check.)
        </Text>
        <PaymentFailed failure={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={busy} onClick={() => setNeedsAuthentication(false)}>
            Use another card
          </Button>
          <Button
            loading={busy}
            disabled={disabled}
            onClick={() => void run(() => completeSimulatedAction(clientSecret))}
          >
            Complete authentication
          </Button>
        </Group>
      </Stack>
    );
  }

  const set = (key: keyof typeof values, value: string) => setValues((current) => ({ ...current, [key]: value }));
  /** A card input: a phone's digit keypad, its value and error, and what is typed, tidied as the form keeps it. */
  const cardInput = (key: keyof typeof values, tidy: (typed: string) => string) => ({
    inputMode: 'numeric' as const,
    value: values[key],
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, tidy(event.currentTarget.value)),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PaymentFailed failure={failure} />
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          autoComplete="cc-number"
          {...cardInput('cardNumber', formatCardNumber)}
          ref={cardNumber}
          data-autofocus
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label="Expiry"
            placeholder="MM / YY"
            autoComplete="cc-exp"
            {...cardInput('expiry', formatExpiry)}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            autoComplete="cc-csc"
            maxLength={4}
            {...cardInput('cvc', (typed) => typed.replace(/\D/g, ''))}
          />
        </Group>
        <Button type="submit" loading={busy} disabled={disabled} leftSection={<IconLock size={16} />} fullWidth>
          Pay {formatDollars(amountCents)}
        </Button>
        <Alert variant="light" color="gray" title="Test mode: no real card is charged">
          <Text fz="xs">Use any future expiry date and any CVC with one of these cards:</Text>
          <List size="xs" mt={4} spacing={2}>
            {TEST_CARDS.map((card) => (
              <List.Item key={card.number}>
                <Anchor component="button" type="button" fz="xs" onClick={() => set('cardNumber', card.number)}>
                  {card.number}
                </Anchor>{' '}
                {card.outcome}
              </List.Item>
            ))}
          </List>
        </Alert>
      </Stack>
    </form>
  );
}
