import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { withTransaction, type Queryable } from '../../db/pool';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { endWhatTheOldPasswordOpened } from './password-changes';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './passwords';

export interface Account {
  accountId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  nickname: string;
  picture: string;
  /** Set by `npm run create-admin`: the account's password was handed over and must be replaced at the next login. */
  passwordChangeRequired: boolean;
}

interface AccountRow {
  account_id: string;
  email: string;
  email_verified: boolean;
  name: string;
  nickname: string;
  picture: string;
  password_hash: string;
  password_change_required: boolean;
}

export interface NewAccount {
  email: string;
  nickname: string;
  password: string;
  name?: string;
  emailVerified?: boolean;
}

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists');
    this.name = 'EmailTakenError';
  }
}

/** The app ships 16 preset avatars; a new account gets one picked by its email, so it stays stable. */
const AVATAR_COUNT = 16;
function defaultAvatarFor(email: string): string {
  const index = createHash('sha256').update(email).digest().readUInt32BE(0) % AVATAR_COUNT;
  return `/avatars/${index + 1}.svg`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toAccount(row: AccountRow): Account {
  return {
    accountId: row.account_id,
    email: row.email,
    emailVerified: row.email_verified,
    name: row.name,
    nickname: row.nickname,
    picture: row.picture,
    passwordChangeRequired: row.password_change_required,
  };
}

const COLUMNS = 'account_id, email, email_verified, name, nickname, picture, password_hash, password_change_required';

/** Sign-in accounts of the embedded provider. The account id is the token's `sub`. */
export class AccountStore {
  constructor(private readonly db: Queryable) {}

  async findById(accountId: string): Promise<Account | undefined> {
    const { rows } = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM identity_accounts WHERE account_id = $1`, [
      accountId,
    ]);
    return rows[0] && toAccount(rows[0]);
  }

  /** The account whose email and password match, or undefined; equally slow either way. */
  async authenticate(email: string, password: string): Promise<Account | undefined> {
    const { rows } = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM identity_accounts WHERE email = $1`, [
      normalizeEmail(email),
    ]);
    const row = rows[0];
    if (!row) {
      await spendPasswordCheckTime(password);
      return undefined;
    }
    return (await verifyPassword(password, row.password_hash)) ? toAccount(row) : undefined;
  }

  /** Throws EmailTakenError when the email is in use (checked by the database, so races are safe). */
  async create(input: NewAccount): Promise<Account> {
    const email = normalizeEmail(input.email);
    const nickname = input.nickname.trim();
    const { rows } = await this.db.query<AccountRow>(
      `INSERT INTO identity_accounts (account_id, email, email_verified, name, nickname, picture, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
      [
        randomUUID(),
        email,
        input.emailVerified ?? false,
        input.name?.trim() || nickname,
        nickname,
        defaultAvatarFor(email),
        await hashPassword(input.password),
      ],
    );
    if (!rows[0]) throw new EmailTakenError();
    return toAccount(rows[0]);
  }

  /**
   * Gives the account of `email` (made now, verified, when there is none) a temporary password that
   * must be replaced at its next login: how an operator hands over the first admin account.
   */
  async setTemporaryPassword(input: { email: string; nickname: string; password: string }): Promise<Account> {
    const email = normalizeEmail(input.email);
    const hash = await hashPassword(input.password);
    return this.atomically(async (db) => {
      const { rows } = await db.query<AccountRow>(
        `INSERT INTO identity_accounts (account_id, email, email_verified, name, nickname, picture, password_hash, password_change_required)
       VALUES ($1, $2, true, $3, $3, $4, $5, true)
       ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, password_change_required = true
       RETURNING ${COLUMNS}`,
        [randomUUID(), email, input.nickname.trim(), defaultAvatarFor(email), hash],
      );
      // Whoever held the old password's sessions or links loses them (password-changes.ts).
      await endWhatTheOldPasswordOpened(db, rows[0]!.account_id);
      return toAccount(rows[0]!);
    });
  }

  /** The account's own new password, which ends a temporary one and every session and link of the old one. */
  async changePassword(accountId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await this.atomically(async (db) => {
      await db.query(
        'UPDATE identity_accounts SET password_hash = $2, password_change_required = false WHERE account_id = $1',
        [accountId, hash],
      );
      await endWhatTheOldPasswordOpened(db, accountId);
    });
  }

  /** `work` in a transaction of its own when this store is on a pool; else on the caller's connection (theirs). */
  private atomically<T>(work: (db: Queryable) => Promise<T>): Promise<T> {
    return this.db instanceof pg.Pool ? withTransaction(this.db, work) : work(this.db);
  }

  /** Creates the demo accounts that do not exist yet; existing ones (and their passwords) are kept. */
  async seedDemoAccounts(): Promise<void> {
    for (const demo of DEMO_ACCOUNTS) {
      const { rowCount } = await this.db.query('SELECT 1 FROM identity_accounts WHERE email = $1', [demo.email]);
      if (rowCount) continue;
      await this.create({ ...demo, password: DEMO_PASSWORD, emailVerified: true }).catch((error: unknown) => {
        if (!(error instanceof EmailTakenError)) throw error; // another process seeded it first
      });
    }
  }
}
