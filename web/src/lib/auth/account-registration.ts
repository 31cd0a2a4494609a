import { apiPost } from '../api-client';
import { notify } from '../notify';

/** The explicit registration the API asks for: reads never register anyone (issue 11). */
export const REGISTER_PATH = '/api/register-user';

let registering: Promise<void> | null = null;

/** POST /api/register-user, once at a time: idempotent on the server, so a repeat after login is harmless. */
export function registerAccount(): Promise<void> {
  // Its answer holds no times, and it goes as a logged-in page starts, where a first use of Intl costs most.
  registering ??= apiPost(REGISTER_PATH, {}, { timeZone: false }).then(
    () => {
      registering = null;
    },
    (error: unknown) => {
      registering = null;
      throw error;
    },
  );
  return registering;
}

/** Survives the trip through the identity provider's logout, so the notice shows on the page it lands on. */
const ACCOUNT_REMOVED_KEY = 'playtime.accountRemoved';

export function rememberAccountRemoved(storage: Storage): void {
  storage.setItem(ACCOUNT_REMOVED_KEY, '1');
}

/** True once after rememberAccountRemoved. */
export function takeAccountRemoved(storage: Storage): boolean {
  const removed = storage.getItem(ACCOUNT_REMOVED_KEY) === '1';
  storage.removeItem(ACCOUNT_REMOVED_KEY);
  return removed;
}

export const ACCOUNT_REMOVED_TITLE = 'Your account was removed';
export const ACCOUNT_REMOVED_MESSAGE =
  'An administrator deleted your Playtime account, so you have been logged out. Contact an administrator if this is a mistake.';

export function showAccountRemovedNotice(): void {
  notify({
    id: 'account-removed',
    color: 'red',
    title: ACCOUNT_REMOVED_TITLE,
    message: ACCOUNT_REMOVED_MESSAGE,
    autoClose: false,
  });
}
