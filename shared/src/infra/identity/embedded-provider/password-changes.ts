import type { Queryable } from '../../db/pool';
import { SESSIONS_ENDED_CHANNEL } from '../ended-sessions';

/**
 * What a new password ends (issue #41): whoever held a session of the account, or a link mailed to
 * it, held it under the old password. So a reset or a change ends every session of the account, as
 * logout ends one: the provider's sessions, grants, codes and refresh tokens are deleted, and each
 * grant is recorded as ended and announced (ended-sessions.ts), so the APIs refuse its access tokens
 * and disconnect its sockets at once. Every open email link of the account is used up too, so an
 * older reset link cannot set another password.
 *
 * One statement; run it in the transaction that sets the password, whose commit sends the NOTIFYs.
 */
export async function endWhatTheOldPasswordOpened(db: Queryable, accountId: string): Promise<void> {
  await db.query(
    `WITH links AS (
       UPDATE identity_email_links SET used_at = now() WHERE account_id = $1 AND used_at IS NULL
     ), grants AS (
       SELECT id AS grant_id FROM identity_provider_records WHERE model = 'Grant' AND payload->>'accountId' = $1
     ), removed AS (
       DELETE FROM identity_provider_records
       WHERE (model IN ('Session', 'Grant', 'AccessToken', 'AuthorizationCode', 'RefreshToken')
              AND payload->>'accountId' = $1)
          OR grant_id IN (SELECT grant_id FROM grants)
     ), recorded AS (
       INSERT INTO identity_ended_grants (grant_id) SELECT grant_id FROM grants ON CONFLICT (grant_id) DO NOTHING
     )
     SELECT pg_notify('${SESSIONS_ENDED_CHANNEL}', grant_id) FROM grants`,
    [accountId],
  );
}
