import { describe, expect, it } from 'vitest';
import { ApiError, errorTitle, formErrors, parseApiError } from './api-error';

describe('parseApiError', () => {
  it('reads the documented error body', () => {
    const error = parseApiError(
      400,
      JSON.stringify({
        error: { code: 'validation', message: 'Zip Code must be 5 digits', fields: { zipCode: 'bad', n: 1 } },
      }),
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

describe('errorTitle', () => {
  const refused = (status: number, code = 'error') => new ApiError(status, code, 'The server says why.');

  it('names what went wrong from the status', () => {
    expect(errorTitle(refused(400, 'invalid_request'))).toBe('Check the form');
    expect(errorTitle(refused(422, 'off_grid'))).toBe('Check the form');
    expect(errorTitle(refused(401))).toBe('Not allowed');
    expect(errorTitle(refused(403, 'not_your_field'))).toBe('Not allowed');
    expect(errorTitle(refused(404))).toBe('Not found');
    expect(errorTitle(refused(429))).toBe('Too many tries');
    expect(errorTitle(refused(500, 'internal'))).toBe('Try again');
    expect(errorTitle(refused(503))).toBe('Try again');
  });

  it('tells a concurrent change (retry) from a name already taken (change it)', () => {
    expect(errorTitle(refused(409, 'conflict'))).toBe('Try again');
    expect(errorTitle(refused(409, 'duplicate_subfield'))).toBe('Already taken');
  });

  it('asks to try again when the server could not be reached', () => {
    expect(errorTitle(new ApiError(0, 'network_error', 'Could not reach the server.'))).toBe('Try again');
  });

  it('keeps a general title for errors that are not the API answering', () => {
    expect(errorTitle(new Error('boom'))).toBe('Something went wrong');
    expect(errorTitle(undefined)).toBe('Something went wrong');
  });
});

describe('formErrors', () => {
  const inputOf = { address: 'streetAddress', zipCode: 'zipCode' } as const;

  it("puts each named field's message on the input it belongs to", () => {
    const error = new ApiError(400, 'invalid_request', 'address: Required', {
      address: 'Required',
      zipCode: 'Unknown ZIP code',
    });
    expect(formErrors(error, inputOf)).toEqual({ streetAddress: 'Required', zipCode: 'Unknown ZIP code' });
  });

  it('leaves fields the form has no input for to the toast', () => {
    const error = new ApiError(400, 'invalid_request', 'body: bad', {
      body: 'bad',
      toString: 'x',
      zipCode: 'Must be 5 digits',
    });
    expect(formErrors(error, inputOf)).toEqual({ zipCode: 'Must be 5 digits' });
  });

  it('is empty for an error without fields, and for anything else', () => {
    expect(formErrors(new ApiError(409, 'conflict', 'Someone else changed this.'), inputOf)).toEqual({});
    expect(formErrors(new Error('boom'), inputOf)).toEqual({});
  });

  it('reads the fields of a parsed response body', () => {
    const error = parseApiError(
      400,
      JSON.stringify({
        error: { code: 'invalid_request', message: 'startDate: Invalid date', fields: { startDate: 'Invalid date' } },
      }),
    );
    expect(formErrors(error, { startDate: 'startDate', endDate: 'endDate' })).toEqual({ startDate: 'Invalid date' });
  });
});
