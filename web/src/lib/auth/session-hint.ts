/**
 * Whether this browser may hold a login. The identity SDK sets `auth0.{clientId}.is.authenticated`
 * (and a `_legacy_` copy, or the older `auth0.is.authenticated`) when a login succeeds and removes it
 * on logout; without that cookie its start-up session check asks the provider nothing. So a visitor
 * without it need not download the SDK (a third of the first page's JavaScript) until Log In.
 */
const SESSION_HINT_COOKIE = /(?:^|;\s*)(?:_legacy_)?auth0\.(?:[^=;]+\.)?is\.authenticated=/;

export function hasSessionHint(cookies: string): boolean {
  return SESSION_HINT_COOKIE.test(cookies);
}

/**
 * Opens the login popup as the SDK would (its window name and size), from the click itself: browsers
 * only allow a popup there, and the SDK may still be on its way. The SDK then navigates it.
 */
export function openLoginPopup(): Window | null {
  const width = 400;
  const height = 600;
  const left = window.screenX + (window.innerWidth - width) / 2;
  const top = window.screenY + (window.innerHeight - height) / 2;
  return window.open(
    '',
    'auth0:authorize:popup',
    `left=${left},top=${top},width=${width},height=${height},resizable,scrollbars=yes,status=1`,
  );
}
