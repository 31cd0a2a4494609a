import { createHmac } from 'node:crypto';
import { Router } from 'express';
import type { PaymentsConfig } from '../../contract/payments';
import { publicUrlOf, type Config } from '../config/config';
import { createUserResolver, readUserRow, type ResolveUser, type UserRow } from '../http/current-user';
import { StreamStateCache } from '../commands/stream-state-cache';
import type { EventStore } from '../eventstore/port';

import { CurrentUserCache } from '../http/current-user-cache';
import type { SecurityHeaderOptions } from '../http/security-headers';
import { appOrigins, identityOrigin } from '../identity/app-origins';
import type { Logger } from '../logging';
import type { Metrics } from '../metrics/metrics';
import { prepareEmailTables } from '../email/email-worker';
import { unsubscribeRoutes } from '../email/unsubscribe-routes';
import { loadUnsubscribeKey } from '../email/unsubscribe-tokens';
import { loadVapidKeys, type VapidKeys } from '../push/vapid';
import { setUpIdentity, type Identity } from './identity';
import { connectInfrastructure, type Infrastructure } from './infrastructure';

/** What reading a user's own stream takes. */
export interface UserStreams {
  store: EventStore;
  streamStates: StreamStateCache;
}

/** What every service process starts from: storage, identity, and who the caller of a request is. */
export interface ServiceParts extends Infrastructure {
  identity: Identity;
  /** Who calls a read: their record in the read model. */
  resolveUser: ResolveUser;
  /**
   * Who calls a command: their record in their own stream (the write side reads no projection). Made
   * for a process that serves commands, which says how to read that stream (options.userInLog).
   */
  resolveUserFromLog?: ResolveUser;
  publicUrl: string;
  /** ADMIN_EMAILS: verified addresses that get the admin role. */
  adminEmails: string[];
  publicConfig: { auth: Identity['auth']; partnerFormUrl: string | null; payments: PaymentsConfig };
  /** The embedded identity provider's routes, when this process serves them. */
  identityRoutes: Router[];
  /** For a process that serves pages (the web app, the provider's): who the Content-Security-Policy lets in. */
  securityHeaders: SecurityHeaderOptions;
  /** Issue #44: signs check-in codes; the command APIs verify what the read APIs show. */
  checkInSecret: string;
  /** Issue #46: the deployment's VAPID keys (VAPID_*, or made at first start and kept). */
  vapid: VapidKeys;
  /** Issue #46: PUSH_ALLOW_LOOPBACK: plain-http push endpoints on loopback are taken (tests). */
  pushAllowLoopback: boolean;
}

export async function connectServiceParts(
  config: Config,
  logger: Logger,
  options: {
    standalone: boolean;
    seedDemoAccounts: boolean;
    serveIdentityProvider: boolean;
    metrics?: Metrics;
    /** The command API's reading of a user's own stream (command-api/src/users/users-in-log.ts). */
    userInLog?: (log: UserStreams, userId: string) => Promise<UserRow | undefined>;
  },
): Promise<ServiceParts> {
  const infrastructure = await connectInfrastructure(config, logger, {
    standalone: options.standalone,
    metrics: options.metrics,
  });
  const { pool } = infrastructure;
  const publicUrl = publicUrlOf(config);
  const identity = await setUpIdentity({
    config,
    pool,
    databaseUrl: infrastructure.databaseUrl,
    publicUrl,
    logger,
    seedDemoAccounts: options.seedDemoAccounts,
    // Standalone without SMTP_URL, mail goes to the embedded catcher: the login page says where to read it.
    mailStaysLocal: options.standalone && !config.SMTP_URL,
  });
  // One cache per source: a row read from the read model must never answer for the write side.
  const currentUsers = new CurrentUserCache<UserRow>(infrastructure.databaseUrl);
  const resolveUser = createUserResolver({
    verify: identity.verify,
    readUser: (userId) => readUserRow(pool, userId),
    cache: currentUsers,
  });
  const { userInLog } = options;
  const currentUsersInLog = userInLog && new CurrentUserCache<UserRow>(infrastructure.databaseUrl);
  const userStreams: UserStreams = { store: infrastructure.store, streamStates: new StreamStateCache() };
  const resolveUserFromLog =
    currentUsersInLog &&
    createUserResolver({
      verify: identity.verify,
      readUser: (userId) => userInLog(userStreams, userId),
      cache: currentUsersInLog,
    });
  // The mail's unsubscribe page is served where the provider's pages are (by the read APIs, behind Caddy).
  await prepareEmailTables(pool);
  const unsubscribeKey = await loadUnsubscribeKey(pool);
  const identityRoutes =
    options.serveIdentityProvider && identity.provider
      ? [Router().use(identity.provider.path, identity.provider.router), unsubscribeRoutes({ pool, unsubscribeKey })]
      : [unsubscribeRoutes({ pool, unsubscribeKey })];
  return {
    ...infrastructure,
    identity,
    resolveUser,
    resolveUserFromLog,
    publicUrl,
    adminEmails: config.ADMIN_EMAILS,
    publicConfig: {
      auth: identity.auth,
      partnerFormUrl: config.PARTNER_FORM_URL ?? null,
      // Stripe's card form needs the publishable key; without it the web cannot take Stripe payments.
      payments:
        config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
          ? { processor: 'stripe', publishableKey: config.STRIPE_PUBLISHABLE_KEY }
          : { processor: 'simulated' },
    },
    identityRoutes,
    // Without a configured secret, one derived from the deployment's key in its database: every process
    // of the deployment signs alike, and the derivation never gives the key itself away.
    checkInSecret:
      config.CHECK_IN_SECRET ?? createHmac('sha256', unsubscribeKey).update('playtime check-in codes').digest('hex'),
    vapid: await loadVapidKeys(pool, config),
    pushAllowLoopback: config.PUSH_ALLOW_LOOPBACK,
    securityHeaders: {
      identityOrigins: [identityOrigin(identity.auth.domain)],
      appOrigins: appOrigins(publicUrl, config.PORT),
      stripeJs: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY),
    },
    async close() {
      await currentUsers.close();
      await currentUsersInLog?.close();
      await identity.close();
      await infrastructure.close();
    },
  };
}
