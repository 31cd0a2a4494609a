import { Badge, Card, Skeleton, Table, Text, Title } from '@mantine/core';
import {
  GAME_PAYMENT_STATE_LABELS,
  GAME_PAYMENTS_EMPTY,
  type GamePaymentState,
} from '@playtime/shared/contract/credit-texts';
import { formatDollars } from '../../../utils/money';
import { useGamePayments } from '../api/credit';

const STATE_COLORS: Record<GamePaymentState, string> = {
  authorized: 'blue',
  paid: 'green',
  refunded: 'gray',
  credited: 'grape',
  released: 'gray',
  kept: 'orange',
};

/** A long name breaks rather than widening the table past a phone's width. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/** A badge whose words wrap onto a second line instead of an ellipsis ('Refunded as credit', not 'R…'). */
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
} as const;

/**
 * Issue #45, who has paid: each member's payment with guests, amount and state, to the organizer (and
 * admins). Live: its query is under the game page's key, which the game's room refreshes.
 */
export function GamePaymentsTable({ gameId }: { gameId: string }) {
  const payments = useGamePayments(gameId, true);
  return (
    <Card padding="lg" data-testid="game-payments">
      <Title order={2} fz="lg" mb="sm" id="game-payments-title">
        Who has paid
      </Title>
      {!payments.data ? (
        <Skeleton height={60} aria-label="Loading who has paid" />
      ) : payments.data.items.length === 0 ? (
        <Text c="dimmed">{GAME_PAYMENTS_EMPTY}</Text>
      ) : (
        // Four columns fit a phone at 390 px because their words wrap (a name, a badge on two lines)
        // instead of being cut to 'P…': no sideways scrolling to reach by keyboard, still one table.
        <Table aria-labelledby="game-payments-title" striped fz="sm" horizontalSpacing={6} layout="auto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Player</Table.Th>
              <Table.Th scope="col">Guests</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col">State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.data.items.map((item, index) => (
              <Table.Tr key={`${item.userId}-${index}`} data-state={item.state}>
                <Table.Td style={WRAP}>{item.username}</Table.Td>
                <Table.Td>{item.guests}</Table.Td>
                <Table.Td>{formatDollars(item.amountCents)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[item.state]} variant="light" tt="none" styles={WRAPPING_BADGE}>
                    {GAME_PAYMENT_STATE_LABELS[item.state]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
