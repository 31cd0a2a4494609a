import { DomainError } from '../../domain/decider';
import { gameDecider } from '../../domain/games/decider';
import { gameStream } from '../../domain/games/events';
import { ENTRY_HELD, NO_PLACE_TO_PAY_FOR } from '../../domain/games/messages';
import { refuseUnlessOpenToJoin } from '../../domain/games/policies/regulars-first';
import { refuseUnlessReliable } from '../../domain/games/policies/reliability';
import { entryHeldAtCheckout } from '../../domain/games/policies/held-entries';
import { attendanceInLog } from '../record-attendance/attendance-in-log';
import { entryCheckoutAllowed, entryPaymentsOf, paymentUsed, standingEntry } from '../../domain/games/queries';
import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/events';
import { currentState } from '../../infra/commands/current-state';
import type { PaymentFor, PricedPurpose, Purpose, PurposeContext, PurposeOf } from '../payments/purposes';
import { verified } from '../payments/verified-payment';
import { withCreditPart } from '../credit/credit-payments';
import { noPlacesForParty, tooManyGuests } from '../../domain/games/policies/guests';
import { ApiError } from '../../infra/http/errors';

/**
 * An entry payment (DESIGN §7): priced from the game's own stream, paid to its organizer; its success
 * joins the payer to the game, when their own page did not.
 */
export function entryPurpose(context: PurposeContext): Purpose<'entry'> {
  const { commands, refundInFull, metadata } = context;

  async function priceEntry(
    purpose: PurposeOf<'entry'>,
    payerId: string,
    timeZone?: string,
  ): Promise<PricedPurpose | null> {
    const game = await currentState(commands.store, gameDecider, gameStream(purpose.gameId), commands.streamStates);
    if (game.status !== 'scheduled' || commands.now().getTime() >= game.end) return null;
    if (game.participants.some((participant) => participant.playerId === payerId)) return null;
    if (standingEntry(game, payerId)) throw new DomainError('conflict', 'entry_held', ENTRY_HELD);
    // Nobody pays for a series week they may not join yet: before last week's end, or outside its regulars.
    refuseUnlessOpenToJoin(game, payerId, commands.now().getTime(), timeZone);
    // Nobody pays for a join their attendance would refuse (issue #44): the no-show ban, the game's minimum.
    refuseUnlessReliable(
      game,
      { attendance: await attendanceInLog(commands, payerId), noShowBan: context.noShowBan },
      commands.now().getTime(),
      timeZone ?? 'UTC',
    );
    // Issue #45: the guests the organizer allows, as a 400 that says the limit.
    const guests = purpose.guests ?? 0;
    if (guests > game.details.guestsPerPlayer)
      throw new ApiError(400, 'too_many_guests', tooManyGuests(game.details.guestsPerPlayer));
    // Nobody pays for a place they cannot have: in a full game, only the holder of a standing offer.
    if (!entryCheckoutAllowed(game, payerId, commands.now(), guests))
      throw new DomainError(
        'conflict',
        'game_full',
        guests > 0 && entryCheckoutAllowed(game, payerId, commands.now())
          ? noPlacesForParty(guests)
          : NO_PLACE_TO_PAY_FOR,
      );
    // A player refunded once (removed, then allowed back) pays again with a new payment, not the refunded one.
    return {
      // One payment for the player and their guests (issue #45).
      amountCents: game.details.priceCents * (1 + guests),
      receiverId: game.details.organizerId,
      purpose,
      round: entryPaymentsOf(game, payerId),
      // Issue #45: in a game that may still not happen, the card is only authorized until it is on.
      ...(entryHeldAtCheckout(game.details, commands.now()) ? { capture: 'manual' as const } : {}),
    };
  }

  /**
   * A join its payment's webhook makes after the payer's account was deleted (and the deletion's job
   * found no game of theirs) is taken back at once, the entry refunded, as the deletion would have done
   * (issue #41). Read after the join's append: a deletion after this read finds the join in the log.
   */
  async function withdrawIfPayerDeleted(payment: PaymentFor<'entry'>): Promise<void> {
    const payer = await currentState(commands.store, userDecider, userStream(payment.payerId), commands.streamStates);
    if (payer.status !== 'deleted') return;
    await commands.run({
      decider: gameDecider,
      streamId: gameStream(payment.purpose.gameId),
      command: { type: 'WithdrawPlayer', playerId: payment.payerId, reason: 'account_deleted' },
      actorId: null,
      metadata: metadata(payment),
    });
  }

  // The player's page joins with join-game; this joins them when the page never came back (with a
  // succeeded payment, or one only authorized: issue #45).
  async function entrySucceeded(payment: PaymentFor<'entry'>): Promise<void> {
    // The payer's own stream names them (a username never changes once claimed): no read model is read.
    const payer = await currentState(commands.store, userDecider, userStream(payment.payerId), commands.streamStates);
    try {
      await commands.run({
        decider: gameDecider,
        streamId: gameStream(payment.purpose.gameId),
        command: {
          type: 'JoinGame',
          playerId: payment.payerId,
          username: payer.status === 'unknown' ? '' : payer.username,
          team: 0,
          // Issue #45: with the part Playtime credit paid of it, if any.
          payment: await withCreditPart(commands, verified(payment)),
          // Issue #44: the payer's attendance from their own stream.
          joiner: { attendance: await attendanceInLog(commands, payment.payerId), noShowBan: context.noShowBan },
        },
        newId: () => payment.paymentId,
        actorId: payment.payerId,
        metadata: metadata(payment),
      });
      await withdrawIfPayerDeleted(payment);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A payment that bought a membership already (the player's own call came first) owes nothing back,
      // even once the game is cancelled: the cancellation refunds it. Anything else could not buy a place.
      const game = await currentState(
        commands.store,
        gameDecider,
        gameStream(payment.purpose.gameId),
        commands.streamStates,
      );
      if (game.status !== 'none' && paymentUsed(game, payment.paymentId)) return;
      return refundInFull(payment, error.message);
    }
  }

  return { price: priceEntry, succeeded: entrySucceeded };
}
