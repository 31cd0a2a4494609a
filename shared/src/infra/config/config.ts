import { z } from 'zod';
import { DEFAULT_REMINDER_HOURS } from '../../contract/notifications';
import { DEFAULT_NO_SHOW_BAN } from '../../contract/attendance';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.string().url().optional())
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A text setting; empty is the same as unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Every setting the services read from the environment. README's configuration table mirrors it. */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: optionalUrl,
    /**
     * Who may tell the services, by X-Forwarded-For, -Proto and -Host, the client's address, scheme and
     * host: Express's 'trust proxy' values, comma-separated (addresses, CIDR ranges, or loopback,
     * linklocal, uniquelocal). Anyone else's forwarded headers are ignored. Behind Caddy on the same
     * machine that is the default, loopback; behind a proxy on another machine, its address.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('loopback')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    DATABASE_URL: optionalUrl,
    EVENTSTORE_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    REDIS_URL: optionalUrl,
    /**
     * PostgreSQL connections of one process's query pool; its event store pool gets half as many more
     * (README: sizing against max_connections). Empty: 40 standalone, 10 for a service of many.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).optional(),
    DATA_DIR: z.string().default('.data/standalone'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    READ_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
    PROJECTION_REBUILD_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(2000),
    AUTH0_DOMAIN: z.string().trim().optional(),
    AUTH0_CLIENT_ID: z.string().trim().optional(),
    AUTH0_AUDIENCE: z.string().trim().optional(),
    EMBEDDED_IDENTITY: booleanFlag,
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    PARTNER_FORM_URL: optionalUrl,
    PARTNER_SHEET_URL: optionalUrl,
    PARTNER_SHEET_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    READY_MAX_LAG_MS: z.coerce.number().int().min(0).default(5000),
    AVAILABILITY_MAX_DAYS_AHEAD: z.coerce.number().int().min(1).max(3650).default(365),
    /**
     * Load the demo accounts, field and games on first start. Empty: on for standalone with the embedded
     * identity provider (tests turn it off), off for a distributed deployment (its command API loads them).
     */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1')),
    /** How long an organizer's slot stays held while they pay the rental (DESIGN §7). */
    HOLD_MINUTES: z.coerce.number().positive().max(60).default(10),
    /**
     * How long the first in line or on the waitlist has to take a freed place (issue #29), by the time
     * left to the start: more than 24 hours, more than 2 hours, and the last 2 hours (fractions allowed).
     */
    OFFER_WINDOW_OVER_24H_MINUTES: z.coerce.number().positive().max(1440).default(120),
    OFFER_WINDOW_OVER_2H_MINUTES: z.coerce.number().positive().max(1440).default(30),
    OFFER_WINDOW_LAST_2H_MINUTES: z.coerce.number().positive().max(1440).default(10),
    // Issue #31: how long before its start a game's members are reminded, in hours.
    REMINDER_HOURS: z.coerce.number().positive().max(168).default(DEFAULT_REMINDER_HOURS),
    // Issue #45: how long credit a checkout spent waits for its join (or its card) before it comes back, in minutes.
    UNUSED_CREDIT_RETURN_MINUTES: z.coerce.number().positive().max(1440).default(30),
    // Issue #45: how long the simulated processor's bank processes a payment (its processing test card), in seconds.
    SIMULATED_BANK_PROCESSING_SECONDS: z.coerce.number().positive().max(3600).default(10),
    /**
     * Issue #44: the secret that signs check-in codes (at least 32 characters), the same for every
     * command and read API. Empty: derived from the deployment's own key kept in its database.
     */
    CHECK_IN_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
    /**
     * Issue #46: the deployment's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it)
     * and the contact push services see. Empty: made at first start and kept in the database.
     */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    VAPID_SUBJECT: optionalText.refine(
      (value) => value === undefined || /^(mailto:|https:\/\/)/.test(value),
      'must be a mailto: address or an https: URL',
    ),
    /** Issue #46: 1 lets push endpoints on loopback be plain http (a test's local push receiver). */
    PUSH_ALLOW_LOOPBACK: booleanFlag,
    /** Issue #44: this many no-shows within NO_SHOW_BAN_WINDOW_DAYS bar joining for NO_SHOW_BAN_DAYS. */
    NO_SHOW_BAN_COUNT: z.coerce.number().int().min(1).max(100).default(DEFAULT_NO_SHOW_BAN.count),
    NO_SHOW_BAN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_NO_SHOW_BAN.windowDays),
    NO_SHOW_BAN_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_NO_SHOW_BAN.days),
    /** Until how many hours before its start cancelling a game refunds the organizer's rental (DESIGN §7). */
    CANCELLATION_WINDOW_HOURS: z.coerce.number().min(0).max(720).default(24),
    /** A Google-Geocoding-compatible JSON endpoint; without it ZIP codes are looked up in the offline gazetteer. */
    GEOCODER_URL: optionalUrl,
    GEOCODER_KEY: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** Lets a scraper off this machine read /metrics with `Authorization: Bearer <token>`; loopback needs none. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** Stripe instead of the simulated card processor (README: Payments with Stripe). A secret key needs the webhook secret too. */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .trim()
      .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The platform's share of each payment, in percent of it, kept as Stripe's application fee. */
    STRIPE_APPLICATION_FEE_PERCENT: z.coerce.number().min(0).max(50).default(0),
    /**
     * Where mail goes, as nodemailer reads a URL: smtp://user:pass@host:587 (STARTTLS when offered),
     * smtps://…:465 (TLS from the start). Empty: the standalone app's embedded SMTP server catches
     * every mail into PostgreSQL (Admin → Mail) and nothing leaves the machine.
     */
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .string()
          .regex(
            /^smtps?:\/\/[^\s]+$/,
            'must be an smtp:// or smtps:// URL (e.g. smtp://user:password@mail.example.com:587)',
          )
          .optional(),
      ),
    /** The From of every mail. */
    MAIL_FROM: z.string().trim().min(3).default('Playtime <no-reply@playtime.local>'),
    PAYMENTS_RECONCILE_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  })
  .superRefine((config, context) => {
    if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are one key pair: set both, or neither (made at first start)',
      });
    }
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message:
          'is required with STRIPE_SECRET_KEY: without it no Stripe webhook can be verified, so no payment would ever be applied (`stripe listen` prints one)',
      });
    }
    const mode = (key: string | undefined) => (key ? (/_live_/.test(key) ? 'live' : 'test') : null);
    if (
      config.STRIPE_SECRET_KEY &&
      config.STRIPE_PUBLISHABLE_KEY &&
      mode(config.STRIPE_SECRET_KEY) !== mode(config.STRIPE_PUBLISHABLE_KEY)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'must be of the same mode (test or live) as STRIPE_SECRET_KEY',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Where browsers reach the app: PUBLIC_URL, or this process's own port on localhost (standalone). */
export function publicUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** Query pool and event store pool sizes of one process (DATABASE_POOL_SIZE). */
export function poolSizesOf(config: Pick<Config, 'DATABASE_POOL_SIZE'>, standalone: boolean) {
  const queries = config.DATABASE_POOL_SIZE ?? (standalone ? 40 : 10);
  return { queries, events: Math.max(2, Math.ceil(queries / 2)) };
}

/**
 * A service of a distributed deployment cannot guess what standalone guesses: the database is not
 * embedded, and each process alone on its port is not the address browsers use. Every service must
 * be given the same PUBLIC_URL (the proxy's): it is the identity provider's issuer, which tokens are
 * checked against, and the address webhooks are posted to.
 */
export function checkServiceConfig(config: Config): Config {
  const missing = [
    !config.DATABASE_URL &&
      'DATABASE_URL: is required for a service of a distributed deployment (README: Distributed run)',
    !config.PUBLIC_URL &&
      "PUBLIC_URL: is required for a service of a distributed deployment: the one address browsers use (the proxy's), the same for every service",
  ].filter((problem): problem is string => Boolean(problem));
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  return config;
}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** Issue #44: the no-show ban's settings, as the join decision and the read side take them. */
export const noShowBanOf = (
  config: Pick<Config, 'NO_SHOW_BAN_COUNT' | 'NO_SHOW_BAN_WINDOW_DAYS' | 'NO_SHOW_BAN_DAYS'>,
) => ({
  count: config.NO_SHOW_BAN_COUNT,
  windowDays: config.NO_SHOW_BAN_WINDOW_DAYS,
  days: config.NO_SHOW_BAN_DAYS,
});
