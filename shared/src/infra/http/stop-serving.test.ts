import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { stopServing } from './stop-serving';

const servers: Server[] = [];

async function slowServer(answerAfterMs: number): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    setTimeout(() => response.end('ok'), answerAfterMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

describe('stopServing', () => {
  it('ends a kept-alive connection a client keeps asking on, answering the request under way', async () => {
    const { server, url } = await slowServer(100);
    let asking = true;
    const statuses: Array<number | 'refused'> = [];
    const poller = (async () => {
      while (asking) {
        const response = await fetch(url).catch(() => null);
        statuses.push(response ? response.status : 'refused');
        await response?.text();
      }
    })();
    await expect.poll(() => statuses.length).toBeGreaterThan(2);
    // Stopping while a request is under way: Node's close() alone would wait for this client forever.
    let stopped = false;
    const stopping = stopServing(server, { graceMs: 60_000 }).then(() => (stopped = true));
    await expect.poll(() => stopped, { timeout: 5_000 }).toBe(true);
    await stopping;
    asking = false;
    await poller;
    expect(statuses.filter((status) => status !== 200 && status !== 'refused')).toEqual([]);
    expect(statuses.at(-1)).toBe('refused');
  });

  it('lets a slow request finish before it resolves', async () => {
    const { server, url } = await slowServer(500);
    const answer = fetch(url).then(async (response) => [response.status, await response.text()]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stopServing(server);
    expect(await answer).toEqual([200, 'ok']);
  });

  it('cuts what is still open after the grace period', async () => {
    const server = createServer(() => {
      // Never answers.
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hanging = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stopServing(server, { graceMs: 200 });
    expect(await hanging).toBe('cut');
  });

  it('resolves for a server that socket.io or a caller has already closed', async () => {
    const { server } = await slowServer(0);
    server.close();
    await stopServing(server);
  });
});
