import { Router } from 'express';
import {
  addGameBody,
  holdSlotBody,
  ORGANIZER_ROLES,
  releaseHoldBody,
  type AddedGame,
  type HeldSlot,
} from '@playtime/shared/contract/games';
import type { VerifiedRentalPayment } from '@playtime/shared/domain/availability/commands/types';
import { NO_SUCH_SUBFIELD } from '@playtime/shared/domain/availability/messages';
import { bookHeldSlot, holdSlot, releaseHold } from '@playtime/shared/game-loop/book-held-slot/booking';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { timeZoneOf } from '@playtime/shared/infra/http/time-zone';
import { findSubField } from '@playtime/shared/game-loop/sub-fields';
import { metadataOf, originOf, setPosition, type CommandDependencies } from '../http/run-command';

export type OrganizeCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  /** How long an organizer's slot stays held while they pay (DESIGN §7: 10 minutes). */
  holdMinutes: number;
  /** Until how many hours before its start cancelling a game refunds the rental (DESIGN §7: 24). */
  cancellationWindowHours: number;
  /** Asks the payment processor about a rental payment: succeeded, or a 4xx ApiError a person can act on. */
  verifyRentalPayment: (paymentId: string) => Promise<VerifiedRentalPayment>;
};

const ONLY_ORGANIZERS = 'Only captains can organize games.';

/** Commands of the organize wizard (spec §2 Organize wizard, Confirm flow): hold a slot, let it go, book it as a game. */
export function organizeCommandRoutes(deps: OrganizeCommandDependencies): Router {
  const router = Router();
  const organizer = requireUser(deps.resolveUser, ORGANIZER_ROLES, ONLY_ORGANIZERS);

  router.post('/api/hold-slot', organizer, async (req, res) => {
    const body = parseBody(holdSlotBody, req.body);
    const user = req.user!;
    const draft = {
      name: body.name || `${user.username}'s Game`,
      organizerUsername: user.username,
      maxPlayers: body.maxPlayers,
      priceCents: body.price,
      picture: '',
      sidelineSize: body.sidelineSize,
      minPlayers: body.minPlayers,
      decisionHours: body.decisionHours,
      freeCancellationHours: body.freeCancellationHours,
      guestsPerPlayer: body.guestsPerPlayer,
    };
    const { held, position } = await holdSlot(
      deps,
      {
        subFieldId: body.subFieldId,
        startDate: body.startDate,
        endDate: body.endDate,
        holdMinutes: deps.holdMinutes,
        draft,
        // The weeks keep the slot's time of day, and skipDates are dates, in the field's zone.
        series:
          body.repeatWeeks === undefined
            ? undefined
            : {
                repeatWeeks: body.repeatWeeks,
                skipDates: body.skipDates,
                regularsWindowHours: body.regularsWindowHours,
              },
      },
      originOf(deps, req),
    );
    setPosition(res, position);
    const answer: HeldSlot = {
      holdId: held.holdId,
      expiresAt: held.expiresAt,
      rentalCents: held.rentalCents,
      occurrences: held.occurrences.map(({ startDate, endDate }) => ({ startDate, endDate })),
      seriesId: held.series?.seriesId ?? null,
    };
    res.json(answer);
  });

  router.post('/api/release-hold', organizer, async (req, res) => {
    const { holdId } = parseBody(releaseHoldBody, req.body);
    setPosition(res, await releaseHold(deps, holdId, originOf(deps, req)));
    res.json({ ok: true });
  });

  router.post('/api/add-game', organizer, async (req, res) => {
    const body = parseBody(addGameBody, req.body);
    const subField = await findSubField(deps, body.subFieldId);
    if (!subField) throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    const payment = body.paymentId === undefined ? null : await deps.verifyRentalPayment(body.paymentId);
    const { gameId, gameIds, seriesId, position } = await bookHeldSlot(deps, {
      subField,
      holdId: body.holdId,
      payment,
      draft: {
        name: body.name,
        maxPlayers: body.maxPlayers,
        priceCents: body.price,
        sidelineSize: body.sidelineSize,
        minPlayers: body.minPlayers,
        decisionHours: body.decisionHours,
        guestsPerPlayer: body.guestsPerPlayer,
        startDate: body.startDate,
        endDate: body.endDate,
        timeZone: timeZoneOf(req),
      },
      actorId: req.user!.userId,
      cancellationWindowHours: deps.cancellationWindowHours,
      metadata: metadataOf(req),
    });
    setPosition(res, position);
    const answer: AddedGame = { ok: true, gameId, seriesId, gameIds };
    res.json(answer);
  });

  return router;
}
