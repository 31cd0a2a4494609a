import { TIME_ZONE_HEADER } from '@playtime/shared/contract/headers';
import { ApiError, parseApiError } from './api-error';
import { AFTER_HEADER, POSITION_HEADER, READ_AT_HEADER, createPositionTracker, recordReadAt } from './read-position';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf';

/**
 * The one way the web app talks HTTP to the backend. It adds the bearer token, the browser's time
 * zone, the anti-forgery header on POSTs and the read-your-writes position on GETs, and turns error
 * bodies into ApiError.
 */

export type AccessTokenProvider = () => Promise<string | undefined>;

let accessTokenProvider: AccessTokenProvider = () => Promise.resolve(undefined);

/** Set by the auth feature; returns undefined while nobody is logged in (public calls). */
export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

const positions = createPositionTracker();

/** What the auth feature does when the API says the caller is not registered yet, or was deleted. */
export interface AccountHandlers {
  /** Registers the caller; the refused request is then sent once more. */
  register(): Promise<void>;
  accountRemoved(): void;
}

let accountHandlers: AccountHandlers | null = null;

export function setAccountHandlers(handlers: AccountHandlers): void {
  accountHandlers = handlers;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

function withQuery(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const PUBLIC_CONFIG_PATH = '/api/public-config';

export { TIME_ZONE_HEADER };

/** The browser's IANA time zone (e.g. 'Europe/Warsaw'); undefined when the browser cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server sets the XSRF-TOKEN cookie on any response; a tab that has not made a request yet
 * (or whose cookie expired) asks for the public config first to obtain one.
 */
async function xsrfToken(): Promise<string | undefined> {
  const existing = readCookie(document.cookie, XSRF_COOKIE);
  if (existing) return existing;
  await fetch(PUBLIC_CONFIG_PATH, { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(document.cookie, XSRF_COOKIE);
}

/** What a caller may say about its request. */
export interface RequestOptions {
  /**
   * Send the browser's time zone, for a call whose answer or messages the server writes times into.
   * Commands send it unless they say otherwise, queries only when they ask: asking the browser its zone
   * is a page's first use of Intl, which loads locale data (tens of ms on a phone).
   */
  timeZone?: boolean;
}

interface SendOptions extends RequestOptions {
  /** The refused request is being sent once more (after registering). */
  retried?: boolean;
  /** A public GET the server may have preloaded: sent as the preload was (see apiGetPreloaded). */
  asPreloaded?: boolean;
}

async function send(
  method: 'GET' | 'POST',
  path: string,
  query?: QueryParams,
  body?: unknown,
  options: SendOptions = {},
): Promise<Response> {
  const { asPreloaded = false, timeZone = method === 'POST' } = options;
  const token = await accessTokenProvider();
  // A browser reuses a preloaded response only for a request with the same headers: a guest's public
  // answer needs none of ours, unless it must wait for this tab's own writes (the read position below).
  // A signed-in caller's answer may say more (a game's page: their own entry, or everything to its organizer).
  if (asPreloaded && !token && !positions.latest()) return exchange(method, path, query, body, new Headers(), options);
  const headers = new Headers({ Accept: 'application/json, text/plain;q=0.9' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const zone = timeZone ? browserTimeZone() : undefined;
  if (zone) headers.set(TIME_ZONE_HEADER, zone);

  if (method === 'POST') {
    // A file goes as its own bytes, typed as the browser typed it (the server reads what it is anyway).
    headers.set('Content-Type', body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json');
    const xsrf = await xsrfToken();
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  } else {
    const after = positions.latest();
    if (after) headers.set(AFTER_HEADER, after);
  }
  return exchange(method, path, query, body, headers, options);
}

/** Sends the request as built and turns an error answer into ApiError (registering first when asked to). */
async function exchange(
  method: 'GET' | 'POST',
  path: string,
  query: QueryParams | undefined,
  body: unknown,
  headers: Headers,
  options: SendOptions,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: method !== 'POST' ? undefined : body instanceof Blob ? body : JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }

  positions.record(response.headers.get(POSITION_HEADER));
  if (!response.ok) {
    const error = parseApiError(response.status, await response.text());
    if (error.code === 'not_registered' && accountHandlers && !options.retried) {
      await accountHandlers.register();
      // Sent again as an ordinary request of the now registered caller, with its token.
      return send(method, path, query, body, { timeZone: options.timeZone, retried: true });
    }
    if (error.code === 'user_deleted') accountHandlers?.accountRemoved();
    throw error;
  }
  return response;
}

async function readJsonOrText(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  const answer = JSON.parse(text) as unknown;
  recordReadAt(answer, response.headers.get(READ_AT_HEADER));
  return answer;
}

/** GET returning the parsed body and the headers (for paging totals such as X-Total-Count). */
export async function apiGetWithHeaders<T>(
  path: string,
  query?: QueryParams,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  const response = await send('GET', path, query, undefined, options);
  return { data: (await readJsonOrText(response)) as T, headers: response.headers };
}

export async function apiGet<T>(path: string, query?: QueryParams, options?: RequestOptions): Promise<T> {
  return (await apiGetWithHeaders<T>(path, query, options)).data;
}

/**
 * GET of a public answer that the server may name in the page's response for the browser to fetch
 * early (read-api/src/web-app.ts): sent without this client's headers, as that preload was sent, so
 * the browser hands over the response already on its way instead of asking again.
 */
export async function apiGetPreloaded<T>(path: string, query?: QueryParams): Promise<T> {
  return (await readJsonOrText(await send('GET', path, query, undefined, { asPreloaded: true }))) as T;
}

/** POST with a JSON body; resolves to the parsed JSON body (or undefined when there is none). */
export async function apiPost<T = void>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return (await readJsonOrText(await send('POST', path, undefined, body, options))) as T;
}

/** POST with a file's bytes as the body (an upload); resolves to the parsed JSON answer. */
export async function apiPostFile<T>(path: string, file: Blob): Promise<T> {
  return (await readJsonOrText(await send('POST', path, undefined, file))) as T;
}

/** POST whose answer is a plain text body (balances, ids), returned as written. */
export async function apiPostText(path: string, body: unknown): Promise<string> {
  return (await send('POST', path, undefined, body)).text();
}
