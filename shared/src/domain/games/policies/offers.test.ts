import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, before, joined, moved, join, fullGame, move } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import { GAME_FULL_JOIN_WAITLIST, ORGANIZER_NOT_ON_WAITLIST } from '../messages';
import { entryCheckoutAllowed, lineOf, waitlistOf } from '../queries';
import type { GameEvent } from '../events';

describe('the line for a team spot, the waitlist and the minimum of players (issue #29)', () => {
  const NOON = '2026-11-22T12:00:00.000Z';
  // The start (18:00) is six hours away at noon: offers stand for 30 minutes.
  const HALF_PAST = '2026-11-22T12:30:00.000Z';
  const left = (playerId: string, time = NOON): GameEvent => ({
    type: 'PlayerLeft',
    data: { gameId: 'g1', playerId, at: time, playedSeconds: 0 },
  });
  const spotOffered = (playerId: string, team: 1 | 2, time = NOON, expiresAt = HALF_PAST): GameEvent => ({
    type: 'SpotOffered',
    data: { gameId: 'g1', playerId, team, at: time, expiresAt },
  });
  const waitlisted = (playerId: string, time = NOON): GameEvent => ({
    type: 'WaitlistJoined',
    data: { gameId: 'g1', playerId, username: playerId, at: time },
  });
  const waitlistOffered = (playerId: string, time = NOON, expiresAt = HALF_PAST): GameEvent => ({
    type: 'WaitlistOffered',
    data: { gameId: 'g1', playerId, at: time, expiresAt },
  });
  const stateOf = (history: GameEvent[]) => fold(gameDecider, history);
  const decide = (history: GameEvent[], command: GameCommand, context: ReturnType<typeof at>) =>
    gameDecider.decide(command, stateOf(history), context);
  const positions = (history: GameEvent[]) =>
    lineOf(stateOf(history)).map(({ playerId, position, offer }) => [playerId, position, offer?.team ?? null]);

  describe('the line', () => {
    it('lines the sideline up in the order players came to it: a player off the pitch or declining goes to the back', () => {
      const history = [scheduled(), joined('a'), joined('b'), moved('a', 1), joined('c'), moved('a', 0, NOON, 1)];
      expect(positions(history)).toEqual([
        ['b', 1, null],
        ['c', 2, null],
        ['a', 3, null],
      ]);
      const declined: GameEvent = { type: 'SpotDeclined', data: { gameId: 'g1', playerId: 'b', team: 1, at: NOON } };
      expect(positions([...history, spotOffered('b', 1), declined]).map(([id]) => id)).toEqual(['c', 'a', 'b']);
    });

    it('lets anyone on the sideline pick a team while the teams have room, whatever their place in line', () => {
      given(gameDecider, [scheduled(), joined('first'), joined('second')])
        .when(move('second', 1), before('second'))
        .then([moved('second', 1)]);
    });

    it('offers a spot that frees in a full game to the first in line, for the window the time to the start gives', () => {
      given(gameDecider, fullGame())
        .when({ type: 'LeaveGame', playerId: 'p1' }, before('p1'))
        .then([left('p1'), spotOffered('s1', 2)]);
      // A move to the sideline frees the spot too; the mover goes to the back and is not offered it back.
      given(gameDecider, fullGame())
        .when(move('p0', 0), before('p0'))
        .then([moved('p0', 0, NOON, 1), spotOffered('s1', 1)]);
      // A removal too; and a day before the start the offer stands for two hours, with settings for ten.
      const removal = decide(
        fullGame(),
        { type: 'RemovePlayer', playerId: 'p3', actorIsAdmin: false },
        at('2026-11-21T12:00:00.000Z', 'captain'),
      );
      expect(removal[1]).toEqual(spotOffered('s1', 2, '2026-11-21T12:00:00.000Z', '2026-11-21T14:00:00.000Z'));
      const short = decide(
        fullGame(),
        {
          type: 'LeaveGame',
          playerId: 'p1',
          offerWindows: { moreThanADayAwayMs: 1, moreThanTwoHoursAwayMs: 600_000, lastTwoHoursMs: 1 },
        },
        before('p1'),
      );
      expect(short[1]).toEqual(spotOffered('s1', 2, NOON, '2026-11-22T12:10:00.000Z'));
    });

    it('offers nothing when the pitch had room: the sideline picks freely then', () => {
      const roomy = [scheduled(), joined('a'), moved('a', 1), joined('b')];
      given(gameDecider, roomy)
        .when({ type: 'LeaveGame', playerId: 'a' }, before('a'))
        .then([left('a')]);
      // Nobody in line: the freed spot is anyone's.
      const nobodyWaiting = fullGame().slice(0, -2);
      given(gameDecider, nobodyWaiting)
        .when({ type: 'LeaveGame', playerId: 'p1' }, before('p1'))
        .then([left('p1')]);
    });

    it('offers a spot of a team at its 15 slots even when the pitch has room', () => {
      const fifteen = Array.from({ length: 15 }, (_, index) => `t${index}`);
      const history = [
        scheduled({ maxPlayers: 22 }),
        ...fifteen.flatMap((id) => [joined(id), moved(id, 1)]),
        joined('bench'),
      ];
      given(gameDecider, history)
        .when({ type: 'LeaveGame', playerId: 't0' }, before('t0'))
        .then([left('t0'), spotOffered('bench', 1)]);
    });

    it('lets nobody else take an offered spot, naming it, and lets them change sides on a full pitch', () => {
      const offered = [...fullGame(), left('p1'), spotOffered('s1', 2)];
      const refusal = 'The free spot on Team 2 is offered to the first in line.';
      given(gameDecider, offered).when(move('s2', 2), before('s2')).thenRefused('spot_offered', refusal);
      // Team 1 has slots, but the pitch's last spot is the one on offer.
      given(gameDecider, offered).when(move('s2', 1), before('s2')).thenRefused('spot_offered', refusal);
      given(gameDecider, offered)
        .when({ type: 'MovePlayer', playerId: 's2', to: 2, actorIsAdmin: false }, before('captain'))
        .thenRefused('spot_offered', refusal);
      given(gameDecider, offered)
        .when(join('new', null, 2), before('new'))
        .thenRefused('spot_offered', refusal);
      given(gameDecider, offered)
        .when(move('p0', 2), before('p0'))
        .then([moved('p0', 2, NOON, 1)]);
    });

    it('moves the offered player onto the team within the window, and refuses from its expiry on', () => {
      const offered = [...fullGame(), left('p1'), spotOffered('s1', 2)];
      const accept: GameCommand = { type: 'AcceptSpot', playerId: 's1' };
      given(gameDecider, offered)
        .when(accept, at('2026-11-22T12:29:59.999Z', 's1'))
        .then([moved('s1', 2, '2026-11-22T12:29:59.999Z')]);
      const accepted = [...offered, moved('s1', 2, '2026-11-22T12:29:59.999Z')];
      expect(lineOf(stateOf(accepted))).toEqual([{ playerId: 's2', username: 's2', position: 1, offer: null }]);
      given(gameDecider, offered)
        .when(accept, at(HALF_PAST, 's1'))
        .thenRefused('offer_expired', 'This offer has expired.');
      // Nor can the offered player walk onto the pitch another way once the offer is out of time.
      given(gameDecider, offered).when(move('s1', 2), at(HALF_PAST, 's1')).thenRefused('offer_expired');
      given(gameDecider, offered).when(accept, before('s2')).thenRefused('answer_for_yourself');
      given(gameDecider, offered).when({ type: 'AcceptSpot', playerId: 's2' }, before('s2')).thenRefused('no_offer');
    });

    it('sends a decliner to the back of the line and passes the offer to the next', () => {
      const offered = [...fullGame(), left('p1'), spotOffered('s1', 2)];
      const declined: GameEvent = { type: 'SpotDeclined', data: { gameId: 'g1', playerId: 's1', team: 2, at: NOON } };
      given(gameDecider, offered)
        .when({ type: 'DeclineSpot', playerId: 's1' }, before('s1'))
        .then([declined, spotOffered('s2', 2)]);
      expect(positions([...offered, declined, spotOffered('s2', 2)])).toEqual([
        ['s2', 1, 2],
        ['s1', 2, null],
      ]);
      // Alone in line, the decliner is not offered the spot again: it is open to anyone.
      const alone = [...fullGame().slice(0, -1), left('p1'), spotOffered('s1', 2)];
      given(gameDecider, alone).when({ type: 'DeclineSpot', playerId: 's1' }, before('s1')).then([declined]);
      given(gameDecider, [...alone, declined])
        .when(move('s1', 2), before('s1'))
        .then([moved('s1', 2)]);
    });

    it('passes an expired offer to the next in line, once: a late or repeated job changes nothing', () => {
      const offered = [...fullGame(), left('p1'), spotOffered('s1', 2)];
      const expire: GameCommand = { type: 'ExpireSpotOffer', playerId: 's1', offeredAt: NOON };
      const expired: GameEvent = {
        type: 'SpotOfferExpired',
        data: { gameId: 'g1', playerId: 's1', team: 2, offeredAt: NOON, at: HALF_PAST },
      };
      const passedOn = spotOffered('s2', 2, HALF_PAST, '2026-11-22T13:00:00.000Z');
      given(gameDecider, offered).when(expire, at(HALF_PAST, 'system')).then([expired, passedOn]);
      given(gameDecider, offered)
        .when(expire, at('2026-11-22T12:29:59.000Z', 'system'))
        .thenRefused('offer_not_expired');
      given(gameDecider, [...offered, expired, passedOn])
        .when(expire, at('2026-11-22T12:31:00.000Z', 'system'))
        .then([]);
      given(gameDecider, [...offered, moved('s1', 2)])
        .when(expire, at(HALF_PAST, 'system'))
        .then([]);
      // The line goes on: s2 now first and offered, s1 at the back.
      expect(positions([...offered, expired, passedOn])).toEqual([
        ['s2', 1, 2],
        ['s1', 2, null],
      ]);
    });

    it('passes the offer on when its holder leaves the game', () => {
      given(gameDecider, [...fullGame(), left('p1'), spotOffered('s1', 2)])
        .when({ type: 'LeaveGame', playerId: 's1' }, before('s1'))
        .then([left('s1'), spotOffered('s2', 2)]);
    });

    it('offers a second freed spot to the next in line while the first offer stands', () => {
      given(gameDecider, [...fullGame(), left('p1'), spotOffered('s1', 2)])
        .when({ type: 'LeaveGame', playerId: 'p2' }, before('p2'))
        .then([left('p2'), spotOffered('s2', 1)]);
    });
  });

  describe('the waitlist', () => {
    it('caps team players plus sideline at maxPlayers + sidelineSize and sends the next to the waitlist', () => {
      given(gameDecider, fullGame())
        .when(join('late'), before('late'))
        .thenRefused('game_full', GAME_FULL_JOIN_WAITLIST);
      given(gameDecider, fullGame())
        .when({ type: 'JoinWaitlist', playerId: 'late', username: 'late' }, before('late'))
        .then([waitlisted('late')]);
      const history = [...fullGame(), waitlisted('w1'), waitlisted('w2')];
      expect(waitlistOf(stateOf(history))).toEqual([
        { playerId: 'w1', username: 'w1', guests: 0, position: 1, offer: null },
        { playerId: 'w2', username: 'w2', guests: 0, position: 2, offer: null },
      ]);
      // One place left: the sideline takes it, and then the game is full.
      given(gameDecider, fullGame().slice(0, -1))
        .when(join('s2'), before('s2'))
        .then([joined('s2')]);
    });

    it('refuses the waitlist to a game with room, a member, someone on it already and a removed player', () => {
      const joinWaitlist = (playerId: string): GameCommand => ({ type: 'JoinWaitlist', playerId, username: playerId });
      given(gameDecider, fullGame().slice(0, -1)).when(joinWaitlist('w1'), before('w1')).thenRefused('not_full');
      given(gameDecider, fullGame()).when(joinWaitlist('s1'), before('s1')).thenRefused('already_joined');
      given(gameDecider, [...fullGame(), waitlisted('w1')])
        .when(joinWaitlist('w1'), before('w1'))
        .thenRefused('already_waiting');
      const removedS2: GameEvent = {
        type: 'PlayerRemoved',
        data: {
          gameId: 'g1',
          playerId: 's2',
          username: 's2',
          removedBy: 'captain',
          at: NOON,
          playedSeconds: 0,
          refundedPaymentId: null,
        },
      };
      given(gameDecider, [...fullGame(), removedS2, joined('s3')])
        .when(joinWaitlist('s2'), before('s2'))
        .thenRefused('removed_by_organizer');
      given(gameDecider, fullGame()).when(joinWaitlist('w1'), before('w2')).thenRefused('join_for_yourself');
    });

    it("refuses the organizer their own game's waitlist, saying what to do instead (issue #41)", () => {
      given(gameDecider, fullGame())
        .when({ type: 'JoinWaitlist', playerId: 'captain', username: 'captain' }, before('captain'))
        .thenRefused('organizer_waitlist', ORGANIZER_NOT_ON_WAITLIST);
    });

    it('never fills a game whose sideline is uncapped (every game scheduled before sideline sizes)', () => {
      const uncapped = fullGame({ sidelineSize: null });
      given(gameDecider, uncapped)
        .when(join('late'), before('late'))
        .then([joined('late')]);
      given(gameDecider, uncapped)
        .when({ type: 'JoinWaitlist', playerId: 'late', username: 'late' }, before('late'))
        .thenRefused('not_full');
    });

    it('offers the place a leaver frees to the first on the waitlist, beside the spot offered to the line', () => {
      const waiting = [...fullGame(), waitlisted('w1'), waitlisted('w2')];
      given(gameDecider, waiting)
        .when({ type: 'LeaveGame', playerId: 's2' }, before('s2'))
        .then([left('s2'), waitlistOffered('w1')]);
      given(gameDecider, waiting)
        .when({ type: 'LeaveGame', playerId: 'p1' }, before('p1'))
        .then([left('p1'), spotOffered('s1', 2), waitlistOffered('w1')]);
      expect(waitlistOf(stateOf([...waiting, left('s2'), waitlistOffered('w1')]))[0]).toEqual({
        playerId: 'w1',
        username: 'w1',
        guests: 0,
        position: 1,
        offer: { playerId: 'w1', offeredAt: NOON, expiresAt: HALF_PAST, guests: 0 },
      });
    });

    it('lets only the offered player join into the place, within the window, which ends the offer', () => {
      const price = 1250;
      const payment = (payerId: string) => ({ paymentId: `pay-${payerId}`, payerId, amountCents: price, gameId: 'g1' });
      const offered = [
        ...fullGame({ priceCents: price }),
        waitlisted('w1'),
        waitlisted('w2'),
        left('s2'),
        waitlistOffered('w1'),
      ];
      given(gameDecider, offered)
        .when(join('w1', payment('w1')), at('2026-11-22T12:29:59.000Z', 'w1'))
        .then([joined('w1', '2026-11-22T12:29:59.000Z', 'pay-w1')]);
      const taken = [...offered, joined('w1', '2026-11-22T12:29:59.000Z', 'pay-w1')];
      expect(waitlistOf(stateOf(taken))).toEqual([
        { playerId: 'w2', username: 'w2', guests: 0, position: 1, offer: null },
      ]);
      given(gameDecider, offered)
        .when(join('w2', payment('w2')), before('w2'))
        .thenRefused('game_full', GAME_FULL_JOIN_WAITLIST);
      given(gameDecider, offered)
        .when(join('outsider', payment('outsider')), before('outsider'))
        .thenRefused('game_full');
      given(gameDecider, offered)
        .when(join('w1', payment('w1')), at(HALF_PAST, 'w1'))
        .thenRefused('offer_expired');
    });

    it('takes the checkout only from the holder of a standing offer when the game is full', () => {
      const offered = [...fullGame(), waitlisted('w1'), waitlisted('w2'), left('s2'), waitlistOffered('w1')];
      const state = stateOf(offered);
      expect(entryCheckoutAllowed(state, 'w1', new Date(NOON))).toBe(true);
      expect(entryCheckoutAllowed(state, 'w1', new Date(HALF_PAST))).toBe(false);
      expect(entryCheckoutAllowed(state, 'w2', new Date(NOON))).toBe(false);
      expect(entryCheckoutAllowed(stateOf(fullGame()), 'late', new Date(NOON))).toBe(false);
      expect(entryCheckoutAllowed(stateOf(fullGame().slice(0, -1)), 'late', new Date(NOON))).toBe(true);
      expect(entryCheckoutAllowed(stateOf([]), 'late', new Date(NOON))).toBe(false);
    });

    it('passes an expired offer on and takes its player off the waitlist; a late or repeated job changes nothing', () => {
      const offered = [...fullGame(), waitlisted('w1'), waitlisted('w2'), left('s2'), waitlistOffered('w1')];
      const expire: GameCommand = { type: 'ExpireWaitlistOffer', playerId: 'w1', offeredAt: NOON };
      const expired: GameEvent = {
        type: 'WaitlistOfferExpired',
        data: { gameId: 'g1', playerId: 'w1', offeredAt: NOON, at: HALF_PAST },
      };
      const passedOn = waitlistOffered('w2', HALF_PAST, '2026-11-22T13:00:00.000Z');
      given(gameDecider, offered).when(expire, at(HALF_PAST, 'system')).then([expired, passedOn]);
      expect(waitlistOf(stateOf([...offered, expired, passedOn])).map(({ playerId }) => playerId)).toEqual(['w2']);
      given(gameDecider, offered).when(expire, before('system')).thenRefused('offer_not_expired');
      given(gameDecider, [...offered, expired, passedOn])
        .when(expire, at(HALF_PAST, 'system'))
        .then([]);
      given(gameDecider, [...offered, joined('w1')])
        .when(expire, at(HALF_PAST, 'system'))
        .then([]);
    });

    it('passes the offer on when its holder leaves the waitlist', () => {
      const offered = [...fullGame(), waitlisted('w1'), waitlisted('w2'), left('s2'), waitlistOffered('w1')];
      given(gameDecider, offered)
        .when({ type: 'LeaveWaitlist', playerId: 'w1' }, before('w1'))
        .then([{ type: 'WaitlistLeft', data: { gameId: 'g1', playerId: 'w1', at: NOON } }, waitlistOffered('w2')]);
      given(gameDecider, offered).when({ type: 'LeaveWaitlist', playerId: 'nobody' }, before('nobody')).then([]);
    });
  });
});
