import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { ServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { noShowBanOf, type Config } from '@playtime/shared/infra/config/config';
import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import type { NoShowBan } from '@playtime/shared/domain/users/reliability';
import { offerWindowsOf } from '@playtime/shared/game-loop/offer-windows';
import type { ResolveUser } from '@playtime/shared/infra/http/current-user';
import type { Geocoder } from '@playtime/shared/infra/geocoding/port';
import type { Logger } from '@playtime/shared/infra/logging';
import { fieldCommandRoutes } from './fields/routes';
import { verifyEntryPayment, verifyRentalPayment } from '@playtime/shared/game-loop/payments/verified-payment';
import {
  isCreditPayment,
  verifyCreditEntryPayment,
  withCreditPart,
} from '@playtime/shared/game-loop/credit/credit-payments';
import { leaveCommandRoutes } from './games/leave-routes';
import {
  setUpPayments,
  paymentSettingsOf,
  type Payments,
  type PaymentsOptions,
} from '@playtime/shared/game-loop/payments/setup';
import { organizeCommandRoutes } from './games/organize-routes';
import { gameCommandRoutes } from './games/routes';
import { attendanceCommandRoutes } from './games/attendance-routes';
import { chatCommandRoutes, type ChatCommandDependencies } from './chat/routes';
import { idempotentRequests, type CommandDependencies } from './http/run-command';
import { operationsCommandRoutes, type OperationsCommandDependencies } from './operations/routes';
import { partnerCommandRoutes } from './partners/routes';
import { notificationCommandRoutes } from './notifications/routes';
import { pushCommandRoutes } from './push/routes';
import { paymentCommandRoutes, type PaymentCommandDependencies } from './payments/routes';
import { availabilityCommandRoutes } from './availability/routes';
import { userCommandRoutes, type UserCommandDependencies } from './users/routes';

export type CommandApiDependencies = Omit<CommandDependencies & UserCommandDependencies, 'resolveUser'> & {
  /** Who calls a command, from their own stream (connectServiceParts with userInLog): the write side reads no projection. */
  resolveUserFromLog?: ResolveUser;
  logger: Logger;
  /** Where ZIP codes are: createGeocoder(config). */
  geocoder: Geocoder;
  /** AVAILABILITY_MAX_DAYS_AHEAD: how far ahead an availability window may start. */
  availabilityMaxDaysAhead: number;
  /** HOLD_MINUTES: how long an organizer's slot stays held while they pay. */
  holdMinutes: number;
  /** CANCELLATION_WINDOW_HOURS: cancelling this long before the start refunds the rental. */
  cancellationWindowHours: number;
  /** OFFER_WINDOW_*: how long a freed place stays offered to the first in line or on the waitlist. */
  offerWindows: OfferWindows;
  /** setUpPayments(...): the processor, its card form and what rentals and entries buy. */
  payments: PaymentCommandDependencies['payments'];
  /** The app's public address (payout onboarding returns there). */
  publicUrl: string;
  /** PARTNER_SHEET_URL. */
  partnerSheetUrl: string | null;
  /** Issue #44: signs check-in codes (ServiceParts.checkInSecret). */
  checkInSecret: string;
  /** Issue #46: PUSH_ALLOW_LOOPBACK (ServiceParts.pushAllowLoopback). */
  pushAllowLoopback: boolean;
  /** NO_SHOW_BAN_*: how many no-shows within how many days bar joining for how many days (issue #44). */
  noShowBan: NoShowBan;
  /** openJobQueues(...): the System tab retries failed jobs through these. */
  jobQueues: OperationsCommandDependencies['jobQueues'];
  /** Issue #46: CHAT_MESSAGES_PER_MINUTE per person (openChatSendLimit: in Redis when REDIS_URL is set). */
  chatSendLimit: ChatCommandDependencies['chatSendLimit'];
};

/** The command API's settings, as the configuration names them (one place for every composition). */
export function commandApiSettings(
  config: Config,
): Pick<
  CommandApiDependencies,
  | 'availabilityMaxDaysAhead'
  | 'holdMinutes'
  | 'cancellationWindowHours'
  | 'offerWindows'
  | 'partnerSheetUrl'
  | 'readWaitMs'
  | 'noShowBan'
> {
  return {
    readWaitMs: config.READ_WAIT_MS,
    availabilityMaxDaysAhead: config.AVAILABILITY_MAX_DAYS_AHEAD,
    holdMinutes: config.HOLD_MINUTES,
    cancellationWindowHours: config.CANCELLATION_WINDOW_HOURS,
    offerWindows: offerWindowsOf(config),
    partnerSheetUrl: config.PARTNER_SHEET_URL ?? null,
    noShowBan: noShowBanOf(config),
  };
}

/** The command side's resolver of callers; without one it would have to ask a read model, which it never does. */
export function callersFromLog(deps: { resolveUserFromLog?: ResolveUser }): ResolveUser {
  if (!deps.resolveUserFromLog)
    throw new Error(
      'The command API needs connectServiceParts(..., { userInLog: userRowInLog }): who calls a command is read from the log.',
    );
  return deps.resolveUserFromLog;
}

/** Every command route of the product, by capability. */
export function createCommandApi(dependencies: CommandApiDependencies): Router {
  const deps = {
    ...dependencies,
    resolveUser: callersFromLog(dependencies),
    streamStates: dependencies.commands.streamStates,
  };
  const { processor } = deps.payments;
  const router = Router();
  router.use(idempotentRequests(deps));
  router.use(userCommandRoutes(deps));
  router.use(fieldCommandRoutes(deps));
  router.use(availabilityCommandRoutes(deps));
  router.use(paymentCommandRoutes(deps));
  router.use(
    organizeCommandRoutes({ ...deps, verifyRentalPayment: (paymentId) => verifyRentalPayment(processor, paymentId) }),
  );
  router.use(partnerCommandRoutes(deps));
  router.use(notificationCommandRoutes(deps));
  router.use(pushCommandRoutes(deps));
  router.use(operationsCommandRoutes(deps));
  router.use(leaveCommandRoutes(deps));
  router.use(
    gameCommandRoutes({
      ...deps,
      // Issue #45: an entry paid with Playtime credit is verified from the ledger; a card's with the processor.
      verifyEntryPayment: (paymentId) =>
        isCreditPayment(paymentId)
          ? verifyCreditEntryPayment(deps.commands, paymentId)
          : verifyEntryPayment(processor, paymentId).then((paid) => withCreditPart(deps.commands, paid)),
    }),
  );
  router.use(attendanceCommandRoutes(deps));
  router.use(chatCommandRoutes(deps));
  return router;
}

/** The command API as every entry composes it: the service's parts, the configuration's settings, the clock and random ids. */
export function commandApiOf(
  parts: ServiceParts,
  config: Config,
  deps: Pick<CommandApiDependencies, 'metrics' | 'geocoder' | 'logger' | 'payments' | 'jobQueues' | 'chatSendLimit'>,
): Router {
  return createCommandApi({
    ...parts,
    now: () => new Date(),
    newId: randomUUID,
    ...commandApiSettings(config),
    ...deps,
  });
}

/**
 * The payments of a process that serves the command API, set up from its parts and the configuration;
 * `options` are what tests fix (the simulated processor's webhook randomness and fees).
 */
export function setUpCommandApiPayments(
  parts: ServiceParts,
  config: Config,
  logger: Logger,
  options: Pick<PaymentsOptions, 'webhookDelivery' | 'feeCents'> = {},
): Promise<Payments> {
  return setUpPayments({
    ...parts,
    redisUrl: config.REDIS_URL,
    logger,
    ...paymentSettingsOf(config),
    ...options,
  });
}
