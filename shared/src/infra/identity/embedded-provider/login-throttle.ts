import type pg from 'pg';
import { withTransaction } from '../../db/pool';
import { clientNetworkKey } from '../../http/client-network';

/**
 * Slows password guessing at the login form, per account and per client network (an IPv4 address
 * or an IPv6 /64), and account making at the sign-up form, per network, with delays that grow with each try and stop growing at
 * a cap, so an attacker can never lock a real user out for longer than that after the attack stops.
 * The counts live in PostgreSQL, so every process of a distributed run sees the same ones.
 *
 * A try is counted before the password is checked (reserved), in one transaction that locks its
 * counters: many tries sent at once line up there, so no more passwords are checked than tries sent
 * one after another would have been. The right password gives its try back.
 */

export interface ThrottlePolicy {
  /** Tries allowed before any delay. */
  free: number;
  /** The first delay; each further try doubles it. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

/** A person who mistypes a few times is never held up; a guesser is slowed to one try per five minutes. */
export const ACCOUNT_POLICY: ThrottlePolicy = { free: 5, firstDelaySeconds: 1, maxDelaySeconds: 5 * 60 };
/** An address may fail across many accounts (a shared NAT, a family), but not endlessly. */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 20, firstDelaySeconds: 1, maxDelaySeconds: 5 * 60 };
/**
 * A household makes a few accounts in an hour (five in a row, the sixth a minute later); a script
 * making hundreds waits twice as long each time, up to an hour.
 */
export const SIGNUP_POLICY: ThrottlePolicy = { free: 4, firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 };
/**
 * Asking for a verification or reset link: a person who lost the first mail asks again once; an inbox
 * is spared a flood (two asks in a row, the third a minute later, then two…), and so is the rest of
 * the world from one network (ten asks in a row).
 */
export const LINK_EMAIL_POLICY: ThrottlePolicy = { free: 1, firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 };
export const LINK_ADDRESS_POLICY: ThrottlePolicy = { free: 9, firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 };
/** Tries older than this are forgotten: the count starts again. */
export const FORGET_AFTER_SECONDS = 60 * 60;

/** How long to wait after the last of `failures` tries before the next one. */
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

const accountCounter = (attempt: LoginAttempt): Counter => ({
  key: `account:${attempt.email}`,
  policy: ACCOUNT_POLICY,
});
// A client is counted by its network: an IPv4 address, or an IPv6 /64 (whose host picks any of its
// addresses at will), so a new address of the same host is no fresh count (client-network.ts).
const addressCounter = (attempt: LoginAttempt): Counter => ({
  key: `address:${clientNetworkKey(attempt.address)}`,
  policy: ADDRESS_POLICY,
});
const signupCounter = (address: string): Counter => ({
  key: `signup:${clientNetworkKey(address)}`,
  policy: SIGNUP_POLICY,
});
const linkEmailCounter = (email: string): Counter => ({ key: `link-email:${email}`, policy: LINK_EMAIL_POLICY });
const linkAddressCounter = (address: string): Counter => ({
  key: `link-address:${clientNetworkKey(address)}`,
  policy: LINK_ADDRESS_POLICY,
});

export class LoginThrottle {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Counts a login try against the account and the address, unless either must wait: then nothing
   * is counted and the answer is the whole seconds to wait. 0: the password may be checked now.
   */
  reserveLogin(attempt: LoginAttempt): Promise<number> {
    return this.reserve([accountCounter(attempt), addressCounter(attempt)]);
  }

  /** The right password clears the account's count and gives the address its try back. */
  async loginSucceeded(attempt: LoginAttempt): Promise<void> {
    await this.pool.query(
      `WITH cleared AS (DELETE FROM identity_login_failures WHERE key = $1)
       UPDATE identity_login_failures SET failures = greatest(failures - 1, 0) WHERE key = $2`,
      [accountCounter(attempt).key, addressCounter(attempt).key],
    );
  }

  /** Counts a sign-up from `address`, unless it must wait (the whole seconds to wait; 0 when counted). */
  reserveSignup(address: string): Promise<number> {
    return this.reserve([signupCounter(address)]);
  }

  /**
   * Counts an ask for an email link (verification or password reset) against the email asked about and
   * the asking address, whether an account has that email or not (the answer must not tell), unless
   * either must wait: then the whole seconds to wait; 0 when counted.
   */
  reserveLinkRequest(request: LoginAttempt): Promise<number> {
    return this.reserve([linkEmailCounter(request.email), linkAddressCounter(request.address)]);
  }

  /**
   * Locks the counters (made first when new), in one order so two tries never wait on each other,
   * and counts the try on all of them only when none must wait.
   */
  private reserve(counters: Counter[]): Promise<number> {
    const sorted = [...counters].sort((a, b) => a.key.localeCompare(b.key));
    const keys = sorted.map((counter) => counter.key);
    return withTransaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO identity_login_failures (key, failures, last_failure_at)
         SELECT key, 0, to_timestamp(0) FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n
         ON CONFLICT (key) DO NOTHING`,
        [keys],
      );
      const { rows } = await client.query<{ key: string; failures: number; last_failure_at: Date }>(
        'SELECT key, failures, last_failure_at FROM identity_login_failures WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE',
        [keys],
      );
      // The clock is read once the counters are locked: a try that waited for the lock behind others
      // must not see their later tries as if they were in its future.
      const now = this.now();
      let wait = 0;
      for (const row of rows) {
        const sinceLast = (now.getTime() - row.last_failure_at.getTime()) / 1000;
        const delay = delayAfter(row.failures, sorted.find((counter) => counter.key === row.key)!.policy);
        if (delay === 0 || sinceLast >= FORGET_AFTER_SECONDS) continue;
        wait = Math.max(wait, Math.ceil(delay - sinceLast));
      }
      if (wait > 0) return wait;
      await client.query(
        `UPDATE identity_login_failures
            SET failures = CASE WHEN last_failure_at <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE failures + 1 END,
                last_failure_at = $2
          WHERE key = ANY($1::text[])`,
        [keys, now, FORGET_AFTER_SECONDS],
      );
      return 0;
    });
  }

  /** Drops counts nobody added to for FORGET_AFTER_SECONDS. */
  async forgetOld(): Promise<void> {
    await this.pool.query(
      'DELETE FROM identity_login_failures WHERE last_failure_at <= $1::timestamptz - make_interval(secs => $2)',
      [this.now(), FORGET_AFTER_SECONDS],
    );
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
