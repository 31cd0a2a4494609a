/**
 * `npm run create-admin -- EMAIL`: the first admin of a deployment with the embedded identity
 * provider. Makes (or takes over) the account of EMAIL with a temporary password, printed once,
 * which the provider makes its owner replace at the first login, and gives it the admin role.
 * Runs against the deployment's own settings (DATABASE_URL, PUBLIC_URL, EVENTSTORE_URL).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { checkServiceConfig, ConfigError, loadConfig } from '@playtime/shared/infra/config/config';
import { AccountStore } from '@playtime/shared/infra/identity/embedded-provider/index';
import { createLogger } from '@playtime/shared/infra/logging';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { makeAdmin, registerUser } from '@playtime/command-api/users/accounts';

const USAGE = 'Usage: npm run create-admin -- EMAIL';

async function main(): Promise<void> {
  const email = z
    .string()
    .trim()
    .toLowerCase()
    .email()
    .safeParse(process.argv[2] ?? '');
  if (!email.success) throw new ConfigError(`${USAGE}\n  EMAIL: must be an email address, such as ops@example.com`);
  const config = checkServiceConfig(loadConfig());
  if (config.AUTH0_DOMAIN && !config.EMBEDDED_IDENTITY)
    throw new ConfigError(
      'With AUTH0_DOMAIN the accounts live at Auth0: list the address in ADMIN_EMAILS and log in once with a verified email instead.',
    );
  const logger = createLogger('create-admin');
  const parts = await connectServiceParts(config, logger, {
    standalone: false,
    seedDemoAccounts: false,
    serveIdentityProvider: false,
  });
  try {
    const password = randomBytes(12).toString('base64url');
    const account = await new AccountStore(parts.pool).setTemporaryPassword({
      email: email.data,
      nickname: email.data.split('@')[0]!,
      password,
    });
    const { userId } = await registerUser(parts, {
      issuer: `${parts.identity.auth.domain}/`,
      subject: account.accountId,
      email: account.email,
      emailVerified: true,
      nickname: account.nickname,
      profilePicture: account.picture,
    });
    await makeAdmin(parts, userId, 'create-admin');
    console.log(
      [
        `${account.email} is an admin of ${parts.publicUrl}.`,
        `Temporary password: ${password}`,
        'Log in with it once: the login page then asks for a password of your own.',
      ].join('\n'),
    );
  } finally {
    await parts.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
