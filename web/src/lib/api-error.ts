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
