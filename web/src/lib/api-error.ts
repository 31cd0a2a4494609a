/** An error the API answered with: `{ error: { code, message, fields? } }` and a 4xx/5xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

/**
 * Turns a failed response body into an ApiError. Bodies that are not the documented JSON shape (a
 * proxy's HTML page, an empty body) still give the user a readable message.
 */
export function parseApiError(status: number, body: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed) && isRecord(parsed.error)) {
      const { code, message, fields } = parsed.error;
      if (typeof message === 'string' && message.length > 0) {
        return new ApiError(status, typeof code === 'string' ? code : 'error', message, stringFields(fields));
      }
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  const fallback =
    status >= 500
      ? `The server could not complete the request (HTTP ${status}). Please try again.`
      : `The request was refused (HTTP ${status}).`;
  return new ApiError(status, status >= 500 ? 'server_error' : 'http_error', fallback);
}

/**
 * What went wrong, in the words of a toast's title: the person's own input ('Check the form'), their
 * rights ('Not allowed'), or something that may pass on another try ('Try again'). The message under
 * it is the server's.
 */
export function errorTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong';
  const { status } = error;
  if (status === 400 || status === 413 || status === 422) return 'Check the form';
  if (status === 401 || status === 403) return 'Not allowed';
  if (status === 404) return 'Not found';
  if (status === 429) return 'Too many tries';
  // A 409 is either a name already taken (the person changes it) or a concurrent change (retry).
  if (status === 409) return error.code === 'conflict' ? 'Try again' : 'Already taken';
  return 'Try again';
}

/**
 * The server's `fields` of a refused request as a form's errors (Mantine's `form.setErrors`),
 * keyed by the form's inputs: `inputOf` maps each API body field to the input it belongs to, and
 * fields it does not name stay in the toast only. Empty for any other error.
 */
export function formErrors<Input extends string>(
  error: unknown,
  inputOf: Readonly<Record<string, Input>>,
): Partial<Record<Input, string>> {
  const errors: Partial<Record<Input, string>> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const input = Object.hasOwn(inputOf, field) ? inputOf[field] : undefined;
    if (input !== undefined && errors[input] === undefined) errors[input] = message;
  }
  return errors;
}
