import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, before, joined, moved, join, move } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import { placesTaken } from '../queries';
import type { GameDetails, GameEvent } from '../events';

/** Issue #45: guests come with their host's entry: one payment, 1 + guests places, moved and released together. */
describe('guests', () => {
  const NOON = '2026-11-22T12:00:00.000Z';
  const stateOf = (history: GameEvent[]) => fold(gameDecider, history);
  const decide = (history: GameEvent[], command: GameCommand, context = before('p1')) =>
    gameDecider.decide(command, stateOf(history), context);
  const withGuests = (
    playerId: string,
    guests: number,
    payment: Extract<GameCommand, { type: 'JoinGame' }>['payment'] = null,
    team: 0 | 1 | 2 = 0,
  ): GameCommand =>
    ({
      ...join(playerId, payment, team),
      guests,
    }) as GameCommand;
  const host = (playerId: string, guests: number, paymentId: string | null = null) =>
    joined(playerId, NOON, paymentId, guests);
  const left = (playerId: string): GameEvent => ({
    type: 'PlayerLeft',
    data: { gameId: 'g1', playerId, at: NOON, playedSeconds: 0 },
  });
  const players = (count: number, prefix = 'x') => Array.from({ length: count }, (_, index) => `${prefix}${index}`);
  /** `count` players on the pitch, alternating Team 1 and Team 2. */
  const onPitch = (count: number) =>
    players(count).flatMap((id, index) => [joined(id), moved(id, index % 2 === 0 ? 1 : 2)]);

  describe('joining with guests', () => {
    const priced = scheduled({ priceCents: 500 });
    const payment = (amountCents: number, guests: number) => ({
      paymentId: 'pay-1',
      payerId: 'p1',
      amountCents,
      gameId: 'g1',
      guests,
    });

    it('joins a host and their guests on one payment of the price × (1 + guests), with the names typed', () => {
      const events = decide([priced], {
        ...(withGuests('p1', 2, payment(1500, 2)) as object),
        guestNames: [' Ann ', 'Bo'],
      } as GameCommand);
      expect(events).toEqual([
        {
          type: 'PlayerJoined',
          data: {
            gameId: 'g1',
            playerId: 'p1',
            username: 'p1',
            paymentId: 'pay-1',
            at: NOON,
            guests: 2,
            guestNames: ['Ann', 'Bo'],
          },
        },
      ]);
      const state = stateOf([priced, ...events]);
      expect(state.status === 'scheduled' && state.paidEntries).toEqual([
        { playerId: 'p1', paymentId: 'pay-1', refunded: false, held: false, guests: 2 },
      ]);
    });

    it('takes the guests a payment was priced for when the join does not say (the webhook join)', () => {
      expect(decide([priced], join('p1', payment(1500, 2)))[0]).toMatchObject({ data: { guests: 2 } });
    });

    it('refuses more guests than the organizer allows, saying the limit', () => {
      given(gameDecider, [scheduled({ guestsPerPlayer: 1 })])
        .when(withGuests('p1', 2), before('p1'))
        .thenRefused('too_many_guests', 'This game takes at most 1 guest per player.');
      given(gameDecider, [scheduled({ guestsPerPlayer: 0 })])
        .when(withGuests('p1', 1), before('p1'))
        .thenRefused('too_many_guests', 'This game takes no guests: join on your own.');
    });

    it('refuses a payment made for another number of guests, or for the player alone', () => {
      given(gameDecider, [priced])
        .when(withGuests('p1', 2, payment(500, 0)), before('p1'))
        .thenRefused('payment_guests', /made for 0 guests/);
      given(gameDecider, [priced])
        .when(withGuests('p1', 2, payment(1000, 2)), before('p1'))
        .thenRefused('payment_amount', /\$15\.00/);
    });

    it('lets a host who left rejoin with at most the guests their held entry paid for', () => {
      const history = [priced, host('p1', 1, 'pay-1'), left('p1')];
      expect(decide(history, withGuests('p1', 1))[0]).toMatchObject({ data: { paymentId: 'pay-1', guests: 1 } });
      given(gameDecider, history)
        .when(withGuests('p1', 2), before('p1'))
        .thenRefused('entry_guests', /covers 1 guest/);
    });
  });

  describe('capacity counts guests', () => {
    // 14 + 4 = 18 places.
    it('needs 1 + guests free places: a host with two guests does not fit where two places are left', () => {
      const sixteen = [scheduled(), ...players(16).map((id) => joined(id))];
      given(gameDecider, sixteen)
        .when(withGuests('p1', 2), before('p1'))
        .thenRefused('no_room_for_guests', /you need 3 free places/);
      expect(decide(sixteen, withGuests('p1', 1))[0]).toMatchObject({ data: { guests: 1 } });
      const full = stateOf([...sixteen, host('p1', 1)]);
      expect(full.status === 'scheduled' && placesTaken(full)).toBe(true);
      given(gameDecider, [...sixteen, host('p1', 1)])
        .when(join('p2'), before('p2'))
        .thenRefused('game_full');
    });

    it('counts guests on the pitch: a party moves onto a team only with a spot for each of them', () => {
      const twelve = [scheduled(), ...onPitch(12), host('p1', 2)];
      given(gameDecider, twelve)
        .when(move('p1', 1), before('p1'))
        .thenRefused('no_room_for_guests', 'p1 +2 need 3 free spots on the team, and it has fewer.');
      const eleven = [scheduled(), ...onPitch(11), host('p1', 2)];
      expect(decide(eleven, move('p1', 1))).toMatchObject([{ type: 'PlayerMoved', data: { playerId: 'p1', to: 1 } }]);
      // On the pitch the party takes three of the fourteen: a single newcomer finds it full.
      given(gameDecider, [...eleven, moved('p1', 1)])
        .when(join('p2', null, 2), before('p2'))
        .thenRefused('game_full', 'Game is full. Try joining sideline.');
    });

    it('moves guests with their host between the teams, within the team slots', () => {
      const details: Partial<GameDetails> = { maxPlayers: 22 };
      // Team 2 holds 13; a party of 3 on Team 1 cannot cross to it, a party of 2 can.
      const history = [
        scheduled(details),
        ...players(13).flatMap((id) => [joined(id), moved(id, 2)]),
        host('p1', 2),
        moved('p1', 1),
        host('p2', 1),
        moved('p2', 1),
      ];
      given(gameDecider, history).when(move('p1', 2), before('p1')).thenRefused('no_room_for_guests');
      expect(decide(history, move('p2', 2), before('p2'))).toMatchObject([
        { data: { playerId: 'p2', from: 1, to: 2 } },
      ]);
    });

    it('substitutes a party only when the team has room for the difference', () => {
      const full = [scheduled(), ...onPitch(14), host('p1', 2)];
      const sub: GameCommand = { type: 'SwitchPlayers', incomingId: 'p1', outgoingId: 'x0', actorIsAdmin: false };
      given(gameDecider, full).when(sub, before('captain')).thenRefused('no_room_for_guests');
      // A party of three for a party of three: the same places.
      const even = [scheduled(), ...onPitch(11), host('x11', 2), moved('x11', 1), host('p1', 2)];
      const swap: GameCommand = { type: 'SwitchPlayers', incomingId: 'p1', outgoingId: 'x11', actorIsAdmin: false };
      expect(decide(even, swap, before('captain'))).toMatchObject([{ type: 'PlayersSwitched', data: { team: 1 } }]);
    });

    it('counts guests towards the minimum of players', () => {
      const details: Partial<GameDetails> = { minPlayers: 4, decisionHours: 3 };
      const check: GameCommand = { type: 'CheckMinimumPlayers' };
      const decisionTime = at('2026-11-22T15:00:00.000Z', 'system');
      expect(decide([scheduled(details), host('a', 2), joined('b')], check, decisionTime)).toEqual([]);
      expect(decide([scheduled(details), host('a', 1), joined('b')], check, decisionTime)).toMatchObject([
        { type: 'GameCancelled', data: { reason: 'too_few_players' } },
      ]);
    });
  });

  describe('the line with guests', () => {
    // 14 on the pitch; a host with two guests first in line, then s2 alone.
    const full = [scheduled({ sidelineSize: 6 }), ...onPitch(14), host('h', 2), joined('s2')];

    it('offers one freed spot to the first in line whose party fits, the host keeping their place', () => {
      const events = decide(full, { type: 'LeaveGame', playerId: 'x0' }, before('x0'));
      expect(events).toMatchObject([
        { type: 'PlayerLeft' },
        { type: 'SpotOffered', data: { playerId: 's2', team: 1 } },
      ]);
    });

    it('offers the host spots for all of the party when a party as big leaves the full pitch', () => {
      // 11 alone and y with two guests fill the 14; h (+2) is first in line, s2 second.
      const withParty = [
        scheduled({ sidelineSize: 6 }),
        ...onPitch(11),
        host('y', 2),
        moved('y', 2),
        host('h', 2),
        joined('s2'),
      ];
      const events = decide(withParty, { type: 'LeaveGame', playerId: 'y' }, before('y'));
      expect(events.filter((event) => event.type === 'SpotOffered')).toEqual([
        {
          type: 'SpotOffered',
          data: { gameId: 'g1', playerId: 'h', team: 2, at: NOON, expiresAt: '2026-11-22T12:30:00.000Z' },
        },
      ]);
      // The host's offer holds three spots: s2 cannot take one of them meanwhile.
      given(gameDecider, [...withParty, ...events])
        .when(move('s2', 2), before('s2'))
        .thenRefused('spot_offered');
    });
  });

  describe('leaving and removal release the party together', () => {
    const priced = scheduled({ priceCents: 500 });

    it('frees every place of the party when the host leaves', () => {
      const sixteen = [priced, ...players(15).map((id) => joined(id, NOON, `pay-${id}`)), host('h', 2, 'pay-h')];
      given(gameDecider, sixteen)
        .when(join('p1', { paymentId: 'pay-p1', payerId: 'p1', amountCents: 500, gameId: 'g1' }), before('p1'))
        .thenRefused('game_full');
      const afterLeave = [...sixteen, left('h')];
      const rejoined = decide(
        afterLeave,
        withGuests('p1', 2, { paymentId: 'pay-p1', payerId: 'p1', amountCents: 1500, gameId: 'g1', guests: 2 }),
      );
      expect(rejoined[0]).toMatchObject({ type: 'PlayerJoined', data: { guests: 2 } });
    });

    it('refunds the one payment of a removed host and their guests, once', () => {
      const history = [priced, host('h', 2, 'pay-h')];
      const removal = decide(history, { type: 'RemovePlayer', playerId: 'h', actorIsAdmin: false }, before('captain'));
      expect(removal).toMatchObject([{ type: 'PlayerRemoved', data: { playerId: 'h', refundedPaymentId: 'pay-h' } }]);
      const state = stateOf([...history, ...removal]);
      expect(state.status === 'scheduled' && state.participants).toEqual([]);
      expect(state.status === 'scheduled' && state.paidEntries).toEqual([
        { playerId: 'h', paymentId: 'pay-h', refunded: true, held: false, guests: 2 },
      ]);
      // A cancellation afterwards refunds nothing more.
      const cancelled = decide(
        [...history, ...removal],
        { type: 'CancelGame', actorIsAdmin: false },
        before('captain'),
      );
      expect(cancelled).toMatchObject([{ type: 'GameCancelled', data: { entryRefunds: [] } }]);
    });
  });
});
