import { Router } from 'express';
import {
  addGameBody,
  holdSlotBody,
  ORGANIZER_ROLES,
  releaseHoldBody,
  type HeldSlot,
} from '@playtime/shared/contract/games';
import { fieldDecider } from '@playtime/shared/domain/fields/decider';
import { fieldStream } from '@playtime/shared/domain/fields/events';
import { DEFAULT_MAX_PLAYERS } from '@playtime/shared/domain/games/rules';
import { rentalCentsFor } from '@playtime/shared/domain/availability/bookings';
import { availabilityDecider, type VerifiedRentalPayment } from '@playtime/shared/domain/availability/decider';
import { subFieldStream } from '@playtime/shared/domain/availability/events';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { formatCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { bookHeldSlot } from '@playtime/shared/infra/game-loop/booking';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { timeZoneOf } from '@playtime/shared/infra/http/time-zone';
import { findHoldSubField, findSubField, type ReadModelDependencies } from '../fields/read-model';
import { POSITION_HEADER, runCommand, type CommandDependencies } from '../http/run-command';

export type OrganizeCommandDependencies = CommandDependencies &
  ReadModelDependencies & {
    resolveUser: ResolveUser;
    /** How long an organizer's slot stays held while they pay (DESIGN §7: 10 minutes). */
    holdMinutes: number;
    /** Until how many hours before its start cancelling a game refunds the rental (DESIGN §7: 24). */
    cancellationWindowHours: number;
    /** Asks the payment processor about a rental payment: succeeded, or a 4xx ApiError a person can act on. */
    verifyRentalPayment: (paymentId: string) => Promise<VerifiedRentalPayment>;
  };

const NO_SUCH_SUBFIELD = 'There is no sub-field with this id.';
const NO_SUCH_HOLD = 'There is no hold with this id. Pick the slot again.';
const ONLY_ORGANIZERS = 'Only captains can organize games.';

/** Commands of the organize wizard (spec §2 Organize wizard, Confirm flow): hold a slot, let it go, book it as a game. */
export function organizeCommandRoutes(deps: OrganizeCommandDependencies): Router {
  const router = Router();
  const organizer = requireUser(deps.resolveUser, ORGANIZER_ROLES, ONLY_ORGANIZERS);

  router.post('/api/hold-slot', organizer, async (req, res) => {
    const body = parseBody(holdSlotBody, req.body);
    const subField = await findSubField(deps, body.subFieldId);
    if (!subField) throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    // The price is the field's as it is now, from its own stream: a hold quotes it and the payment must match it.
    const field = await currentState(deps.store, fieldDecider, fieldStream(subField.fieldId), deps.streamStates);
    // A withdrawn field (its owner's account was deleted) goes on to its sub-field's stream, which refuses it and says why.
    if (field.status === 'unknown' || field.status === 'deleted')
      throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    const user = req.user!;
    const rentalCents = rentalCentsFor(
      field.details.pricePerHourCents,
      { start: body.startDate.getTime(), end: body.endDate.getTime() },
      field.policy,
    );
    const outcome = await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), {
      type: 'HoldSlot',
      subField,
      startDate: body.startDate,
      endDate: body.endDate,
      rentalCents,
      holdMinutes: deps.holdMinutes,
      draft: {
        name: body.name || `${user.username}'s Game`,
        organizerUsername: user.username,
        maxPlayers: body.maxPlayers ?? DEFAULT_MAX_PLAYERS,
        priceCents: body.price,
        picture: '',
      },
    });
    const held = outcome.events.find((event) => event.type === 'SlotHeld');
    if (held?.type !== 'SlotHeld') throw new Error('HoldSlot decided no SlotHeld event');
    const answer: HeldSlot = {
      holdId: held.data.holdId,
      expiresAt: held.data.expiresAt,
      rentalCents: held.data.rentalCents,
    };
    res.json(answer);
  });

  router.post('/api/release-hold', organizer, async (req, res) => {
    const { holdId } = parseBody(releaseHoldBody, req.body);
    const subField = await findHoldSubField(deps, holdId);
    if (!subField) throw new ApiError(404, 'hold_not_found', NO_SUCH_HOLD);
    await runCommand(deps, req, res, availabilityDecider, subFieldStream(subField.subFieldId), {
      type: 'ReleaseHold',
      subField,
      holdId,
      reason: 'released',
    });
    res.json({ ok: true });
  });

  router.post('/api/add-game', organizer, async (req, res) => {
    const body = parseBody(addGameBody, req.body);
    const subField = await findSubField(deps, body.subFieldId);
    if (!subField) throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    const payment = body.paymentId === undefined ? null : await deps.verifyRentalPayment(body.paymentId);
    const { gameId, appended } = await bookHeldSlot(deps, {
      subField,
      holdId: body.holdId,
      payment,
      draft: {
        name: body.name,
        maxPlayers: body.maxPlayers,
        priceCents: body.price,
        startDate: body.startDate,
        endDate: body.endDate,
        timeZone: timeZoneOf(req),
      },
      actorId: req.user!.userId,
      cancellationWindowHours: deps.cancellationWindowHours,
      metadata: { userId: req.user!.userId, correlationId: String(req.id), causationId: null },
    });
    if (appended) res.setHeader(POSITION_HEADER, formatCheckpoint(appended.checkpoint));
    res.json({ ok: true, gameId });
  });

  return router;
}
