import { DomainError } from '../../decider';
import type { PitchTeam } from '../events';
import { GAME_FULL, GAME_FULL_JOIN_WAITLIST, OFFER_EXPIRED, spotOfferedToOther } from '../messages';
import { onPitchCount, placesTaken, standsAt } from '../queries';
import { TEAM_SLOTS } from '../rules';
import { NO_ROOM_FOR_GUESTS_CODE, noPlacesForParty, noSpotsForParty, partySize, placesOf } from './guests';
import type { KnownGame, Participant, ScheduledGame, SpotOffer } from '../state';

/** The spots an offer holds: its player's party (issue #45: a host is offered a spot for all of it). */
function spotsHeld(game: KnownGame, offers: SpotOffer[]): number {
  return offers.reduce((sum, offer) => {
    const holder = game.participants.find((participant) => participant.playerId === offer.playerId);
    return sum + (holder ? partySize(holder) : 1);
  }, 0);
}

/**
 * Whether a team, or the pitch, has fewer than `needed` spots left once the spots offered to the line
 * are counted as taken. `offers` are the offers that hold spots against whoever asks; `needed` is the
 * party that would come on (a player and their guests, issue #45).
 */
export function noRoom(
  game: KnownGame,
  team: PitchTeam,
  pitchGrows: boolean,
  offers: SpotOffer[],
  needed = 1,
): boolean {
  const onTeam = placesOf(game.participants.filter((participant) => participant.team === team));
  const offeredOnTeam = spotsHeld(
    game,
    offers.filter((offer) => offer.team === team),
  );
  const pitch = onPitchCount(game.participants) + spotsHeld(game, offers);
  return onTeam + offeredOnTeam + needed > TEAM_SLOTS || (pitchGrows && pitch + needed > game.details.maxPlayers);
}

/** The refusal of a party with guests that does not fit where a player alone would: it says how many spots. */
function refuseParty(game: KnownGame, mover: Participant, team: PitchTeam, pitchGrows: boolean, offers: SpotOffer[]) {
  if (mover.guests > 0 && !noRoom(game, team, pitchGrows, offers))
    throw new DomainError('conflict', NO_ROOM_FOR_GUESTS_CODE, noSpotsForParty(mover.username, mover.guests));
}

/**
 * Refuses a move onto a team that has no free slot or a pitch already at the game's maximum, and a move
 * onto a spot offered to someone else. The mover's own standing offer holds its spot for them.
 */
export function refuseUnlessRoom(game: ScheduledGame, mover: Participant, team: PitchTeam, now: number): void {
  const pitchGrows = mover.team === 0;
  const needed = partySize(mover);
  if (noRoom(game, team, pitchGrows, [], needed)) {
    refuseParty(game, mover, team, pitchGrows, []);
    throw new DomainError('conflict', 'game_full', GAME_FULL);
  }
  const own = game.spotOffers.find((offer) => offer.playerId === mover.playerId);
  const others = game.spotOffers.filter((offer) => offer !== own || !standsAt(offer, now));
  if (!noRoom(game, team, pitchGrows, others, needed)) return;
  refuseParty(game, mover, team, pitchGrows, others);
  if (own && !standsAt(own, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  const blocking = others.find((offer) => offer.team === team) ?? others[0]!;
  throw new DomainError('conflict', 'spot_offered', spotOfferedToOther(blocking.team));
}

/**
 * Refuses a newcomer when members and the places offered to the waitlist fill the game: they join the
 * waitlist instead. The holder of a standing waitlist offer has their place; once it expired, they have not.
 */
export function refuseUnlessPlaceFor(game: ScheduledGame, playerId: string, now: number, guests = 0): void {
  const offer = game.waitlistOffers.find((candidate) => candidate.playerId === playerId);
  if (offer && !standsAt(offer, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  const except = offer ? playerId : null;
  if (!placesTaken(game, except, guests)) return;
  // Issue #45: a host with guests needs 1 + guests places; their waitlist offer holds those it was made for.
  if (guests > 0 && !placesTaken(game, except))
    throw new DomainError('conflict', NO_ROOM_FOR_GUESTS_CODE, noPlacesForParty(guests));
  throw new DomainError('conflict', 'game_full', GAME_FULL_JOIN_WAITLIST);
}
