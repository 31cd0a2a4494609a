/**
 * A local HTTP server that answers the calls the Stripe adapter makes the way Stripe's API does
 * (form-encoded requests, JSON objects and errors, idempotency keys replayed), and records every
 * request, so tests check what the real `stripe` client sends. It keeps just enough state for the
 * answers to agree with each other; it is no Stripe: anything it was not taught answers 501.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Payment, PaymentWebhookType } from '../port';
import { webhookPayload } from '../stripe-objects';
import { paymentStatusOf, purposeOf } from '../stripe-webhooks';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form body's keys as sent (`transfer_data[destination]`, `metadata[payer_id]`…). */
  body: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

type Answer = { status: number; body: unknown };
type StripeObject = Record<string, unknown> & { id: string };

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const error = (status: number, type: string, message: string, extra: Record<string, string> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

/** Keys like `metadata[payer_id]` gathered into `{ payer_id }`. */
function nested(body: Record<string, string>, name: string): Record<string, string> {
  const prefix = `${name}[`;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length, -1), value]),
  );
}

export class StripeApiServer {
  readonly requests: RecordedRequest[] = [];
  readonly accounts = new Map<string, StripeObject>();
  readonly intents = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  /** The webhook bodies Stripe would send for what changed here, oldest first (unsigned). */
  readonly events: string[] = [];
  private readonly replays = new Map<string, { fingerprint: string; answer: Answer }>();
  private server: http.Server | null = null;
  private clock = 1_790_000_000;

  async start(): Promise<{ host: string; port: number }> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: Object.fromEntries(new URLSearchParams(raw)),
          headers: req.headers,
        };
        this.requests.push(recorded);
        const answer = this.answerOnce(recorded);
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The requests to one path (exact, or a prefix ending in `/`), oldest first. */
  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method && (path.endsWith('/') ? request.path.startsWith(path) : request.path === path),
    );
  }

  /** Moves a payment intent as a payer's card would (Stripe.js's part, which does not pass through the adapter). */
  settle(intentId: string, outcome: 'succeeded' | 'declined' | 'processing'): void {
    const intent = this.intents.get(intentId)!;
    // A manual-capture intent is only authorized by the card (issue #45).
    if (outcome === 'succeeded' && intent.capture_method === 'manual') {
      Object.assign(intent, {
        status: 'requires_capture',
        amount_capturable: intent.amount,
        latest_charge: id('ch'),
        last_payment_error: null,
      });
      this.record('payment_intent.amount_capturable_updated', intent);
      return;
    }
    if (outcome === 'declined') {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { message: 'Your card was declined.' },
      });
      this.record('payment_intent.payment_failed', intent);
    } else if (outcome === 'processing') Object.assign(intent, { status: 'processing' });
    else {
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: id('ch'),
        last_payment_error: null,
      });
      this.record('payment_intent.succeeded', intent);
    }
  }

  /** As Stripe: a POST with an Idempotency-Key is answered once; the same key again gets the same answer, or an error if its parameters differ. */
  private answerOnce(request: RecordedRequest): Answer {
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string') return this.answer(request);
    const fingerprint = `${request.path} ${JSON.stringify(request.body)}`;
    const earlier = this.replays.get(key);
    if (earlier) {
      return earlier.fingerprint === fingerprint
        ? earlier.answer
        : error(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          );
    }
    const answer = this.answer(request);
    this.replays.set(key, { fingerprint, answer });
    return answer;
  }

  private answer({ method, path, query, body }: RecordedRequest): Answer {
    const [, version, resource, objectId, ...rest] = path.split('/');
    if (version !== 'v1' || rest.length > 1) return error(501, 'api_error', `Not taught: ${method} ${path}`);
    const route = `${method} ${resource}${objectId ? '/:id' : ''}${rest[0] ? `/${rest[0]}` : ''}`;
    switch (route) {
      case 'POST accounts': {
        const account = {
          id: id('acct'),
          object: 'account',
          type: body.type,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          metadata: nested(body, 'metadata'),
        };
        this.accounts.set(account.id, account);
        return { status: 200, body: account };
      }
      case 'GET accounts/:id':
        return this.found(this.accounts, objectId!, 'account');
      case 'POST account_links':
        if (!this.accounts.has(body.account!))
          return error(400, 'invalid_request_error', `No such account: '${body.account}'`, {
            code: 'resource_missing',
            param: 'account',
          });
        return {
          status: 200,
          body: {
            object: 'account_link',
            url: `https://connect.stripe.com/setup/e/${body.account}/${randomBytes(6).toString('hex')}`,
            expires_at: this.clock + 300,
          },
        };
      case 'POST payment_intents': {
        const intentId = id('pi');
        const fee = body.application_fee_amount;
        const intent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(body.amount),
          amount_received: 0,
          currency: body.currency,
          status: 'requires_payment_method',
          capture_method: body.capture_method ?? 'automatic',
          amount_capturable: 0,
          canceled_at: null,
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          application_fee_amount: fee === undefined ? null : Number(fee),
          transfer_data: { destination: body['transfer_data[destination]'] },
          metadata: nested(body, 'metadata'),
          last_payment_error: null,
          latest_charge: null,
          created: (this.clock += 1),
        };
        this.intents.set(intentId, intent);
        return { status: 200, body: intent };
      }
      case 'GET payment_intents/:id': {
        const found = this.found(this.intents, objectId!, 'payment_intent');
        return found.status === 200 && query['expand[0]'] === 'latest_charge'
          ? { status: 200, body: this.withCharge(found.body as StripeObject) }
          : found;
      }
      case 'GET payment_intents': {
        const newestFirst = [...this.intents.values()].reverse();
        const limit = Number(query.limit ?? 10);
        const before = query.ending_before;
        const after = query.starting_after;
        // ending_before: the page just newer than the cursor, still newest first; starting_after: the older ones.
        const newer = before
          ? newestFirst.slice(
              0,
              newestFirst.findIndex((intent) => intent.id === before),
            )
          : after
            ? newestFirst.slice(newestFirst.findIndex((intent) => intent.id === after) + 1)
            : newestFirst;
        const page = before ? newer.slice(-limit) : newer.slice(0, limit);
        const expand = query['expand[0]'] === 'data.latest_charge';
        return {
          status: 200,
          body: {
            object: 'list',
            url: '/v1/payment_intents',
            has_more: newer.length > page.length,
            data: page.map((intent) => (expand ? this.withCharge(intent) : intent)),
          },
        };
      }
      case 'POST payment_intents/:id/capture':
      case 'POST payment_intents/:id/cancel':
        return this.settleIntent(objectId!, rest[0] as 'capture' | 'cancel');
      case 'POST refunds':
        return this.refund(body);
      case 'GET refunds': {
        const refunds = [...this.refunds.values()]
          .filter((refund) => refund.payment_intent === query.payment_intent)
          .reverse();
        return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data: refunds } };
      }
      default:
        return error(501, 'api_error', `Not taught: ${method} ${path}`);
    }
  }

  private found(objects: Map<string, StripeObject>, objectId: string, kind: string): Answer {
    const object = objects.get(objectId);
    return object
      ? { status: 200, body: object }
      : error(404, 'invalid_request_error', `No such ${kind}: '${objectId}'`, {
          code: 'resource_missing',
          param: 'id',
        });
  }

  /** Stripe's capture and cancel of a payment intent: each only from the states Stripe allows it in. */
  private settleIntent(intentId: string, action: 'capture' | 'cancel'): Answer {
    const intent = this.intents.get(intentId);
    if (!intent) return this.found(this.intents, intentId, 'payment_intent');
    const allowed =
      action === 'capture'
        ? intent.status === 'requires_capture'
        : ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'].includes(
            intent.status as string,
          );
    if (!allowed)
      return error(
        400,
        'invalid_request_error',
        `This PaymentIntent could not be ${action === 'capture' ? 'captured' : 'canceled'} because it has a status of ${String(intent.status)}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    if (action === 'capture') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, amount_capturable: 0 });
      this.record('payment_intent.succeeded', intent);
    } else {
      Object.assign(intent, { status: 'canceled', amount_capturable: 0, canceled_at: (this.clock += 1) });
      this.record('payment_intent.canceled', intent);
    }
    return { status: 200, body: intent };
  }

  /** The event Stripe sends for an intent's change, made of Stripe's own objects (stripe-objects.ts). */
  private record(type: PaymentWebhookType, intent: StripeObject): void {
    const metadata = intent.metadata as Record<string, string>;
    const purpose = purposeOf(metadata);
    if (!purpose) return;
    const lastError = intent.last_payment_error as { message?: string } | null;
    const payment: Payment = {
      paymentId: intent.id,
      status: paymentStatusOf(intent.status as string, lastError),
      amountCents: intent.amount as number,
      currency: intent.currency as string,
      purpose,
      payerId: metadata.payer_id!,
      receiverId: metadata.receiver_id!,
      feeCents: (intent.application_fee_amount as number | null) ?? 0,
      refundedCents: this.refunded(intent.id),
      failureMessage: lastError ? (lastError.message ?? 'The payment failed.') : null,
      ...(intent.capture_method === 'manual' ? { captureMethod: 'manual' as const } : {}),
    };
    const refunds = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id)
      .map((refund) => ({
        refundId: refund.id,
        paymentId: intent.id,
        amountCents: refund.amount as number,
        created: refund.created as number,
      }));
    this.events.push(
      webhookPayload({
        eventId: id('evt'),
        type,
        eventCreated: (this.clock += 1),
        payment,
        created: intent.created as number,
        refunds: type === 'charge.refunded' ? refunds : [],
        destinationAccount: (intent.transfer_data as { destination?: string } | null)?.destination ?? null,
      }),
    );
  }

  private refunded(intentId: string): number {
    return [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + (refund.amount as number), 0);
  }

  private withCharge(intent: StripeObject): StripeObject {
    if (!intent.latest_charge) return intent;
    const charge = {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: this.refunded(intent.id),
      payment_intent: intent.id,
      status: 'succeeded',
    };
    return { ...intent, latest_charge: charge };
  }

  private refund(body: Record<string, string>): Answer {
    const intent = this.intents.get(body.payment_intent!);
    if (!intent)
      return error(400, 'invalid_request_error', `No such payment_intent: '${body.payment_intent}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    if (intent.status !== 'succeeded')
      return error(400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.', {
        code: 'charge_not_refundable',
      });
    const left = (intent.amount as number) - this.refunded(intent.id);
    if (left === 0)
      return error(400, 'invalid_request_error', `Charge ${String(intent.latest_charge)} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left)
      return error(
        400,
        'invalid_request_error',
        `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
        { param: 'amount' },
      );
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      payment_intent: intent.id,
      status: 'succeeded',
      created: (this.clock += 1),
    };
    this.refunds.set(refund.id, refund);
    this.record('charge.refunded', intent);
    return { status: 200, body: refund };
  }
}
