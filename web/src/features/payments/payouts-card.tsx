import { Button, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { Role } from '@playtime/shared/domain/users/events';
import { usePayoutAccount, useSetUpPayouts } from './api/payouts';
import { IconTile } from '../../components/icon-tile';

/** Who receives money: captains collect entry fees, field owners rentals; admins may do both. */
export const PAYOUT_ROLES: readonly Role[] = ['captain', 'field owner', 'admin'];

/** Stripe's two flags (charges_enabled, payouts_enabled) as one plain sentence. */
function payoutStatus(account: { chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean }) {
  if (account.chargesEnabled && account.payoutsEnabled)
    return { ready: true, text: 'Ready: the money you collect is paid to your bank account.' };
  if (account.detailsSubmitted)
    return { ready: false, text: 'Almost ready: finish your bank details to receive the money you collect.' };
  return { ready: false, text: 'Add your bank details to receive entry fees and field rentals.' };
}

/**
 * The profile's payouts: where an organizer's entry fees and a field owner's rentals are paid out.
 * With Stripe, the button opens Stripe's hosted onboarding; the status comes from Stripe's own flags
 * as its account.updated webhooks last reported them. Only people who receive money see it.
 */
export function PayoutsCard() {
  const account = usePayoutAccount();
  const setUp = useSetUpPayouts();
  const status = account.data ? payoutStatus(account.data) : undefined;
  return (
    <Card padding="lg">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 240px' }}>
          <IconTile>
            <IconBuildingBank size={24} />
          </IconTile>
          <div>
            <Text c="dimmed" fz="sm" fw={600}>
              Getting paid
            </Text>
            {account.isPending ? (
              <Skeleton h={20} w={160} mt={4} />
            ) : account.isError ? (
              <Text fz="sm">Your payment details could not be read. Reload to try again.</Text>
            ) : (
              <Text fz="sm" mt={4}>
                {status?.text}
              </Text>
            )}
          </div>
        </Group>
        {account.data && status && !status.ready && (
          <Button onClick={() => setUp.mutate()} loading={setUp.isPending}>
            {account.data.detailsSubmitted ? 'Finish bank details' : 'Add bank details'}
          </Button>
        )}
      </Group>
    </Card>
  );
}
