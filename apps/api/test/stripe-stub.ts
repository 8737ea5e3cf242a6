import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe API for the tests: the real `stripe` SDK talks to it over HTTP (`STRIPE_API_URL`). It keeps
 * PaymentIntents and Refunds in memory, reads form-encoded bodies as Stripe does, and honours `Idempotency-Key`
 * (the same key answers the same response). Tests move an intent along (`succeed`, `decline`…) as the browser and
 * the bank would, and sign webhooks with the SDK's own helper.
 */

export type StubIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
};

export type StubRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  metadata: Record<string, string>;
  created: number;
};

export type StubRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: FormValue;
};

type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** `a[b][0]=x` → `{ a: { b: ['x'] } }`, as Stripe reads its form bodies. */
export function parseForm(text: string): { [key: string]: FormValue } {
  const root: { [key: string]: FormValue } = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, FormValue> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[index + 1]!;
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as unknown as Record<string, FormValue>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

export type StripeStub = {
  url: string;
  port: number;
  intents: Map<string, StubIntent>;
  refunds: Map<string, StubRefund>;
  requests: StubRequest[];
  /** While true, every connection is dropped: the provider is unreachable. */
  unavailable: boolean;
  /** The browser confirmed a good card: the intent succeeds (the amounts and currency can be forged). */
  succeed(
    intentId: string,
    forged?: { amountReceived?: number; currency?: string; orderId?: string },
  ): StubIntent;
  /** The bank refused the card: back to `requires_payment_method` with the reason. */
  decline(intentId: string, declineCode?: string, message?: string): StubIntent;
  requireAction(intentId: string): StubIntent;
  /** A webhook event of this intent (or charge), as Stripe sends it: payload and signature header. */
  webhook(
    type: string,
    object: object,
    options?: { eventId?: string; timestamp?: number; secret?: string },
  ): { payload: string; signature: string; eventId: string };
  /** The charge of a succeeded intent, with what was refunded of it (for `charge.refunded`). */
  charge(intentId: string): object;
  close(): Promise<void>;
};

export async function startStripeStub(webhookSecret: string): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const refunds = new Map<string, StubRefund>();
  const requests: StubRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const handle = (method: string, path: string, body: { [key: string]: FormValue }) => {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(
          400,
          'invalid_request_error',
          'Amount must be at least €0.50 eur',
          'amount_too_small',
        );
      }
      const intentId = id('pi');
      const intent: StubIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        payment_method_types: (body.payment_method_types as string[] | undefined) ?? ['card'],
        last_payment_error: null,
        latest_charge: null,
        created: now(),
        livemode: false,
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
      const intent = intents.get(match[1]!);
      if (!intent) {
        return stripeError(
          404,
          'invalid_request_error',
          `No such payment_intent: '${match[1]}'`,
          'resource_missing',
        );
      }
      return { status: 200, body: intent };
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
      const intent = intents.get(match[1]!);
      if (!intent) {
        return stripeError(
          404,
          'invalid_request_error',
          `No such payment_intent: '${match[1]}'`,
          'resource_missing',
        );
      }
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return stripeError(
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      if (!intent || intent.status !== 'succeeded') {
        return stripeError(
          400,
          'invalid_request_error',
          'This PaymentIntent has no charge to refund.',
          'charge_not_refundable',
        );
      }
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? intent.amount_received - refunded : Number(body.amount);
      if (amount <= 0 || refunded + amount > intent.amount_received) {
        return stripeError(
          400,
          'invalid_request_error',
          `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
          'amount_too_large',
        );
      }
      const refund: StubRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  const server = http.createServer((request, response) => {
    if (stub.unavailable) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const text = request.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const body = parseForm(text);
      const key = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey: key, body });
      const authorized = /^Bearer sk_test_\w+$/.test(request.headers.authorization ?? '');
      let result: { status: number; body: unknown };
      if (!authorized) {
        result = stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
      } else if (key && request.method === 'POST' && idempotent.has(`${url.pathname} ${key}`)) {
        result = idempotent.get(`${url.pathname} ${key}`)!;
      } else {
        result = handle(request.method ?? 'GET', url.pathname, body);
        if (key && request.method === 'POST' && result.status < 500)
          idempotent.set(`${url.pathname} ${key}`, result);
      }
      response.writeHead(result.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(key ? { 'idempotency-key': key } : {}),
      });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`the stub has no intent ${intentId}`);
    return intent;
  };

  const stub: StripeStub = {
    url: `http://127.0.0.1:${port}`,
    port,
    intents,
    refunds,
    requests,
    unavailable: false,
    succeed(intentId, forged = {}) {
      const intent = get(intentId);
      intent.status = 'succeeded';
      intent.amount_received = forged.amountReceived ?? intent.amount;
      if (forged.currency) intent.currency = forged.currency;
      if (forged.orderId) intent.metadata = { ...intent.metadata, orderId: forged.orderId };
      intent.latest_charge ??= id('ch');
      intent.last_payment_error = null;
      return intent;
    },
    decline(intentId, declineCode = 'generic_decline', message = 'Your card was declined.') {
      const intent = get(intentId);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: declineCode,
        message,
        type: 'card_error',
      };
      return intent;
    },
    requireAction(intentId) {
      const intent = get(intentId);
      intent.status = 'requires_action';
      return intent;
    },
    charge(intentId) {
      const intent = get(intentId);
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      return {
        id: intent.latest_charge ?? id('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_captured: intent.amount_received,
        amount_refunded: refunded,
        refunded: refunded >= intent.amount_received,
        currency: intent.currency,
        payment_intent: intent.id,
        metadata: {},
        status: 'succeeded',
        created: intent.created,
      };
    },
    webhook(type, object, options = {}) {
      const eventId = options.eventId ?? id('evt');
      const payload = JSON.stringify(
        {
          id: eventId,
          object: 'event',
          api_version: '2025-01-01',
          created: options.timestamp ?? now(),
          type,
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          data: { object: structuredClone(object) },
        },
        null,
        2,
      );
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { payload, signature, eventId };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stub;
}
