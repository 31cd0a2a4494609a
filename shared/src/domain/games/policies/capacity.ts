import { DomainError } from '../../decider';
import type { PitchTeam } from '../events';
import { GAME_FULL, GAME_FULL_JOIN_WAITLIST, OFFER_EXPIRED, spotOfferedToOther } from '../messages';
import { onPitchCount, placesTaken, standsAt } from '../queries';
import { TEAM_SLOTS } from '../rules';
import type { KnownGame, Participant, ScheduledGame, SpotOffer } from '../state';

/**
 * Whether a team, or the pitch, has no spot left once the spots offered to the line are counted as
 * taken. `offers` are the offers that hold spots against whoever asks.
 */
export function noRoom(game: KnownGame, team: PitchTeam, pitchGrows: boolean, offers: SpotOffer[]): boolean {
  const onTeam = game.participants.filter((participant) => participant.team === team).length;
  const offeredOnTeam = offers.filter((offer) => offer.team === team).length;
  const pitch = onPitchCount(game.participants) + offers.length;
  return onTeam + offeredOnTeam >= TEAM_SLOTS || (pitchGrows && pitch >= game.details.maxPlayers);
}

/**
 * Refuses a move onto a team that has no free slot or a pitch already at the game's maximum, and a move
 * onto a spot offered to someone else. The mover's own standing offer holds its spot for them.
 */
export function refuseUnlessRoom(game: ScheduledGame, mover: Participant, team: PitchTeam, now: number): void {
  const pitchGrows = mover.team === 0;
  if (noRoom(game, team, pitchGrows, [])) throw new DomainError('conflict', 'game_full', GAME_FULL);
  const own = game.spotOffers.find((offer) => offer.playerId === mover.playerId);
  const others = game.spotOffers.filter((offer) => offer !== own || !standsAt(offer, now));
  if (!noRoom(game, team, pitchGrows, others)) return;
  if (own && !standsAt(own, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  const blocking = others.find((offer) => offer.team === team) ?? others[0]!;
  throw new DomainError('conflict', 'spot_offered', spotOfferedToOther(blocking.team));
}

/**
 * Refuses a newcomer when members and the places offered to the waitlist fill the game: they join the
 * waitlist instead. The holder of a standing waitlist offer has their place; once it expired, they have not.
 */
export function refuseUnlessPlaceFor(game: ScheduledGame, playerId: string, now: number): void {
  const offer = game.waitlistOffers.find((candidate) => candidate.playerId === playerId);
  if (offer && !standsAt(offer, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  if (placesTaken(game, offer ? playerId : null))
    throw new DomainError('conflict', 'game_full', GAME_FULL_JOIN_WAITLIST);
}
