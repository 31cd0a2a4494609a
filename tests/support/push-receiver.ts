/**
 * A push service on loopback for tests (issue #46): the app, run with PUSH_ALLOW_LOOPBACK=1, delivers
 * each Web Push of a subscription whose endpoint is here, and the test decrypts it (RFC 8291 aes128gcm,
 * with http_ece) with the keys it made for that "device", as the browser would.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { pushPayloadSchema, type PushPayload } from '@playtime/shared/contract/push';
import { waitFor } from './wait';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: unknown; authSecret: string }): Buffer;
};

/** A browser's side of a subscription: its keys, as a test made them. */
export interface PushDevice {
  name: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: string;
  endpoint: string;
}

export interface ReceivedPush {
  device: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  /** Every push delivered, in order. */
  readonly received: ReceivedPush[];
  /** What the service answers a device's pushes: 201 unless a test sets another status. */
  readonly answers: Map<string, number>;
  /** A new device whose endpoint is on this receiver. */
  device(name: string): PushDevice;
  /** The device's subscription as `PushSubscription.toJSON()` gives it. */
  subscriptionOf(device: PushDevice): {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    expirationTime: null;
  };
  decrypt(device: PushDevice, push: ReceivedPush): PushPayload;
  pushesTo(device: PushDevice): ReceivedPush[];
  /** The device's first push whose body matches, decrypted, once it has come. */
  pushed(device: PushDevice, body: RegExp): Promise<{ push: ReceivedPush; payload: PushPayload }>;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = (req.url ?? '').replace(/^\/push\//, '');
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(device) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const receiver: PushReceiver = {
    received,
    answers,
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return { name, ecdh, auth: randomBytes(16).toString('base64url'), endpoint: `${url}/push/${name}` };
    },
    subscriptionOf: (device) => ({
      endpoint: device.endpoint,
      keys: { p256dh: device.ecdh.getPublicKey().toString('base64url'), auth: device.auth },
      expirationTime: null,
    }),
    decrypt: (device, push) =>
      pushPayloadSchema.parse(
        JSON.parse(
          ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString(),
        ),
      ),
    pushesTo: (device) => received.filter((push) => push.device === device.name),
    pushed: (device, body) =>
      waitFor(`a push to ${device.name} matching ${body}`, async () =>
        receiver
          .pushesTo(device)
          .map((push) => ({ push, payload: receiver.decrypt(device, push) }))
          .find(({ payload }) => body.test(payload.body)),
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return receiver;
}
