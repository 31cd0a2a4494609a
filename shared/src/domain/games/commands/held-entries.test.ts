import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { at, joined, scheduled } from '../../../testing/game-decider';
import { testGameDetails } from '../../../testing/games';
import { eventRegistry } from '../../event-registry';
import { gameDecider, type GameCommand } from '../decider';
import type { GameEvent } from '../events';
import { entryHeldAtCheckout, heldEntriesOf } from '../policies/held-entries';
import type { KnownGame } from '../state';

/** Issue #45: entries held until the game is on, in a game of at least 2 players decided at 15:00 for an 18:00 start. */
describe('entries held until the game is on (issue #45)', () => {
  const game = scheduled({ priceCents: 500, minPlayers: 2, decisionHours: 3 });
  const heldJoin = (playerId: string, paymentId: string, time = '2026-11-21T12:00:00.000Z'): GameEvent => ({
    type: 'PlayerJoined',
    data: { gameId: 'g1', playerId, username: playerId, paymentId, at: time, held: true, guests: 0, guestNames: [] },
  });
  const payment = (playerId: string, paymentId: string, held = true) => ({
    paymentId,
    payerId: playerId,
    amountCents: 500,
    gameId: 'g1',
    held,
  });
  const join = (playerId: string, paymentId: string | null, held = true): GameCommand => ({
    type: 'JoinGame',
    playerId,
    username: playerId,
    team: 0,
    payment: paymentId ? payment(playerId, paymentId, held) : null,
  });
  const leave = (playerId: string): GameCommand => ({ type: 'LeaveGame', playerId });
  const check: GameCommand = { type: 'CheckMinimumPlayers' };
  const decide = (history: GameEvent[], command: GameCommand, context: ReturnType<typeof at>) =>
    gameDecider.decide(command, fold(gameDecider, history), context);
  const stateOf = (history: GameEvent[]) => fold(gameDecider, history) as KnownGame;
  const decisionTime = at('2026-11-22T15:00:00.000Z', 'system');
  const dayBefore = (actorId: string) => at('2026-11-21T12:00:00.000Z', actorId);

  it('holds an entry paid within 6 days of a game with a minimum, before its decision; charges any other at once', () => {
    const details = testGameDetails({ minPlayers: 6, decisionHours: 3 });
    expect(entryHeldAtCheckout(details, new Date('2026-11-16T18:00:00.000Z'))).toBe(true);
    expect(entryHeldAtCheckout(details, new Date('2026-11-16T17:59:59.000Z'))).toBe(false);
    expect(entryHeldAtCheckout(details, new Date('2026-11-22T14:59:59.000Z'))).toBe(true);
    expect(entryHeldAtCheckout(details, new Date('2026-11-22T15:00:00.000Z'))).toBe(false);
    expect(entryHeldAtCheckout(testGameDetails({ minPlayers: null }), new Date('2026-11-21T12:00:00.000Z'))).toBe(
      false,
    );
  });

  it('joins with an authorized payment as a held entry, and with a charged one as before', () => {
    const events = decide([game], join('a', 'pay-a'), dayBefore('a'));
    expect(events).toEqual([heldJoin('a', 'pay-a')]);
    expect(stateOf([game, ...events]).paidEntries).toEqual([
      { playerId: 'a', paymentId: 'pay-a', refunded: false, held: true, guests: 0 },
    ]);
    expect(decide([game], join('b', 'pay-b', false), dayBefore('b'))).toEqual([
      joined('b', '2026-11-21T12:00:00.000Z', 'pay-b'),
    ]);
  });

  it('charges every held entry once when the game goes ahead at its decision time', () => {
    const history = [game, heldJoin('a', 'pay-a'), heldJoin('b', 'pay-b'), joined('c', undefined, 'pay-c')];
    const charged = decide(history, check, decisionTime);
    expect(charged).toEqual([
      {
        type: 'HeldEntriesCharged',
        data: {
          gameId: 'g1',
          entries: [
            { playerId: 'a', paymentId: 'pay-a' },
            { playerId: 'b', paymentId: 'pay-b' },
          ],
          at: '2026-11-22T15:00:00.000Z',
        },
      },
    ]);
    expect(heldEntriesOf(stateOf([...history, ...charged]))).toEqual([]);
    // Run again (a retried job), it charges nothing twice.
    expect(decide([...history, ...charged], check, at('2026-11-22T15:05:00.000Z', 'system'))).toEqual([]);
  });

  it('releases the holds of a game cancelled for too few players, and refunds only what was charged', () => {
    const history = [
      scheduled({ priceCents: 500, minPlayers: 3, decisionHours: 3 }),
      heldJoin('a', 'pay-a'),
      joined('c', undefined, 'pay-c'),
    ];
    const [cancelled] = decide(history, check, decisionTime);
    expect(cancelled).toMatchObject({
      type: 'GameCancelled',
      data: {
        reason: 'too_few_players',
        entryRefunds: [{ playerId: 'c', paymentId: 'pay-c' }],
        releasedEntries: [{ playerId: 'a', paymentId: 'pay-a' }],
      },
    });
    expect(stateOf([...history, cancelled!]).paidEntries.find((entry) => entry.paymentId === 'pay-a')).toEqual({
      playerId: 'a',
      paymentId: 'pay-a',
      refunded: true,
      held: false,
      guests: 0,
    });
  });

  it("releases a leaver's hold at once; the released entry is no longer theirs, so a rejoin pays again", () => {
    const history = [game, heldJoin('a', 'pay-a')];
    const left = decide(history, leave('a'), dayBefore('a'));
    expect(left).toEqual([
      { type: 'PlayerLeft', data: { gameId: 'g1', playerId: 'a', at: '2026-11-21T12:00:00.000Z', playedSeconds: 0 } },
      {
        type: 'EntryHoldReleased',
        data: { gameId: 'g1', playerId: 'a', paymentId: 'pay-a', reason: 'left', at: '2026-11-21T12:00:00.000Z' },
      },
    ]);
    expect(() => decide([...history, ...left], join('a', null), dayBefore('a'))).toThrow(/pay|fee/i);
    const rejoined = decide([...history, ...left], join('a', 'pay-a2'), dayBefore('a'));
    expect(rejoined).toEqual([heldJoin('a', 'pay-a2')]);
    // The decision charges the new hold only; the released one is never charged.
    const charged = decide([...history, ...left, ...rejoined, heldJoin('b', 'pay-b')], check, decisionTime);
    expect(charged[0]).toMatchObject({
      data: {
        entries: [
          { playerId: 'a', paymentId: 'pay-a2' },
          { playerId: 'b', paymentId: 'pay-b' },
        ],
      },
    });
  });

  it('keeps a charged entry of a player who leaves after the decision: nothing is released', () => {
    const history = [game, heldJoin('a', 'pay-a'), heldJoin('b', 'pay-b')];
    const charged = decide(history, check, decisionTime);
    expect(
      decide([...history, ...charged], leave('a'), at('2026-11-22T16:00:00.000Z', 'a')).map((e) => e.type),
    ).toEqual(['PlayerLeft']);
  });

  it('charges at once a held entry that joins after the decision time', () => {
    const history = [game, joined('c', undefined, 'pay-c'), joined('d', undefined, 'pay-d')];
    const events = decide(history, join('a', 'pay-a'), at('2026-11-22T16:00:00.000Z', 'a'));
    expect(events.map((event) => event.type)).toEqual(['PlayerJoined', 'HeldEntriesCharged']);
    expect(events[1]).toMatchObject({ data: { entries: [{ playerId: 'a', paymentId: 'pay-a' }] } });
  });

  it("says a removed player's hold was released, not refunded, when they try to join again", () => {
    const remove: GameCommand = { type: 'RemovePlayer', playerId: 'a', actorIsAdmin: false };
    const held = [game, heldJoin('a', 'pay-a')];
    const removal = decide(held, remove, dayBefore('captain'));
    expect(removal).toMatchObject([{ type: 'PlayerRemoved', data: { refundedPaymentId: 'pay-a' } }]);
    expect(() => decide([...held, ...removal], join('a', 'pay-a2'), dayBefore('a'))).toThrow(
      'The organizer removed you from this game. Nothing was charged: the hold on your card is released.',
    );
    // Charged at the decision, the same entry is refunded at removal.
    const charged = [
      ...held,
      heldJoin('b', 'pay-b'),
      ...decide([...held, heldJoin('b', 'pay-b')], check, decisionTime),
    ];
    const chargedRemoval = decide(charged, remove, at('2026-11-22T16:00:00.000Z', 'captain'));
    const rejoin = at('2026-11-22T16:00:00.000Z', 'a');
    expect(() => decide([...charged, ...chargedRemoval], join('a', 'pay-a2'), rejoin)).toThrow(
      'The organizer removed you from this game. Your entry fee was refunded.',
    );
  });

  it('every event it makes matches its schema', () => {
    const history = [game, heldJoin('a', 'pay-a'), heldJoin('b', 'pay-b')];
    const events = [
      ...decide(history, leave('a'), dayBefore('a')),
      ...decide(history, check, decisionTime),
      ...decide(
        [scheduled({ priceCents: 500, minPlayers: 9, decisionHours: 3 }), heldJoin('a', 'pay-a')],
        check,
        decisionTime,
      ),
    ];
    expect(events.map((event) => event.type)).toEqual([
      'PlayerLeft',
      'EntryHoldReleased',
      'HeldEntriesCharged',
      'GameCancelled',
    ]);
    for (const event of events) expect(eventRegistry.prepare(event).data).toEqual(event.data);
  });
});
