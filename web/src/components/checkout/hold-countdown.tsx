import { Badge } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect, useEffectEvent } from 'react';
import { useNow } from '../../hooks/use-now';
import { formatCountdown, remainingMs } from './countdown';

/** The time left on a hold, ticking each second; calls `onExpired` once it runs out. */
export function HoldCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  const now = useNow(1000);
  const left = remainingMs(expiresAt, now);
  const expired = useEffectEvent(onExpired);
  useEffect(() => {
    if (left === 0) expired();
  }, [left]);
  return (
    <Badge
      size="lg"
      variant="light"
      color={left < 60_000 ? 'red' : 'pitch'}
      leftSection={<IconHourglass size={14} />}
      aria-live="polite"
      role="timer"
    >
      Slot held for {formatCountdown(left)}
    </Badge>
  );
}
