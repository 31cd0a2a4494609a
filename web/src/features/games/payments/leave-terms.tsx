import { Radio, Skeleton, Stack, Text } from '@mantine/core';
import {
  LEAVE_QUESTION,
  REFUND_DESTINATION_LABELS,
  REFUND_DESTINATIONS,
  type RefundDestination,
} from '@playtime/shared/contract/credit-texts';
import { useLeaveTerms } from '../api/credit';
import { LEAVE_CONFIRMATION } from '../play/messages';

/**
 * Issue #45: the Leave dialog's terms, before the player leaves: the organizer's rule, what applies to
 * this leave now (the server's words), and, within free cancellation, where the refund goes.
 */
export function LeaveTerms({
  gameId,
  refundTo,
  onRefundTo,
}: {
  gameId: string;
  refundTo: RefundDestination;
  onRefundTo: (destination: RefundDestination) => void;
}) {
  const terms = useLeaveTerms(gameId, true);
  if (!terms.data) return <Skeleton height={48} mt="xs" aria-label="Loading what leaving means" />;
  const { free, held, amountCents, rule, gameRule } = terms.data;
  return (
    <Stack gap="xs">
      {/* The spec's warning, true only once free cancellation has passed and the card was charged (a hold is released). */}
      <Text>{free || held ? LEAVE_QUESTION : LEAVE_CONFIRMATION}</Text>
      <Text fz="sm" c="dimmed">
        {gameRule}
      </Text>
      <Text fz="sm" fw={500} data-testid="leave-rule">
        {rule}
      </Text>
      {free && !held && amountCents > 0 && (
        <Radio.Group
          label="Refund to"
          value={refundTo}
          onChange={(value) => onRefundTo(value === 'credit' ? 'credit' : 'card')}
        >
          <Stack gap={6} mt={6}>
            {REFUND_DESTINATIONS.map((destination) => (
              <Radio key={destination} value={destination} label={REFUND_DESTINATION_LABELS[destination]} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
