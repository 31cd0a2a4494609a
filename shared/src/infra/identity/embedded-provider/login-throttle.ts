import type { Queryable } from '../../db/pool';

/**
 * Slows password guessing at the login form, per account and per client address, with delays that
 * grow with each failure and stop growing at a few minutes, so an attacker can never lock a real
 * user out for longer than that after the attack stops. The counts live in PostgreSQL, so every
 * process of a distributed run sees the same ones.
 */

export interface ThrottlePolicy {
  /** Failures allowed before any delay. */
  free: number;
  /** The first delay; each further failure doubles it. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

/** A person who mistypes a few times is never held up; a guesser is slowed to one try per five minutes. */
export const ACCOUNT_POLICY: ThrottlePolicy = { free: 5, firstDelaySeconds: 1, maxDelaySeconds: 5 * 60 };
/** An address may fail across many accounts (a shared NAT, a family), but not endlessly. */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 20, firstDelaySeconds: 1, maxDelaySeconds: 5 * 60 };
/** Failures older than this are forgotten: the count starts again. */
export const FORGET_AFTER_SECONDS = 60 * 60;

/** How long to wait after the last of `failures` failures before the next try. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures <= policy.free) return 0;
  const doublings = Math.min(failures - policy.free - 1, 30);
  return Math.min(policy.firstDelaySeconds * 2 ** doublings, policy.maxDelaySeconds);
}

export interface LoginAttempt {
  email: string;
  address: string;
}

interface Counter {
  key: string;
  policy: ThrottlePolicy;
}

const countersOf = (attempt: LoginAttempt): Counter[] => [
  { key: `account:${attempt.email}`, policy: ACCOUNT_POLICY },
  { key: `address:${attempt.address}`, policy: ADDRESS_POLICY },
];

export class LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whole seconds before this attempt may be checked; 0 when it may be now. */
  async retryAfter(attempt: LoginAttempt): Promise<number> {
    const counters = countersOf(attempt);
    const { rows } = await this.db.query<{ key: string; failures: number; last_failure_at: Date }>(
      'SELECT key, failures, last_failure_at FROM identity_login_failures WHERE key = ANY($1::text[])',
      [counters.map((counter) => counter.key)],
    );
    const now = this.now().getTime();
    let wait = 0;
    for (const row of rows) {
      const policy = counters.find((counter) => counter.key === row.key)!.policy;
      const sinceLast = (now - row.last_failure_at.getTime()) / 1000;
      if (sinceLast >= FORGET_AFTER_SECONDS) continue;
      wait = Math.max(wait, Math.ceil(delayAfter(row.failures, policy) - sinceLast));
    }
    return wait;
  }

  /** Counts a wrong password against the account and the address. */
  async failed(attempt: LoginAttempt): Promise<void> {
    await this.db.query(
      `INSERT INTO identity_login_failures AS f (key, failures, last_failure_at)
       SELECT key, 1, $2 FROM unnest($1::text[]) AS key
       ON CONFLICT (key) DO UPDATE
          SET failures = CASE WHEN f.last_failure_at <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE f.failures + 1 END,
              last_failure_at = $2`,
      [countersOf(attempt).map((counter) => counter.key), this.now(), FORGET_AFTER_SECONDS],
    );
  }

  /** The right password clears the account's count; the address keeps what it failed elsewhere. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.db.query('DELETE FROM identity_login_failures WHERE key = $1', [countersOf(attempt)[0]!.key]);
  }

  /** Drops counts nobody added to for FORGET_AFTER_SECONDS. */
  async forgetOld(): Promise<void> {
    await this.db.query('DELETE FROM identity_login_failures WHERE last_failure_at <= $1::timestamptz - make_interval(secs => $2)', [
      this.now(),
      FORGET_AFTER_SECONDS,
    ]);
  }
}

/** "1 minute 4 seconds": how long a person must wait, in words. */
export function waitInWords(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (!minutes) return part(rest, 'second');
  return rest ? `${part(minutes, 'minute')} ${part(rest, 'second')}` : part(minutes, 'minute');
}
