import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import type { JobAsked, JobPolicy } from '../policy';
import type { CaptureHeldEntryJob, ReleaseHeldEntryJob } from './handler';

const capture = (gameId: string, paymentId: string): JobAsked<CaptureHeldEntryJob> => ({
  jobName: 'capture-held-entry',
  data: { kind: 'capture-held-entry', gameId, paymentId, idempotencyKey: `capture-${gameId}-${paymentId}` },
});

const release = (gameId: string, paymentId: string): JobAsked<ReleaseHeldEntryJob> => ({
  jobName: 'release-held-entry',
  data: { kind: 'release-held-entry', gameId, paymentId, idempotencyKey: `release-${gameId}-${paymentId}` },
});

/**
 * Issue #45: the game went ahead, so its held entries are captured; a holder left before the
 * decision, or the game was cancelled, so those holds are released (a cancellation refunds only the
 * entries charged: cancel-game's policy).
 */
export const heldEntriesPolicy: JobPolicy<CaptureHeldEntryJob | ReleaseHeldEntryJob> = {
  handles: ['HeldEntriesCharged', 'EntryHoldReleased', 'GameCancelled'] satisfies GameEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    switch (event.type) {
      case 'HeldEntriesCharged':
        return event.data.entries.map((entry) => capture(event.data.gameId, entry.paymentId));
      case 'EntryHoldReleased':
        return [release(event.data.gameId, event.data.paymentId)];
      case 'GameCancelled':
        return (event.data.releasedEntries ?? []).map((entry) => release(event.data.gameId, entry.paymentId));
      default:
        return [];
    }
  },
};
