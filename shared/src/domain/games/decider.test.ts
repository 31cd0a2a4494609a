import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { given, testContext } from '../../testing/decider-testing';
import { testGameDetails } from '../../testing/games';
import { eventRegistry } from '../event-registry';
import { gameDecider, type GameCommand, type GameState } from './decider';
import { GAME_FULL, GAME_FULL_JOIN_WAITLIST, ORGANIZER_NOT_ON_WAITLIST } from './messages';
import { entryCheckoutAllowed, lineOf, playTimeAt, waitlistOf } from './queries';
import { minimumDecisionAt } from './rules';
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
            rentalRefundCents: null,
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
              rentalRefundCents: null,
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
      rentalRefundCents: null,
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
  const pitch = Array.from({ length: 14 }, (_, index) => `p${index}`);
  /** 14 on the pitch (even on Team 1, odd on Team 2), then `s1` and `s2` on the sideline: 16 of 14 + 2. */
  const fullGame = (overrides: Partial<GameDetails> = {}): GameEvent[] => [
    scheduled({ sidelineSize: 2, ...overrides }),
    ...pitch.flatMap((id, index) => [joined(id), moved(id, index % 2 === 0 ? 1 : 2)]),
    joined('s1'),
    joined('s2'),
  ];
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
        { playerId: 'w1', username: 'w1', position: 1, offer: null },
        { playerId: 'w2', username: 'w2', position: 2, offer: null },
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
        position: 1,
        offer: { playerId: 'w1', offeredAt: NOON, expiresAt: HALF_PAST },
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
      expect(waitlistOf(stateOf(taken))).toEqual([{ playerId: 'w2', username: 'w2', position: 1, offer: null }]);
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

  describe('the reminder before the start (issue #31)', () => {
    const remind: GameCommand = { type: 'RemindPlayers' };
    const twoHoursBefore = at('2026-11-22T16:00:00.000Z', 'system');
    const reminded = (members: { playerId: string; team: 0 | 1 | 2 }[]): GameEvent => ({
      type: 'PlayersReminded',
      data: {
        gameId: 'g1',
        at: '2026-11-22T16:00:00.000Z',
        members: members.map((member) => ({ ...member, username: member.playerId })),
      },
    });
    const played = [scheduled(), joined('a'), moved('a', 2), joined('b')];
    const left = (playerId: string): GameEvent => ({
      type: 'PlayerLeft',
      data: { gameId: 'g1', playerId, at: '2026-11-22T13:00:00.000Z', playedSeconds: 0 },
    });

    it('reminds whoever is in the game then, team players and sideline, with their team', () => {
      given(gameDecider, played)
        .when(remind, twoHoursBefore)
        .then([
          reminded([
            { playerId: 'a', team: 2 },
            { playerId: 'b', team: 0 },
          ]),
        ]);
    });

    it('reminds once, and nobody of a cancelled, started or empty game', () => {
      given(gameDecider, [...played, reminded([{ playerId: 'a', team: 2 }])])
        .when(remind, twoHoursBefore)
        .then([]);
      given(gameDecider, [...played, left('a'), left('b')])
        .when(remind, twoHoursBefore)
        .then([]);
      given(gameDecider, played).when(remind, at('2026-11-22T18:00:00.000Z', 'system')).then([]);
      given(gameDecider, [scheduled()]).when(remind, twoHoursBefore).then([]);
      const cancel = gameDecider.decide(
        { type: 'CancelGame', actorIsAdmin: false },
        fold(gameDecider, played),
        before('captain'),
      );
      expect(cancel.map((event) => event.type)).toContain('GameCancelled');
      given(gameDecider, [...played, ...cancel])
        .when(remind, twoHoursBefore)
        .then([]);
    });
  });

  describe('the minimum of players', () => {
    const check: GameCommand = { type: 'CheckMinimumPlayers' };
    // At least 6 players by 15:00, three hours before the 18:00 start; the field's window is 24 hours.
    const thin = [
      scheduled({ priceCents: 500, minPlayers: 6, decisionHours: 3 }),
      joined('a', '2026-11-20T12:00:00.000Z', 'pay-a'),
      joined('b', '2026-11-20T12:00:00.000Z', 'pay-b'),
      joined('c', '2026-11-20T12:00:00.000Z', null),
      left('c', '2026-11-21T12:00:00.000Z'),
      joined('d', '2026-11-20T12:00:00.000Z', 'pay-d'),
    ];
    const decisionTime = at('2026-11-22T15:00:00.000Z', 'system');
    const cancelled = (rentalRefunded: boolean, time = '2026-11-22T15:00:00.000Z'): GameEvent => ({
      type: 'GameCancelled',
      data: {
        gameId: 'g1',
        cancelledBy: 'system',
        at: time,
        subFieldId: 'sf-a',
        fieldId: 'f1',
        ownerId: 'owner',
        subFieldName: 'Pitch A',
        rentalRefunded,
        rentalPaymentId: 'pay-rental',
        rentalRefundCents: null,
        entryRefunds: [
          { playerId: 'a', paymentId: 'pay-a' },
          { playerId: 'b', paymentId: 'pay-b' },
          { playerId: 'd', paymentId: 'pay-d' },
        ],
        reason: 'too_few_players',
      },
    });

    it('decides at start − decisionHours', () => {
      expect(minimumDecisionAt(testGameDetails({ minPlayers: 6, decisionHours: 3 }))).toEqual(
        new Date('2026-11-22T15:00:00.000Z'),
      );
      expect(minimumDecisionAt(testGameDetails({ minPlayers: null }))).toBeNull();
    });

    it('cancels a game below its minimum, refunding every entry and the rental as a captain cancelling then would get', () => {
      given(gameDecider, thin)
        .when(check, decisionTime)
        .then([cancelled(false)]);
      const lenient = [scheduled({ priceCents: 500, minPlayers: 6, cancellationWindowHours: 3 }), ...thin.slice(1)];
      given(gameDecider, lenient)
        .when(check, decisionTime)
        .then([cancelled(true)]);
      // A job running late still judges the decision time, for the rental as for the count.
      given(gameDecider, lenient)
        .when(check, at('2026-11-22T15:30:00.000Z', 'system'))
        .then([cancelled(true, '2026-11-22T15:30:00.000Z')]);
    });

    it('leaves a game with enough players, without a minimum, cancelled or over as it is', () => {
      const enough = [...thin, joined('e'), joined('f'), joined('g')];
      given(gameDecider, enough).when(check, decisionTime).then([]);
      given(gameDecider, [scheduled(), joined('a')])
        .when(check, decisionTime)
        .then([]);
      given(gameDecider, [...thin, cancelled(false)])
        .when(check, decisionTime)
        .then([]);
      given(gameDecider, thin).when(check, at('2026-11-22T20:00:00.000Z', 'system')).then([]);
      given(gameDecider, thin)
        .when(check, at('2026-11-22T14:59:59.000Z', 'system'))
        .thenRefused('decision_time_not_reached');
    });

    it('counts the players of the decision time: a removal or a join after it changes nothing', () => {
      const enough = [...thin, joined('e'), joined('f'), joined('g')];
      const afterDecision = '2026-11-22T15:10:00.000Z';
      const removal: GameEvent = {
        type: 'PlayerRemoved',
        data: {
          gameId: 'g1',
          playerId: 'e',
          username: 'e',
          removedBy: 'captain',
          at: afterDecision,
          playedSeconds: 0,
          refundedPaymentId: null,
        },
      };
      given(gameDecider, [...enough, removal])
        .when(check, at('2026-11-22T15:20:00.000Z', 'system'))
        .then([]);
      const lateJoin = joined('late', afterDecision);
      const [lateCancellation] = decide([...thin, joined('e'), lateJoin], check, at(afterDecision, 'system'));
      expect(lateCancellation).toMatchObject({ type: 'GameCancelled', data: { reason: 'too_few_players' } });
    });
  });

  it('reads a GameScheduled of version 1 as an uncapped game without a minimum', () => {
    const { sidelineSize: _size, minPlayers: _min, decisionHours: _hours, ...v1 } = testGameDetails();
    const v1Data = { ...v1, rentalPaymentId: null, rentalCents: 0 };
    const upcast = eventRegistry.upcast({ type: 'GameScheduled', version: 1, data: v1Data });
    expect(upcast).toEqual({
      type: 'GameScheduled',
      data: { ...v1Data, sidelineSize: null, minPlayers: null, decisionHours: null, series: null },
    });
    expect(eventRegistry.prepare({ type: 'GameScheduled', data: upcast.data }).version).toBe(3);
  });
});
