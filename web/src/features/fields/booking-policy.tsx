import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { setFieldPolicyBody } from '@playtime/shared/contract/fields';
import { MAX_CANCELLATION_WINDOW_HOURS } from '@playtime/shared/domain/fields/rules';
import { useState } from 'react';
import { useRole } from '../../lib/current-user';
import { useSetFieldPolicy } from './api/fields';
import type { OwnerField } from '../../types/field';

/**
 * How a field is booked: until how many hours before a game's start cancelling it refunds the
 * rental (empty: the app's default), and, for admins only, whether its rentals are free.
 */
export function BookingPolicy({ field }: { field: OwnerField }) {
  const isAdmin = useRole() === 'admin';
  const setPolicy = useSetFieldPolicy();
  const [hours, setHours] = useState<number | string>(field.cancellationWindowHours ?? '');
  const [freeRental, setFreeRental] = useState(field.freeRental);
  const typed = hours === '' ? null : Number(hours);
  // The server's own rule and message, shown before sending.
  const problem = setFieldPolicyBody.shape.cancellationWindowHours.safeParse(typed).error?.issues[0]?.message;
  const unchanged = typed === field.cancellationWindowHours && freeRental === field.freeRental;

  return (
    <Stack gap="xs" mt="sm" data-testid="booking-policy">
      <NumberInput
        label="Cancellation window (hours)"
        description="A game cancelled at least this long before its start gets its rental refunded. Empty: the default."
        value={hours}
        onChange={setHours}
        min={0}
        max={MAX_CANCELLATION_WINDOW_HOURS}
        allowDecimal={false}
        error={problem}
      />
      {isAdmin ? (
        <Switch
          label="Rentals are free"
          checked={freeRental}
          onChange={(event) => setFreeRental(event.currentTarget.checked)}
        />
      ) : (
        field.freeRental && <Text fz="sm">Rentals are free</Text>
      )}
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={problem !== undefined || unchanged}
          loading={setPolicy.isPending}
          onClick={() => setPolicy.mutate({ fieldId: field.fieldId, cancellationWindowHours: typed, freeRental })}
        >
          Save policy
        </Button>
      </Group>
    </Stack>
  );
}
