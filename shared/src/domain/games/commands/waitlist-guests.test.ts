import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { at, before, join, fullGame } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import { entryCheckoutAllowed, placesTaken, waitlistOf } from '../queries';
import { tooManyGuests } from '../policies/guests';
import type { GameEvent } from '../events';

/**
 * Issue #45: a host waits on the waitlist with their guests. The party is offered places for all of it
 * or none (a party too big for the places freed keeps its place while a smaller one behind it fits), the
 * offer holds 1 + guests places, taking it joins the whole party, and letting it expire frees them all.
 */
describe('the waitlist with guests', () => {
  const NOON = '2026-11-22T12:00:00.000Z';
  // The start (18:00) is six hours away at noon: offers stand for 30 minutes.
  const HALF_PAST = '2026-11-22T12:30:00.000Z';
  const stateOf = (history: GameEvent[]) => fold(gameDecider, history);
  const left = (playerId: string): GameEvent => ({
    type: 'PlayerLeft',
    data: { gameId: 'g1', playerId, at: NOON, playedSeconds: 0 },
  });
  const waitlisted = (playerId: string, guests = 0, guestNames: string[] = []): GameEvent => ({
    type: 'WaitlistJoined',
    data: {
      gameId: 'g1',
      playerId,
      username: playerId,
      at: NOON,
      ...(guests > 0 ? { guests } : {}),
      ...(guestNames.length > 0 ? { guestNames } : {}),
    },
  });
  const offered = (playerId: string, guests = 0, time = NOON, expiresAt = HALF_PAST): GameEvent => ({
    type: 'WaitlistOffered',
    data: { gameId: 'g1', playerId, at: time, expiresAt, ...(guests > 0 ? { guests } : {}) },
  });
  const expired = (playerId: string): GameEvent => ({
    type: 'WaitlistOfferExpired',
    data: { gameId: 'g1', playerId, offeredAt: NOON, at: HALF_PAST },
  });
  const joinWaitlist = (playerId: string, guests?: number, guestNames?: string[]): GameCommand => ({
    type: 'JoinWaitlist',
    playerId,
    username: playerId,
    ...(guests === undefined ? {} : { guests }),
    ...(guestNames === undefined ? {} : { guestNames }),
  });

  describe('joining the waitlist', () => {
    it('waits with the guests and the names typed, and the list shows the party', () => {
      given(gameDecider, fullGame())
        .when(joinWaitlist('w1', 2, [' Ann ', 'Bo', 'extra']), before('w1'))
        .then([waitlisted('w1', 2, ['Ann', 'Bo'])]);
      expect(waitlistOf(stateOf([...fullGame(), waitlisted('w1', 2)]))).toEqual([
        { playerId: 'w1', username: 'w1', guests: 2, position: 1, offer: null },
      ]);
    });

    it('refuses more guests than the game takes, with the join’s words for the limit', () => {
      given(gameDecider, fullGame({ guestsPerPlayer: 1 }))
        .when(joinWaitlist('w1', 2), before('w1'))
        .thenRefused('too_many_guests', tooManyGuests(1));
      given(gameDecider, fullGame({ guestsPerPlayer: 0 }))
        .when(joinWaitlist('w1', 1), before('w1'))
        .thenRefused('too_many_guests', tooManyGuests(0));
    });

    it('lets a party wait where one player alone would still fit, but not the player alone', () => {
      const oneLeft = fullGame().slice(0, -1);
      given(gameDecider, oneLeft).when(joinWaitlist('w1'), before('w1')).thenRefused('not_full');
      given(gameDecider, oneLeft)
        .when(joinWaitlist('w1', 1), before('w1'))
        .then([waitlisted('w1', 1)]);
    });
  });

  describe('offers to parties', () => {
    it('skips a party the freed places do not fit, which keeps its place, and offers them to the next that fits', () => {
      const waiting = [...fullGame(), waitlisted('w1', 2), waitlisted('w2')];
      given(gameDecider, waiting)
        .when({ type: 'LeaveGame', playerId: 's2' }, before('s2'))
        .then([left('s2'), offered('w2')]);
      const after = stateOf([...waiting, left('s2'), offered('w2')]);
      expect(waitlistOf(after).map(({ playerId, position, offer }) => [playerId, position, offer !== null])).toEqual([
        ['w1', 1, false],
        ['w2', 2, true],
      ]);
    });

    it('offers a party its places once enough free, holding all of them against anyone else', () => {
      const waiting = [...fullGame(), waitlisted('w1', 2), left('s1'), left('s2')];
      // Two places free: not enough for three, and nobody behind fits… until a third frees.
      const twoFree = stateOf(waiting);
      expect(twoFree.status === 'scheduled' && placesTaken(twoFree, null, 2)).toBe(true);
      given(gameDecider, waiting)
        .when({ type: 'LeaveGame', playerId: 'p0' }, before('p0'))
        .then([left('p0'), offered('w1', 2)]);
      const holding = [...waiting, left('p0'), offered('w1', 2)];
      // The three places are the party's: a newcomer finds the game full, and may only wait.
      given(gameDecider, holding).when(join('late'), before('late')).thenRefused('game_full');
      given(gameDecider, holding)
        .when(joinWaitlist('late'), before('late'))
        .then([waitlisted('late')]);
      const state = stateOf(holding);
      expect(entryCheckoutAllowed(state, 'w1', new Date(NOON), 2)).toBe(true);
      expect(entryCheckoutAllowed(state, 'late', new Date(NOON))).toBe(false);
    });

    it('joins the whole party when the host takes the offer with a payment for all of them, names kept', () => {
      const price = 1000;
      const holding = [
        ...fullGame({ priceCents: price }),
        waitlisted('w1', 2, ['Ann', 'Bo']),
        left('s1'),
        left('s2'),
        left('p0'),
        offered('w1', 2),
      ];
      const payment = { paymentId: 'pay-w1', payerId: 'w1', amountCents: price * 3, gameId: 'g1', guests: 2 };
      const events = gameDecider.decide(join('w1', payment), stateOf(holding), before('w1'));
      expect(events).toEqual([
        {
          type: 'PlayerJoined',
          data: {
            gameId: 'g1',
            playerId: 'w1',
            username: 'w1',
            paymentId: 'pay-w1',
            at: NOON,
            guests: 2,
            guestNames: ['Ann', 'Bo'],
          },
        },
      ]);
      const joinedGame = stateOf([...holding, ...events]);
      expect(joinedGame.status === 'scheduled' && joinedGame.waitlistOffers).toEqual([]);
      expect(joinedGame.status === 'scheduled' && placesTaken(joinedGame)).toBe(true);
      // A payment for the host alone buys no places for their guests.
      given(gameDecider, holding)
        .when({ ...join('w1', { ...payment, amountCents: price, guests: 0 }), guests: 2 } as GameCommand, before('w1'))
        .thenRefused('payment_guests');
    });

    it('joins a free game’s party with the guests it waited with when the join does not say', () => {
      const holding = [...fullGame(), waitlisted('w1', 1), left('s1'), left('s2'), offered('w1', 1)];
      expect(gameDecider.decide(join('w1'), stateOf(holding), before('w1'))[0]).toMatchObject({
        type: 'PlayerJoined',
        data: { playerId: 'w1', guests: 1 },
      });
    });

    it('takes the places back when a host joins with fewer guests, and offers them on', () => {
      const holding = [
        ...fullGame(),
        waitlisted('w1', 2),
        waitlisted('w2'),
        left('s1'),
        left('s2'),
        left('p0'),
        offered('w1', 2),
      ];
      const events = gameDecider.decide({ ...join('w1'), guests: 0 } as GameCommand, stateOf(holding), before('w1'));
      expect(events.map((event) => event.type)).toEqual(['PlayerJoined', 'WaitlistOffered']);
      expect(events[1]).toMatchObject({ data: { playerId: 'w2' } });
    });

    it('frees every place an expired offer held, for the parties behind that fit them', () => {
      const holding = [
        ...fullGame(),
        waitlisted('w1', 2),
        waitlisted('w2', 1),
        waitlisted('w3'),
        left('s1'),
        left('s2'),
        left('p0'),
        offered('w1', 2),
      ];
      given(gameDecider, holding)
        .when({ type: 'ExpireWaitlistOffer', playerId: 'w1', offeredAt: NOON }, at(HALF_PAST, 'system'))
        .then([
          expired('w1'),
          offered('w2', 1, HALF_PAST, '2026-11-22T13:00:00.000Z'),
          offered('w3', 0, HALF_PAST, '2026-11-22T13:00:00.000Z'),
        ]);
    });

    it('reads waitlist events recorded before guests as parties of one', () => {
      const old = [...fullGame(), waitlisted('w1'), left('s2'), offered('w1')];
      const state = stateOf(old);
      expect(state.status === 'scheduled' && state.waitlistOffers[0]!.guests).toBe(0);
      expect(waitlistOf(state)[0]!.guests).toBe(0);
    });
  });
});
