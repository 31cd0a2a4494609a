import { DomainError, type DecisionContext } from '../../decider';
import { member, refuseUnlessOpen, offerStillToExpire } from '../guards';
import { ANSWER_FOR_YOURSELF, NO_SPOT_OFFER, OFFER_EXPIRED } from '../messages';
import { standsAt } from '../queries';
import type { ScheduledGame, SpotOffer } from '../state';
import type { Decide } from './game-command';
import { moveOnce } from './move-player';

/** The player's standing spot offer, or a refusal naming why there is none to answer. */
function spotOfferOf(game: ScheduledGame, playerId: string, context: DecisionContext): SpotOffer {
  if (context.actorId !== playerId) throw new DomainError('forbidden', 'answer_for_yourself', ANSWER_FOR_YOURSELF);
  const offer = game.spotOffers.find((candidate) => candidate.playerId === playerId);
  if (!offer) throw new DomainError('not_found', 'no_offer', NO_SPOT_OFFER);
  return offer;
}

export const acceptSpot: Decide<'AcceptSpot'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  const offer = spotOfferOf(game, command.playerId, context);
  const now = context.now.getTime();
  if (!standsAt(offer, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  // The move onto the offered team ends the offer (evolve): no event of its own.
  return moveOnce(game, member(game, command.playerId), offer.team, command.playerId, now, context.now.toISOString());
};

export const declineSpot: Decide<'DeclineSpot'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  const { team } = spotOfferOf(game, command.playerId, context);
  return [
    {
      type: 'SpotDeclined',
      data: { gameId: game.details.gameId, playerId: command.playerId, team, at: context.now.toISOString() },
    },
  ];
};

export const expireSpotOffer: Decide<'ExpireSpotOffer'> = (command, state, context) => {
  // Accepted, declined or expired already (the job ran before): nothing to expire.
  const due = offerStillToExpire(state, context, (game) => game.spotOffers, command);
  if (!due) return [];
  const { game, offer } = due;
  const { playerId, team, offeredAt } = offer;
  return [
    {
      type: 'SpotOfferExpired',
      data: { gameId: game.details.gameId, playerId, team, offeredAt, at: context.now.toISOString() },
    },
  ];
};
