import http from 'node:http';

export interface HttpAnswer {
  status: number;
  /** The command's log position (X-Playtime-Position), when the response carries one. */
  position: string | null;
  /** The request's id, as the app echoed it (X-Correlation-Id): the events it appended carry it in their metadata. */
  correlationId: string | null;
  body: string;
}

const XSRF = 'bench-xsrf-token-value';

/**
 * A lean API client for the load: node:http over kept-alive connections (fetch costs the load
 * generator several times more CPU per call), with the bearer token and the double-submitted
 * XSRF cookie and header, as the web app sends them.
 */
export class BenchHttp {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(appUrl: string, connections: number) {
    this.base = new URL(appUrl);
    // A free connection is closed after 4 s idle, before the app's 5 s keep-alive timeout: reusing one
    // the app is closing at that moment fails the request (ECONNRESET, "socket hang up"), which a busy
    // load generator, slow to see the app's close, otherwise did now and then. Node's agent only honours
    // the app's Keep-Alive hint when it has a timeout of its own.
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: connections,
      maxFreeSockets: connections,
      timeout: 4_000,
    });
  }

  request(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise<HttpAnswer>((resolve, reject) => {
      const request = http.request(
        { agent: this.agent, hostname: this.base.hostname, port: this.base.port, method, path, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const position = response.headers['x-playtime-position'];
            const correlationId = response.headers['x-correlation-id'];
            resolve({
              status: response.statusCode ?? 0,
              position: typeof position === 'string' ? position : null,
              correlationId: typeof correlationId === 'string' ? correlationId : null,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
