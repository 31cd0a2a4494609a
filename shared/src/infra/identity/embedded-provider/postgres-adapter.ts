import type { Queryable } from '../../db/pool';
import { END_SESSION_SQL } from '../ended-sessions';

/** What oidc-provider hands its adapter: a JSON object, with a few fields it later looks up by. */
export interface AdapterPayload {
  [key: string]: unknown;
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
}

/** Models whose records belong to a grant and die with it (same list as the library's memory adapter). */
const GRANT_BOUND_MODELS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const LIVE = '(expires_at IS NULL OR expires_at > now())';

/**
 * oidc-provider's storage contract over one PostgreSQL table. The library creates one adapter per
 * model (Session, Grant, RefreshToken, Interaction, ...); every method is a single statement, so
 * several processes can share the table.
 */
export class PostgresOidcAdapter {
  constructor(
    private readonly db: Queryable,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const grantId = GRANT_BOUND_MODELS.has(this.model) ? (payload.grantId ?? null) : null;
    await this.db.query(
      `INSERT INTO identity_provider_records (model, id, payload, grant_id, uid, user_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $7::integer) END)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
      [this.model, id, payload, grantId, payload.uid ?? null, payload.userCode ?? null, expiresIn ?? null],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // Clients are configured statically; the library asks the adapter only for unknown client ids.
    if (this.model === 'Client') return undefined;
    return this.findWhere('id = $2', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid = $2', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query(
      `UPDATE identity_provider_records SET payload = payload || jsonb_build_object('consumed', $3::bigint)
       WHERE model = $1 AND id = $2`,
      [this.model, id, Math.floor(Date.now() / 1000)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM identity_provider_records WHERE model = $1 AND id = $2', [this.model, id]);
    // The provider destroys a grant only to revoke it (logout, a revoked or reused refresh token):
    // the session's access tokens, which the APIs check on their own, must stop working too.
    if (this.model === 'Grant') await this.db.query(END_SESSION_SQL, [id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('DELETE FROM identity_provider_records WHERE grant_id = $1', [grantId]);
  }

  private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<{ payload: AdapterPayload }>(
      `SELECT payload FROM identity_provider_records WHERE model = $1 AND ${condition} AND ${LIVE}`,
      [this.model, value],
    );
    return rows[0]?.payload;
  }
}

/** The adapter factory oidc-provider expects: called once per model name. */
export function postgresOidcAdapter(db: Queryable): (model: string) => PostgresOidcAdapter {
  return (model) => new PostgresOidcAdapter(db, model);
}

/** Expired records are invisible already; this only reclaims their space. */
export async function deleteExpiredRecords(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM identity_provider_records WHERE expires_at <= now()');
  return result.rowCount ?? 0;
}
