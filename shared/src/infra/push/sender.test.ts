import { describe, expect, it } from 'vitest';
import { outcomeOfStatus } from './sender';

describe('what a push service’s answer means (RFC 8030)', () => {
  it('is sent on 2xx, gone on 404 and 410, tried again on 429 and 5xx, and failed for good on other refusals', () => {
    expect([201, 202, 200].map(outcomeOfStatus)).toEqual(['sent', 'sent', 'sent']);
    expect([404, 410].map(outcomeOfStatus)).toEqual(['gone', 'gone']);
    expect([429, 500, 502, 503].map(outcomeOfStatus)).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect([400, 401, 403, 413].map(outcomeOfStatus)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });
});
