import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestContext } from './request-context';

/** A real HTTP server whose log lines land in `lines`. */
describe('requestContext (real HTTP)', () => {
  const lines: Record<string, unknown>[] = [];
  /** Ids of the requests whose completion requestContext has handled (and logged, if at all). */
  const completed = new Set<string>();
  let server: ReturnType<express.Express['listen']>;
  let url: string;

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const app = express();
    app.use(requestContext(logger));
    // Registered after requestContext's own listener, so this runs once the completion is logged.
    app.use((req, res, next) => {
      res.on('finish', () => completed.add(String(req.id)));
      next();
    });
    app.get('/ok', (req, res) => {
      req.log.info('inside the handler');
      res.json({ id: req.id });
    });
    app.get('/refused', (_req, res) => void res.status(422).json({ error: 'no' }));
    app.get('/broken', (_req, res) => void res.status(500).json({ error: 'bug' }));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Waits until requestContext has handled the completion of every answered request. */
  const completionsLogged = (...answers: Response[]) =>
    vi.waitFor(() => {
      for (const answer of answers) expect(completed.has(answer.headers.get('x-correlation-id')!)).toBe(true);
    });

  it("echoes a caller's sane correlation id and puts it on the handler's log lines", async () => {
    lines.length = 0;
    const answer = await fetch(`${url}/ok`, { headers: { 'X-Correlation-Id': 'browser-action-1234' } });
    expect(answer.headers.get('x-correlation-id')).toBe('browser-action-1234');
    expect(await answer.json()).toEqual({ id: 'browser-action-1234' });
    await completionsLogged(answer);
    // A success is logged at debug: only the handler's own line at info.
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'browser-action-1234', msg: 'inside the handler' }),
    ]);
  });

  it('makes up an id when the given one is not sane', async () => {
    const answer = await fetch(`${url}/ok`, { headers: { 'X-Correlation-Id': 'bad id with spaces' } });
    expect(answer.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a refused request as a warning and a failed one as an error, with method, url, status and id', async () => {
    lines.length = 0;
    const refused = await fetch(`${url}/refused`);
    const broken = await fetch(`${url}/broken`);
    await completionsLogged(refused, broken);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: refused.headers.get('x-correlation-id'),
        req: expect.objectContaining({ method: 'GET', url: '/refused' }),
        res: expect.objectContaining({ statusCode: 422 }),
        msg: 'request completed',
      }),
      expect.objectContaining({
        level: 50,
        reqId: broken.headers.get('x-correlation-id'),
        res: expect.objectContaining({ statusCode: 500 }),
      }),
    ]);
  });
});
