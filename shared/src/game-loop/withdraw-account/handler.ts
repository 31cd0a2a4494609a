import { DomainError } from '../../domain/decider';
import { fieldDecider, SUBFIELDS_STILL_OPEN } from '../../domain/fields/decider';
import { fieldStream } from '../../domain/fields/events';
import { gameDecider } from '../../domain/games/decider';
import { gameStream, type GameWithdrawalReason } from '../../domain/games/events';
import type { OfferWindows } from '../../domain/games/rules';
import { availabilityDecider } from '../../domain/availability/decider';
import type { SubFieldRef } from '../../domain/availability/commands/types';
import { subFieldStream } from '../../domain/availability/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import type { LogCheckpoint } from '../../infra/eventstore/checkpoint';
import type { EventMetadata } from '../../infra/eventstore/port';
import type { JobHandler } from '../../infra/jobs/port';
import { joinedGameIds, organizedGameIds, ownedFieldIds } from './account-streams';

/**
 * A deleted account stops selling (DESIGN §8): the owner's fields leave search and holds, and every
 * upcoming game the account organized or hosted on its fields is cancelled with everything paid
 * refunded; a player leaves the other upcoming games they are in, their entries refunded (issue #41). Its policy
 * (policy.ts) turns each UserDeleted into one job; the job finds the fields and games in the log itself
 * (account-streams.ts: the write side reads no projection) and withdraws each through its own aggregate's decider, so every step is decided on its stream and changes nothing when repeated.
 * A cancelled game's slot and refunds then follow from GameCancelled, as for any cancellation.
 */
export interface AccountWithdrawalJob {
  kind: 'withdraw-account';
  userId: string;
  deletedBy: string;
  /** Where UserDeleted is in the log (the account's fields and games are found in the log itself, which holds everything before it). */
  deletedAt: LogCheckpoint;
  /** UserDeleted's event id, the cause of every event the job appends. */
  causationId: string;
}

export interface AccountWithdrawalDependencies {
  commands: CommandDoor;
  now: () => Date;
  /** How long a place freed by a deleted player is offered to the next in line (the game loop's settings). */
  offerWindows?: OfferWindows;
}

/** Sub-fields added while the others were being withdrawn are withdrawn on the next round. */
const FIELD_ROUNDS = 5;

/** What every command of one withdrawal is decided with: one moment, one actor, one cause. */
interface Step {
  now: Date;
  newId: () => string;
  actorId: string | null;
  metadata: EventMetadata;
}

/**
 * Withdraws every sub-field of the field on its own stream, then the field; answers the games booked
 * on its sub-fields that have not ended. The field's decider refuses while a sub-field it lists was not
 * withdrawn (one added meanwhile): that one is withdrawn on the next round.
 */
async function withdrawField(deps: AccountWithdrawalDependencies, fieldId: string, step: Step): Promise<string[]> {
  for (let round = 1; ; round++) {
    const field = await currentState(
      deps.commands.store,
      fieldDecider,
      fieldStream(fieldId),
      deps.commands.streamStates,
    );
    if (field.status === 'unknown') return [];
    const subFields: SubFieldRef[] = field.subFields.map((sub) => ({
      subFieldId: sub.subFieldId,
      fieldId,
      ownerId: field.ownerId,
      name: sub.name,
    }));
    const booked: string[] = [];
    for (const subField of subFields) {
      const streamId = subFieldStream(subField.subFieldId);
      await deps.commands.run({
        decider: availabilityDecider,
        streamId,
        command: { type: 'WithdrawSubField', subField, reason: 'owner_deleted' },
        ...step,
      });
      // Withdrawn: no booking can be added after this read, so these are all the games left to cancel.
      const availability = await currentState(
        deps.commands.store,
        availabilityDecider,
        streamId,
        deps.commands.streamStates,
      );
      booked.push(
        ...availability.bookings.filter((booking) => booking.end > step.now.getTime()).map((booking) => booking.gameId),
      );
    }
    try {
      const withdrawnSubFieldIds = subFields.map((subField) => subField.subFieldId);
      await deps.commands.run({
        decider: fieldDecider,
        streamId: fieldStream(fieldId),
        command: { type: 'WithdrawField', reason: 'owner_deleted', withdrawnSubFieldIds },
        ...step,
      });
      return booked;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === SUBFIELDS_STILL_OPEN) || round >= FIELD_ROUNDS) throw error;
    }
  }
}

export function accountWithdrawalJobHandler(deps: AccountWithdrawalDependencies): JobHandler<AccountWithdrawalJob> {
  return async (job) => {
    const { userId, deletedBy, causationId } = job.data;
    const now = deps.now();
    const step: Step = {
      now,
      newId: () => causationId,
      actorId: deletedBy,
      metadata: { userId: deletedBy, correlationId: job.id, causationId },
    };
    const games = new Map<string, GameWithdrawalReason>();
    for (const fieldId of await ownedFieldIds(deps.commands, userId)) {
      for (const gameId of await withdrawField(deps, fieldId, step)) games.set(gameId, 'owner_deleted');
    }
    for (const gameId of await organizedGameIds(deps.commands, userId, now))
      if (!games.has(gameId)) games.set(gameId, 'organizer_deleted');
    for (const [gameId, reason] of games) {
      // A game its booking is still being made into is not there yet: the job fails and runs again, and it will be.
      await deps.commands.run({
        decider: gameDecider,
        streamId: gameStream(gameId),
        command: { type: 'WithdrawGame', reason },
        ...step,
      });
    }
    // The games the account played in or waits for leave it, each entry it holds refunded (issue #41).
    for (const gameId of await joinedGameIds(deps.commands, userId)) {
      if (games.has(gameId)) continue;
      await deps.commands.run({
        decider: gameDecider,
        streamId: gameStream(gameId),
        command: {
          type: 'WithdrawPlayer',
          playerId: userId,
          reason: 'account_deleted',
          offerWindows: deps.offerWindows,
        },
        ...step,
      });
    }
  };
}
