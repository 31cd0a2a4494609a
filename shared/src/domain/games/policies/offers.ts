import { DomainError, type DecisionContext } from '../../decider';
import type { GameEvent, PitchTeam, Team } from '../events';
import { OFFER_NOT_EXPIRED } from '../messages';
import { placesTaken, standsAt } from '../queries';
import { offerWindowMs, type OfferWindows } from '../rules';
import { evolve, type GameState, type Offer, type ScheduledGame } from '../state';
import { noRoom } from './capacity';
import { quietUntil } from './quiet-hours';
import { regularsOnlyNow } from './regulars-first';
import { partySize } from './guests';

/** The offer an expiry job names, if it still stands; refused before its time, so the job runs again later. */
export function offerToExpire<Kind extends Offer>(
  offers: Kind[],
  playerId: string,
  offeredAt: string,
  now: Date,
): Kind | null {
  const offer = offers.find((candidate) => candidate.playerId === playerId && candidate.offeredAt === offeredAt);
  if (!offer) return null;
  if (standsAt(offer, now.getTime())) throw new DomainError('conflict', 'offer_not_expired', OFFER_NOT_EXPIRED);
  return offer;
}

/** The team of the pitch spot an event frees, if it frees one. */
function spotFreedBy(game: ScheduledGame, event: GameEvent): PitchTeam | null {
  const teamOf = (playerId: string) =>
    game.participants.find((participant) => participant.playerId === playerId)?.team ?? 0;
  let team: Team = 0;
  if (event.type === 'PlayerLeft' || event.type === 'PlayerRemoved') team = teamOf(event.data.playerId);
  if (event.type === 'PlayerMoved' && event.data.to === 0) team = event.data.from;
  return team === 0 ? null : team;
}

/**
 * The offers that follow a decision. A spot that freed in a full game (the pitch at maxPlayers or the
 * team at its slots, offered spots counted as taken), and the spot of an offer that ended without
 * filling it, go to the first in line holding no offer; a place freed in the game's total goes to the
 * first on the waitlist holding none. `passedOver` is the player the decision was about: the one who
 * declined, let an offer expire or stepped off the pitch is not offered that spot again at once.
 */
export function offersAfter(
  before: ScheduledGame,
  decided: GameEvent[],
  passedOver: string | null,
  windows: OfferWindows | undefined,
  context: DecisionContext,
): GameEvent[] {
  let game: GameState = before;
  const spots: PitchTeam[] = [];
  for (const event of decided) {
    const freed = game.status === 'scheduled' ? spotFreedBy(game, event) : null;
    if (freed && game.status === 'scheduled' && noRoom(game, freed, true, game.spotOffers)) spots.push(freed);
    game = evolve(game, event);
  }
  if (game.status !== 'scheduled') return [];
  let open: ScheduledGame = game;
  for (const ended of before.spotOffers) {
    if (!open.spotOffers.some((offer) => offer.playerId === ended.playerId)) spots.push(ended.team);
  }
  const now = context.now.getTime();
  const at = context.now.toISOString();
  // Issue #46: an offer made in the player's quiet hours starts its window at their 08:00.
  const expiresAtFor = (playerId: string) => {
    const zone = open.playerTimeZones?.[playerId];
    const windowStart = (zone ? quietUntil(now, zone, open.start) : null) ?? now;
    return new Date(windowStart + offerWindowMs(windowStart, open.start, windows)).toISOString();
  };
  const { gameId } = open.details;
  const offers: GameEvent[] = [];
  const offer = (event: GameEvent) => {
    offers.push(event);
    open = evolve(open, event) as ScheduledGame;
  };
  for (const team of spots) {
    // A party that left frees a spot for each of its places (issue #45): offer them while they last.
    for (;;) {
      if (noRoom(open, team, true, open.spotOffers)) break;
      const holders = new Set(open.spotOffers.map((held) => held.playerId));
      // The first in line whose party fits the room left: a host with guests is offered spots for all
      // of them, or keeps their place in line for a bigger opening while the next one fits.
      const fits = (playerId: string) => {
        const waiting = open.participants.find((participant) => participant.playerId === playerId);
        return !noRoom(open, team, true, open.spotOffers, waiting ? partySize(waiting) : 1);
      };
      const next = open.line.find((playerId) => playerId !== passedOver && !holders.has(playerId) && fits(playerId));
      if (!next) break;
      offer({ type: 'SpotOffered', data: { gameId, playerId: next, team, at, expiresAt: expiresAtFor(next) } });
    }
  }
  for (;;) {
    const holders = new Set(open.waitlistOffers.map((held) => held.playerId));
    // Nobody is offered a place they may not take yet: a newcomer waits out the regulars' window.
    // Issue #45: a party is offered places for all of it or none. The first waiting party that fits the
    // places left is offered them; one too big for them keeps its place on the waitlist and is offered
    // the next opening it fits, as the line does with team spots. A restaurant's list works so: the
    // freed places are not left empty while a bigger party waits, and nobody loses their turn.
    const next = open.waitlist.find(
      (waiting) =>
        !holders.has(waiting.playerId) &&
        !regularsOnlyNow(open, waiting.playerId, now) &&
        !placesTaken(open, null, waiting.guests),
    );
    if (!next) break;
    const { playerId, guests } = next;
    offer({
      type: 'WaitlistOffered',
      // Absent when alone, as in every event recorded before guests.
      data: { gameId, playerId, at, expiresAt: expiresAtFor(playerId), ...(guests > 0 ? { guests } : {}) },
    });
  }
  return offers;
}
