import { describe, expect, it } from 'vitest';
import { ApiError, parseApiError } from './api-error';

describe('parseApiError', () => {
  it('reads the documented error body', () => {
    const error = parseApiError(
      400,
      JSON.stringify({ error: { code: 'validation', message: 'Zip Code must be 5 digits', fields: { zipCode: 'bad', n: 1 } } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Zip Code must be 5 digits');
    expect(error.fields).toEqual({ zipCode: 'bad' });
  });

  it('gives a readable message for a body that is not JSON', () => {
    const error = parseApiError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe('server_error');
    expect(error.message).toMatch(/HTTP 502/);
  });

  it('gives a readable message for a JSON body of another shape', () => {
    const error = parseApiError(403, JSON.stringify({ message: 'nope' }));
    expect(error.code).toBe('http_error');
    expect(error.message).toMatch(/HTTP 403/);
  });
});
