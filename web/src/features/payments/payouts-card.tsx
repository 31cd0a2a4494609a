import { Badge, Button, Card, Center, Group, Skeleton, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { usePayoutAccount, useSetUpPayouts } from './api/payments';

/**
 * The profile's payouts: where an organizer's entry fees and a field owner's rentals are paid out.
 * With Stripe, 'Set up payouts' opens Stripe's hosted onboarding; the flags are Stripe's own
 * (charges_enabled, payouts_enabled), as its account.updated webhooks last reported them.
 */
export function PayoutsCard() {
  const account = usePayoutAccount();
  const setUp = useSetUpPayouts();
  const ready = account.data?.chargesEnabled && account.data.payoutsEnabled;
  return (
    <Card padding="lg">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <Center w={44} h={44} bg="pitch.0" c="pitch.8" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <IconBuildingBank size={24} />
          </Center>
          <div>
            <Text c="dimmed" fz="sm" fw={600}>
              Payouts
            </Text>
            {account.isPending ? (
              <Skeleton h={20} w={160} mt={4} />
            ) : account.isError ? (
              <Text fz="sm">Payouts could not be read. Reload to try again.</Text>
            ) : (
              <Group gap={6} mt={4}>
                <Badge color={account.data.chargesEnabled ? 'green' : 'gray'} variant="light">
                  {account.data.chargesEnabled ? 'Charges enabled' : 'Charges not enabled'}
                </Badge>
                <Badge color={account.data.payoutsEnabled ? 'green' : 'gray'} variant="light">
                  {account.data.payoutsEnabled ? 'Payouts enabled' : 'Payouts not enabled'}
                </Badge>
              </Group>
            )}
          </div>
        </Group>
        {account.data && !ready && (
          <Button onClick={() => setUp.mutate()} loading={setUp.isPending}>
            {account.data.detailsSubmitted ? 'Finish setting up payouts' : 'Set up payouts'}
          </Button>
        )}
      </Group>
    </Card>
  );
}
