import { Card, Group, List, Skeleton, Text, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { rooms } from '@playtime/shared/contract/rooms';
import { CREDIT_REASON_LABELS, WALLET_EMPTY, walletBalanceText } from '@playtime/shared/contract/credit-texts';
import { useLiveRoom } from '../../hooks/use-live-room';
import { formatDollars } from '../../utils/money';
import { useWallet, walletKeys } from './api/wallet';
import { IconTile } from '../../components/icon-tile';

const signed = (cents: number) => `${cents < 0 ? '−' : '+'}${formatDollars(Math.abs(cents))}`;

/**
 * Issue #45: the profile's wallet, what Playtime owes the user as credit (refunds taken as credit, entries
 * whose place was taken again), and what it paid. Live on the user's own room.
 */
export function WalletCard({ userId }: { userId: string }) {
  const wallet = useWallet();
  useLiveRoom(rooms.user(userId), [walletKeys.wallet]);
  return (
    <Card padding="lg" data-testid="wallet-card">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconTile>
          <IconWallet size={24} aria-hidden />
        </IconTile>
        <div style={{ flex: 1 }}>
          <Title order={2} fz="lg" id="wallet-title">
            Playtime credit
          </Title>
          {!wallet.data ? (
            <Skeleton height={24} mt={4} aria-label="Loading your credit" />
          ) : wallet.data.entries.length === 0 ? (
            <Text c="dimmed">{WALLET_EMPTY}</Text>
          ) : (
            <>
              <Text fw={700} fz="xl" data-testid="wallet-balance">
                {walletBalanceText(wallet.data.balanceCents)}
              </Text>
              <List size="sm" mt="xs" spacing={4} aria-labelledby="wallet-title">
                {wallet.data.entries.map((entry, index) => (
                  <List.Item key={`${entry.at}-${index}`}>
                    {signed(entry.amountCents)} · {CREDIT_REASON_LABELS[entry.reason]} ·{' '}
                    {new Date(entry.at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </div>
      </Group>
    </Card>
  );
}
