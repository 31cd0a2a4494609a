import type { OfferWindows } from '../../domain/games/rules';
import type { CommandDoor } from '../../infra/commands/command-door';
import type { EventMetadata } from '../../infra/eventstore/port';
import { decideOnGame } from '../game-decision';

/** The spot or waitlist offer made to `playerId` at `offeredAt`, at its expiry. */
export type ExpireOfferJob = {
  kind: 'expire-spot-offer' | 'expire-waitlist-offer';
  gameId: string;
  playerId: string;
  offeredAt: string;
};

/**
 * The offer runs out, passing the place on with an offer of its own (OFFER_WINDOW_*). An offer answered
 * meanwhile decides nothing; one run a little early is refused, and the job runs again.
 */
export async function expireOffer(
  deps: { commands: CommandDoor; offerWindows: OfferWindows },
  job: ExpireOfferJob,
  metadata: EventMetadata,
): Promise<void> {
  await decideOnGame(
    deps.commands,
    job.gameId,
    {
      type: job.kind === 'expire-spot-offer' ? 'ExpireSpotOffer' : 'ExpireWaitlistOffer',
      playerId: job.playerId,
      offeredAt: job.offeredAt,
      offerWindows: deps.offerWindows,
    },
    metadata,
  );
}
