import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { given, testContext } from '../../testing/decider-testing';
import { testGameDetails } from '../../testing/games';
import { GAME_FULL, gameDecider, playTimeAt, type GameCommand, type GameState } from './decider';
import type { GameDetails, GameEvent } from './events';

const scheduled = (overrides: Partial<GameDetails> = {}): GameEvent => ({
  type: 'GameScheduled',
  data: { ...testGameDetails(overrides), rentalPaymentId: 'pay-rental', rentalCents: 4000 },
});
const at = (iso: string, actorId: string) => testContext({ now: new Date(iso), actorId });
const before = (actorId: string) => at('2026-11-22T12:00:00.000Z', actorId);
const joined = (playerId: string, time = '2026-11-22T12:00:00.000Z', paymentId: string | null = null): GameEvent => ({
  type: 'PlayerJoined',
  data: { gameId: 'g1', playerId, username: playerId, paymentId, at: time },
});
const moved = (
  playerId: string,
  to: 0 | 1 | 2,
  time = '2026-11-22T12:00:00.000Z',
  from: 0 | 1 | 2 = 0,
  playedSeconds = 0,
): GameEvent => ({
  type: 'PlayerMoved',
  data: { gameId: 'g1', playerId, from, to, movedBy: playerId, at: time, playedSeconds },
});
const join = (
  playerId: string,
  payment: Extract<GameCommand, { type: 'JoinGame' }>['payment'] = null,
  team: 0 | 1 | 2 = 0,
): GameCommand => ({
  type: 'JoinGame',
  playerId,
  username: playerId,
  team,
  payment,
});
const move = (playerId: string, to: 0 | 1 | 2): GameCommand => ({
  type: 'MovePlayer',
  playerId,
  to,
  actorIsAdmin: false,
});

describe('game decider', () => {
  describe('joining', () => {
    it('puts a joiner on the sideline', () => {
      given(gameDecider, [scheduled()])
        .when(join('p1'), before('p1'))
        .then([joined('p1')]);
    });

    it('changes nothing when the player is already in, and moves a member who asks for a team', () => {
      given(gameDecider, [scheduled(), joined('p1')])
        .when(join('p1'), before('p1'))
        .then([]);
      given(gameDecider, [scheduled(), joined('p1')])
        .when(join('p1', null, 2), before('p1'))
        .then([moved('p1', 2)]);
    });

    it('joins straight onto a team when asked and there is room, and refuses the whole join when there is none', () => {
      given(gameDecider, [scheduled()])
        .when(join('p1', null, 1), before('p1'))
        .then([joined('p1'), moved('p1', 1)]);
      const full = [
        scheduled(),
        ...Array.from({ length: 14 }, (_, index) => [
          joined(`p${index}`),
          moved(`p${index}`, index % 2 === 0 ? 1 : 2),
        ]).flat(),
      ];
      given(gameDecider, full)
        .when(join('late', null, 1), before('late'))
        .thenRefused('game_full', GAME_FULL);
    });

    it('refuses joining for someone else, a cancelled game, an ended game and an unknown game', () => {
      given(gameDecider, [scheduled()]).when(join('p1'), before('p2')).thenRefused('join_for_yourself');
      given<GameCommand, GameEvent, GameState>(gameDecider, [
        scheduled(),
        {
          type: 'GameCancelled',
          data: {
            gameId: 'g1',
            cancelledBy: 'captain',
            at: '2026-11-22T11:00:00.000Z',
            subFieldId: 'sf-a',
            fieldId: 'f1',
            ownerId: 'owner',
            subFieldName: 'Pitch A',
            rentalRefunded: false,
            rentalPaymentId: null,
            entryRefunds: [],
          },
        },
      ])
        .when(join('p1'), before('p1'))
        .thenRefused('game_cancelled', 'This game was cancelled.');
      given(gameDecider, [scheduled()])
        .when(join('p1'), at('2026-11-22T20:00:00.000Z', 'p1'))
        .thenRefused('game_ended', 'This game has ended.');
      given(gameDecider, []).when(join('p1'), before('p1')).thenRefused('game_not_found');
    });

    it('takes a paid join only with a verified payment of the price, by the player, for this game, once', () => {
      const priced = scheduled({ priceCents: 1250 });
      const payment = { paymentId: 'pay-1', payerId: 'p1', amountCents: 1250, gameId: 'g1' };
      given(gameDecider, [priced])
        .when(join('p1', payment), before('p1'))
        .then([joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1')]);
      given(gameDecider, [priced])
        .when(join('p1'), before('p1'))
        .thenRefused('payment_required', 'This game costs $12.50. Pay the entry fee to join.');
      given(gameDecider, [priced])
        .when(join('p1', { ...payment, amountCents: 100 }), before('p1'))
        .thenRefused('payment_amount');
      given(gameDecider, [priced])
        .when(join('p1', { ...payment, payerId: 'p2' }), before('p1'))
        .thenRefused('not_your_payment');
      // Someone else's payment is refused as such whether or not its payer has joined with it already.
      given(gameDecider, [priced, joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1')])
        .when(join('p2', payment), before('p2'))
        .thenRefused('not_your_payment');
      given(gameDecider, [priced])
        .when(join('p1', { ...payment, gameId: 'g2' }), before('p1'))
        .thenRefused('payment_for_another_game');
      // p1 joined with pay-1 and left; the same payment cannot buy a second membership.
      given<GameCommand, GameEvent, GameState>(gameDecider, [
        priced,
        joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1'),
        {
          type: 'PlayerLeft',
          data: { gameId: 'g1', playerId: 'p1', at: '2026-11-22T12:05:00.000Z', playedSeconds: 0 },
        },
      ])
        .when(join('p1', payment), before('p1'))
        .thenRefused('payment_used');
    });

    it("never moves a member for a join that brings a payment: the payment's late webhook finds the place bought", () => {
      const priced = scheduled({ priceCents: 1250 });
      const payment = { paymentId: 'pay-1', payerId: 'p1', amountCents: 1250, gameId: 'g1' };
      const onTeamTwo = [priced, joined('p1', '2026-11-22T12:00:00.000Z', 'pay-1'), moved('p1', 2)];
      given(gameDecider, onTeamTwo).when(join('p1', payment), before('p1')).then([]);
      // A second payment cannot buy a second place; refusing it lets the payment be refunded.
      given(gameDecider, onTeamTwo)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .thenRefused('already_joined', 'You are already in this game.');
    });
  });

  describe('leaving, rejoining and removal (DESIGN §8)', () => {
    const T = '2026-11-22T12:00:00.000Z';
    const priced = scheduled({ priceCents: 1250 });
    const payment = { paymentId: 'pay-1', payerId: 'p1', amountCents: 1250, gameId: 'g1' };
    const left = (playerId: string): GameEvent => ({
      type: 'PlayerLeft',
      data: { gameId: 'g1', playerId, at: T, playedSeconds: 0 },
    });
    const removed = (playerId: string, refundedPaymentId: string | null): GameEvent => ({
      type: 'PlayerRemoved',
      data: {
        gameId: 'g1',
        playerId,
        username: playerId,
        removedBy: 'captain',
        at: T,
        playedSeconds: 0,
        refundedPaymentId,
      },
    });
    const allowedBack = (playerId: string): GameEvent => ({
      type: 'PlayerAllowedBack',
      data: { gameId: 'g1', playerId, allowedBy: 'captain', at: T },
    });
    const remove = (playerId: string): GameCommand => ({ type: 'RemovePlayer', playerId, actorIsAdmin: false });
    const allowBack = (playerId: string): GameCommand => ({ type: 'AllowPlayerBack', playerId, actorIsAdmin: false });

    it('lets a player who paid and left rejoin for free with the entry they hold, and refuses a second payment', () => {
      const history = [priced, joined('p1', T, 'pay-1'), left('p1')];
      given(gameDecider, history)
        .when(join('p1'), before('p1'))
        .then([joined('p1', T, 'pay-1')]);
      given(gameDecider, history)
        .when(join('p1', null, 2), before('p1'))
        .then([joined('p1', T, 'pay-1'), moved('p1', 2)]);
      given(gameDecider, history)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .thenRefused('entry_held', 'You have paid for this game already: join again without paying.');
      // The rejoin's entry is still the one payment: cancelling refunds it once.
      const cancelled = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, [...history, joined('p1', T, 'pay-1')]),
        before('captain'),
      );
      expect(cancelled[0]).toMatchObject({ data: { entryRefunds: [{ playerId: 'p1', paymentId: 'pay-1' }] } });
    });

    it('refunds a player who left when the game is cancelled: the entry stayed theirs', () => {
      const cancelled = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, [priced, joined('p1', T, 'pay-1'), left('p1')]),
        before('captain'),
      );
      expect(cancelled[0]).toMatchObject({ data: { entryRefunds: [{ playerId: 'p1', paymentId: 'pay-1' }] } });
    });

    it('refunds a removed player in full, once, and blocks their join until the organizer allows them back', () => {
      const history = [priced, joined('p1', T, 'pay-1'), moved('p1', 1)];
      given(gameDecider, history)
        .when(remove('p1'), before('captain'))
        .then([removed('p1', 'pay-1')]);
      const afterRemoval = [...history, removed('p1', 'pay-1')];
      given(gameDecider, afterRemoval)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .thenRefused('removed_by_organizer', 'The organizer removed you from this game. Your entry fee was refunded.');
      // The refunded entry is not cancelled's to refund again.
      const cancelled = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, afterRemoval),
        before('captain'),
      );
      expect(cancelled[0]).toMatchObject({ data: { entryRefunds: [] } });
      // Allowed back, the refund stands: they pay again with a new payment, and the refunded one buys nothing.
      given(gameDecider, afterRemoval)
        .when(allowBack('p1'), before('captain'))
        .then([allowedBack('p1')]);
      given(gameDecider, afterRemoval).when(allowBack('p1'), before('p1')).thenRefused('not_organizer');
      const back = [...afterRemoval, allowedBack('p1')];
      given(gameDecider, back).when(join('p1'), before('p1')).thenRefused('payment_required');
      given(gameDecider, back).when(join('p1', payment), before('p1')).thenRefused('payment_used');
      given(gameDecider, back)
        .when(join('p1', { ...payment, paymentId: 'pay-2' }), before('p1'))
        .then([joined('p1', T, 'pay-2')]);
      given(gameDecider, back).when(allowBack('p1'), before('captain')).then([]);
    });

    it('removes a player of a free game without a refund and tells them so', () => {
      const history = [scheduled(), joined('p1'), removed('p1', null)];
      given(gameDecider, [scheduled(), joined('p1')])
        .when(remove('p1'), before('captain'))
        .then([removed('p1', null)]);
      given(gameDecider, history)
        .when(join('p1'), before('p1'))
        .thenRefused('removed_by_organizer', 'The organizer removed you from this game.');
      given(gameDecider, [...history, allowedBack('p1')])
        .when(join('p1'), before('p1'))
        .then([joined('p1')]);
    });

    it("keeps a paid entry the player's when a removal refunded nothing (recorded before removals refunded): allowed back, they rejoin free", () => {
      const back = [priced, joined('p1', T, 'pay-1'), removed('p1', null), allowedBack('p1')];
      given(gameDecider, back)
        .when(join('p1'), before('p1'))
        .then([joined('p1', T, 'pay-1')]);
    });
  });

  describe('capacity', () => {
    it('caps the pitch at maxPlayers and each team at 15; the sideline is never full', () => {
      const fourteen = Array.from({ length: 14 }, (_, index) => `p${index}`);
      const history = [
        scheduled(),
        ...fourteen.flatMap((id, index) => [joined(id), moved(id, index % 2 === 0 ? 1 : 2)]),
        joined('late'),
      ];
      given(gameDecider, history).when(move('late', 1), before('late')).thenRefused('game_full', GAME_FULL);
      given(gameDecider, history).when(move('late', 2), before('late')).thenRefused('game_full', GAME_FULL);
      // Moving between the teams does not grow the pitch, so a full pitch still lets a player change sides.
      given(gameDecider, history)
        .when(move('p0', 2), before('p0'))
        .then([
          {
            type: 'PlayerMoved',
            data: {
              gameId: 'g1',
              playerId: 'p0',
              from: 1,
              to: 2,
              movedBy: 'p0',
              at: '2026-11-22T12:00:00.000Z',
              playedSeconds: 0,
            },
          },
        ]);
      given(gameDecider, [...history, joined('another')])
        .when(join('third'), before('third'))
        .then([joined('third')]);
    });

    it('refuses a 16th player on one team even when maxPlayers allows more', () => {
      const fifteen = Array.from({ length: 15 }, (_, index) => `p${index}`);
      const history = [
        scheduled({ maxPlayers: 22 }),
        ...fifteen.flatMap((id) => [joined(id), moved(id, 1)]),
        joined('late'),
      ];
      given(gameDecider, history).when(move('late', 1), before('late')).thenRefused('game_full', GAME_FULL);
      given(gameDecider, history)
        .when(move('late', 2), before('late'))
        .then([
          {
            type: 'PlayerMoved',
            data: {
              gameId: 'g1',
              playerId: 'late',
              from: 0,
              to: 2,
              movedBy: 'late',
              at: '2026-11-22T12:00:00.000Z',
              playedSeconds: 0,
            },
          },
        ]);
    });
  });

  describe('organizer moves', () => {
    it('lets only the organizer (or an admin) move, switch or remove another player', () => {
      const history = [scheduled(), joined('p1'), joined('p2'), moved('p2', 1)];
      given(gameDecider, history).when(move('p1', 1), before('p2')).thenRefused('not_organizer');
      given(gameDecider, history)
        .when({ type: 'RemovePlayer', playerId: 'p1', actorIsAdmin: false }, before('p2'))
        .thenRefused('not_organizer');
      given(gameDecider, history)
        .when({ type: 'SwitchPlayers', incomingId: 'p1', outgoingId: 'p2', actorIsAdmin: false }, before('p1'))
        .thenRefused('not_organizer');
      given(gameDecider, history)
        .when({ type: 'RemovePlayer', playerId: 'p1', actorIsAdmin: true }, before('admin'))
        .then([
          {
            type: 'PlayerRemoved',
            data: {
              gameId: 'g1',
              playerId: 'p1',
              username: 'p1',
              removedBy: 'admin',
              at: '2026-11-22T12:00:00.000Z',
              playedSeconds: 0,
              refundedPaymentId: null,
            },
          },
        ]);
    });

    it('substitutes only a sideline player for a pitch player', () => {
      const history = [scheduled(), joined('bench'), joined('striker'), moved('striker', 2)];
      given(gameDecider, history)
        .when(
          { type: 'SwitchPlayers', incomingId: 'striker', outgoingId: 'bench', actorIsAdmin: false },
          before('captain'),
        )
        .thenRefused('not_on_sideline');
      given(gameDecider, [...history, joined('other')])
        .when(
          { type: 'SwitchPlayers', incomingId: 'bench', outgoingId: 'other', actorIsAdmin: false },
          before('captain'),
        )
        .thenRefused('not_on_pitch');
    });
  });

  describe('play time, from the server clock, only while the game is live and on the pitch', () => {
    it('accrues across moves, a substitution and the end of the game, to the second', () => {
      const events: GameEvent[] = [scheduled(), joined('a'), joined('b')];
      const run = (command: GameCommand, iso: string, actorId: string) => {
        const decided = gameDecider.decide(command, fold(gameDecider, events), at(iso, actorId));
        events.push(...decided);
      };
      // Before kick-off nothing accrues, even on the pitch.
      run(move('a', 1), '2026-11-22T17:00:00.000Z', 'a');
      // 18:00–18:10:30 on team 1, then team 2 keeps the clock running until 18:20:00.
      run(move('a', 2), '2026-11-22T18:10:30.000Z', 'a');
      run(
        { type: 'SwitchPlayers', incomingId: 'b', outgoingId: 'a', actorIsAdmin: false },
        '2026-11-22T18:20:00.000Z',
        'captain',
      );
      const state = fold(gameDecider, events);
      if (state.status !== 'scheduled') throw new Error('game not scheduled');
      const a = state.participants.find((participant) => participant.playerId === 'a')!;
      const b = state.participants.find((participant) => participant.playerId === 'b')!;
      expect(a.team).toBe(0);
      expect(a.playedSeconds).toBe(20 * 60);
      expect(playTimeAt(a, Date.parse('2026-11-22T19:00:00.000Z'), state.start, state.end)).toBe(20 * 60);
      expect(b.team).toBe(2);
      // b has played from 18:20 and stops at the end of the game, 20:00, however late we look.
      expect(playTimeAt(b, Date.parse('2026-11-22T18:20:45.000Z'), state.start, state.end)).toBe(45);
      expect(playTimeAt(b, Date.parse('2026-11-23T09:00:00.000Z'), state.start, state.end)).toBe(100 * 60);
    });
  });

  describe('cancelling', () => {
    const paid = [
      scheduled({ priceCents: 500 }),
      joined('p1', '2026-11-20T12:00:00.000Z', 'pay-1'),
      joined('p2', '2026-11-20T12:00:00.000Z', 'pay-2'),
    ];
    it('refunds every paid entry and the rental when at least the window before the start', () => {
      given(gameDecider, paid)
        .when({ type: 'CancelGame', actorIsAdmin: false }, at('2026-11-21T18:00:00.000Z', 'captain'))
        .then([
          {
            type: 'GameCancelled',
            data: {
              gameId: 'g1',
              cancelledBy: 'captain',
              at: '2026-11-21T18:00:00.000Z',
              subFieldId: 'sf-a',
              fieldId: 'f1',
              ownerId: 'owner',
              subFieldName: 'Pitch A',
              rentalRefunded: true,
              rentalPaymentId: 'pay-rental',
              entryRefunds: [
                { playerId: 'p1', paymentId: 'pay-1' },
                { playerId: 'p2', paymentId: 'pay-2' },
              ],
            },
          },
        ]);
    });

    it('keeps the rental for the owner inside the window, and refuses players and a second cancellation', () => {
      const late = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, paid),
        at('2026-11-21T18:00:01.000Z', 'captain'),
      );
      expect(late[0]).toMatchObject({ type: 'GameCancelled', data: { rentalRefunded: false } });
      given(gameDecider, paid)
        .when({ type: 'CancelGame', actorIsAdmin: false }, before('p1'))
        .thenRefused('not_organizer');
      given(gameDecider, [...paid, ...late])
        .when({ type: 'CancelGame', actorIsAdmin: false }, before('captain'))
        .thenRefused('game_cancelled');
    });
  });
});

describe('withdrawing a game because an account was deleted', () => {
  const paid = [
    scheduled({ priceCents: 500 }),
    joined('p1', '2026-11-20T12:00:00.000Z', 'pay-1'),
    joined('p2', '2026-11-20T12:00:00.000Z', null),
    joined('p3', '2026-11-20T12:00:00.000Z', 'pay-3'),
  ];
  const withdraw: GameCommand = { type: 'WithdrawGame', reason: 'organizer_deleted' };
  // An hour before the start: well inside the 24-hour window, where a captain's own cancellation keeps the rental.
  const lateInTheDay = at('2026-11-22T17:00:00.000Z', 'admin');

  it('refunds the rental whatever the window and every paid entry, and says why', () => {
    const [cancelled, ...more] = gameDecider.decide(withdraw, fold(gameDecider, paid), lateInTheDay);
    expect(more).toEqual([]);
    // As a captain's own cancellation at that moment would say, but for the rental and the reason.
    const byCaptain = gameDecider.decide(
      { type: 'CancelGame', actorIsAdmin: false },
      fold(gameDecider, paid),
      at('2026-11-22T17:00:00.000Z', 'captain'),
    )[0]!;
    expect(byCaptain.data).toMatchObject({ rentalRefunded: false });
    expect(cancelled).toEqual({
      type: 'GameCancelled',
      data: { ...byCaptain.data, cancelledBy: 'admin', rentalRefunded: true, reason: 'organizer_deleted' },
    });
    expect(cancelled!.data).toMatchObject({
      rentalPaymentId: 'pay-rental',
      entryRefunds: [
        { playerId: 'p1', paymentId: 'pay-1' },
        { playerId: 'p3', paymentId: 'pay-3' },
      ],
    });
  });

  it('withdraws a game that has begun, and leaves a cancelled or ended game as it is (the job may run again)', () => {
    const live = gameDecider.decide(
      { type: 'WithdrawGame', reason: 'owner_deleted' },
      fold(gameDecider, paid),
      at('2026-11-22T19:00:00.000Z', 'admin'),
    );
    expect(live).toMatchObject([{ type: 'GameCancelled', data: { reason: 'owner_deleted', rentalRefunded: true } }]);
    given(gameDecider, [...paid, ...live])
      .when(withdraw, lateInTheDay)
      .then([]);
    given(gameDecider, paid).when(withdraw, at('2026-11-22T20:00:00.000Z', 'admin')).then([]);
  });

  it('refuses a game that is not there yet (its booking is still being made into it)', () => {
    given(gameDecider, []).when(withdraw, lateInTheDay).thenRefused('game_not_found');
  });
});
