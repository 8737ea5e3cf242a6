// @module-tag postgres — webhooks replayed at once race on several connections.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminOrder, PaymentIntent } from '@hls/contract';
import {
  confirm,
  consent,
  customer,
  openShop,
  placeOrder,
  staff,
  startPayment,
  type Customer,
  type Shop,
  history,
  orderRow,
} from '../../../test/checkout-fixtures.ts';
import { outboxMails, type TestApp, useApp } from '../../../test/helper.ts';
import { startStripeStub } from '../../../test/stripe-stub.ts';
import { mailOutbox, payments, processedEvents, refunds } from '../../db/schema.ts';

const webhookSecret = 'whsec_test_checkout_secret';
const secretKey = 'sk_test_checkout123';
const stub = await startStripeStub(webhookSecret);
afterAll(() => stub.close());

const confirmationsTo = async (t: TestApp, email: string) =>
  (
    await outboxMails(
      t.database.db,
      and(eq(mailOutbox.template, 'order_confirmation'), eq(mailOutbox.to, email)),
    )
  ).length;

describe('payment with Stripe (the real SDK against a local Stripe)', () => {
  const t = useApp({
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_checkout123',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stub.url,
    },
  });
  let shop: Shop;

  const postWebhook = (payload: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  /** Stripe delivers an event; its job runs. */
  const deliver = async (event: { payload: string; signature: string }) => {
    const response = await postWebhook(event.payload, event.signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    await t.app.jobs.settle();
  };

  it("lets Stripe.js load on the app's pages (its script, frames and API in the content security policy)", async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com .*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  const pendingOrder = async (buyer: Customer) => {
    const order = await placeOrder(t.app, buyer, [{ productId: shop.fileId }]);
    const intent = await startPayment(t.app, buyer, order.id);
    return { order, intent };
  };

  it('builds the shop', async () => {
    shop = await openShop(t.app);
  });

  it('creates a PaymentIntent with the order’s amount, its ids in the metadata and the attempt as idempotency key', async () => {
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [{ productId: shop.fileId }]);
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, () => startPayment(t.app, buyer, order.id)),
    );
    const intent = concurrent[0]!;
    expect(new Set(concurrent.map((c) => c.intentId)).size).toBe(1);
    expect(intent).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_checkout123',
      amountCents: order.totalCents,
      currency: 'EUR',
      status: 'requires_payment_method',
    });
    const created = stub.intents.get(intent.intentId)!;
    expect(created.client_secret).toBe(intent.clientSecret);
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(created).toMatchObject({
      amount: order.totalCents,
      currency: 'eur',
      metadata: { orderId: order.id, paymentId: attempt!.id },
    });
    const creations = stub.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === attempt!.id,
    );
    expect(creations.length).toBeGreaterThanOrEqual(1);
    expect(creations[0]!.body).toMatchObject({
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
    });
    expect([...stub.intents.values()].filter((i) => i.metadata.orderId === order.id)).toHaveLength(1);
  });

  it('confirms with what Stripe says: incomplete, declined with its reason, then paid', async () => {
    const buyer = await customer(t.app);
    const { order, intent } = await pendingOrder(buyer);
    const early = await confirm(t.app, buyer, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('payment_incomplete');

    stub.decline(intent.intentId, 'insufficient_funds', 'Your card has insufficient funds.');
    const declined = await confirm(t.app, buyer, order.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      code: 'payment_declined',
      message: 'The card has insufficient funds.',
      reason: 'insufficient_funds',
    });
    stub.decline(intent.intentId, 'do_not_honor', 'Your card was declined by its bank.');
    const unknown = (await confirm(t.app, buyer, order.id)).json().error;
    expect(unknown.message).toBe('Your card was declined by its bank.');
    expect(unknown.reason, 'a code the web app cannot translate').toBeUndefined();
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');

    stub.succeed(intent.intentId);
    expect((await confirm(t.app, buyer, order.id)).json()).toEqual({ id: order.id, status: 'paid' });
    expect((await orderRow(t, order.id)).paymentReference).toBe(intent.intentId);
    expect(await confirmationsTo(t, buyer.email)).toBe(1);
  });

  it('refuses forged, tampered and stale webhooks, and changes nothing', async () => {
    const buyer = await customer(t.app);
    const { order, intent } = await pendingOrder(buyer);
    const paidIntent = {
      ...stub.intents.get(intent.intentId)!,
      status: 'succeeded',
      amount_received: order.totalCents,
    };

    const forged = stub.webhook('payment_intent.succeeded', paidIntent, { secret: 'whsec_not_the_shop' });
    const tampered = stub.webhook('payment_intent.succeeded', paidIntent);
    const stale = stub.webhook('payment_intent.succeeded', paidIntent, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    for (const [payload, signature] of [
      [forged.payload, forged.signature],
      [
        tampered.payload.replace(`"amount_received": ${order.totalCents}`, '"amount_received": 1'),
        tampered.signature,
      ],
      [stale.payload, stale.signature],
      [tampered.payload, undefined],
    ] as const) {
      const response = await postWebhook(payload, signature);
      expect(response.statusCode).toBe(400);
    }
    await t.app.jobs.settle();
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect(await history(t, order.id)).toEqual(['created', 'billing_saved', 'payment_started']);

    // Within the tolerance, the same event is accepted.
    const recent = stub.webhook('payment_intent.succeeded', paidIntent, {
      timestamp: Math.floor(Date.now() / 1000) - 200,
    });
    stub.succeed(intent.intentId);
    await deliver(recent);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('completes the order from the webhook alone, once, whatever is replayed or arrives out of order', async () => {
    const buyer = await customer(t.app);
    const { order, intent } = await pendingOrder(buyer);
    stub.decline(intent.intentId);
    const failed = stub.webhook('payment_intent.payment_failed', stub.intents.get(intent.intentId)!);
    const succeeded = stub.webhook('payment_intent.succeeded', stub.succeed(intent.intentId));

    await deliver(succeeded);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    await deliver(succeeded);
    await deliver({
      ...succeeded,
      ...stub.webhook('payment_intent.succeeded', stub.intents.get(intent.intentId)!),
    });
    // The failure of an earlier attempt, delivered late, does not unpay the order.
    await deliver(failed);
    expect((await confirm(t.app, buyer, order.id)).json()).toEqual({ id: order.id, status: 'paid' });

    expect((await orderRow(t, order.id)).status).toBe('paid');
    const kinds = await history(t, order.id);
    expect(kinds.filter((k) => k === 'paid')).toHaveLength(1);
    expect(kinds).not.toContain('payment_failed');
    expect(await confirmationsTo(t, buyer.email)).toBe(1);
    const processed = await t.database.db
      .select()
      .from(processedEvents)
      .where(eq(processedEvents.eventId, succeeded.eventId));
    expect(processed).toHaveLength(1);
  });

  it('records a declined card from its webhook in the order’s history', async () => {
    const buyer = await customer(t.app);
    const { order, intent } = await pendingOrder(buyer);
    stub.decline(intent.intentId, 'card_declined', 'Your card was declined.');
    await deliver(stub.webhook('payment_intent.payment_failed', stub.intents.get(intent.intentId)!));
    expect(await history(t, order.id)).toEqual([
      'created',
      'billing_saved',
      'payment_started',
      'payment_failed',
    ]);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
  });

  it('never pays an order from a webhook whose amount or currency differ', async () => {
    const buyer = await customer(t.app);
    for (const forged of [{ amountReceived: 100 }, { currency: 'usd' }]) {
      const { order, intent } = await pendingOrder(buyer);
      await deliver(stub.webhook('payment_intent.succeeded', stub.succeed(intent.intentId, forged)));
      expect((await orderRow(t, order.id)).status).toBe('pending_payment');
      expect(await history(t, order.id)).toContain('payment_mismatch');
      expect((await confirm(t.app, buyer, order.id)).statusCode).toBe(402);
    }
    expect(await confirmationsTo(t, buyer.email)).toBe(0);
  });

  it('answers 503 and changes nothing while Stripe cannot be reached', async () => {
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [{ productId: shop.fileId }]);
    stub.unavailable = true;
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/order/intentPayement',
        headers: buyer.headers,
        payload: { orderId: order.id, consent },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('payment_provider_unavailable');
      expect(await history(t, order.id)).toEqual(['created', 'billing_saved']);
      expect((await orderRow(t, order.id)).consent).toBeNull();
    } finally {
      stub.unavailable = false;
    }
    // The retry creates the intent with the same idempotency key: still one intent.
    const intent = await startPayment(t.app, buyer, order.id);
    expect([...stub.intents.values()].filter((i) => i.metadata.orderId === order.id)).toHaveLength(1);

    stub.unavailable = true;
    try {
      const response = await confirm(t.app, buyer, order.id);
      expect(response.statusCode).toBe(503);
    } finally {
      stub.unavailable = false;
    }
    stub.succeed(intent.intentId);
    expect((await confirm(t.app, buyer, order.id)).json().status).toBe('paid');
  }, 30_000);

  it('settles a payment whose webhook never came and whose tab closed: the sweep asks Stripe; an order Stripe cannot report on waits', async () => {
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [{ productId: shop.fileId }]);
    const intent = await startPayment(t.app, buyer, order.id);
    stub.succeed(intent.intentId);
    const later = new Date(Date.now() + 3600_000);
    // Stripe out of reach when the window closes: the order keeps waiting, its payment may have been taken.
    stub.unavailable = true;
    try {
      expect((await t.app.payments.sweep(later)).waiting).toBeGreaterThanOrEqual(1);
    } finally {
      stub.unavailable = false;
    }
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    // Back: asked with paymentIntents.retrieve, the order is paid, never expired.
    expect((await t.app.payments.sweep(later)).settled).toBe(1);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    expect(await history(t, order.id)).not.toContain('expired');
    expect(
      stub.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.intentId}`),
    ).toBe(true);
  }, 30_000);

  it('refunds through Stripe with the refund’s own idempotency key, and records a refund made in Stripe’s dashboard', async () => {
    const buyer = await customer(t.app);
    const editor = await staff(t.app);
    const order = await placeOrder(t.app, buyer, [
      { productId: shop.fileId },
      { productId: shop.bookId, edition: 'ebook' },
    ]);
    const intent: PaymentIntent = await startPayment(t.app, buyer, order.id);
    stub.succeed(intent.intentId);
    await confirm(t.app, buyer, order.id);

    const [fileLine, ebookLine] = order.lines;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: editor.headers,
      payload: { lineIds: [fileLine!.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminOrder>().status).toBe('partially_refunded');
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const sent = stub.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === row!.id);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0]!.body).toMatchObject({
      payment_intent: intent.intentId,
      amount: String(fileLine!.totalCents),
    });
    expect(row).toMatchObject({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });

    // Stripe tells of the shop's own refund: nothing more is recorded.
    await deliver(stub.webhook('charge.refunded', stub.charge(intent.intentId)));
    expect((await orderRow(t, order.id)).refundedCents).toBe(fileLine!.totalCents);

    // The rest is refunded in Stripe's dashboard: the order learns it from the webhook.
    const dashboard = new Stripe(secretKey, {
      host: '127.0.0.1',
      port: stub.port,
      protocol: 'http',
      telemetry: false,
    });
    await dashboard.refunds.create({ payment_intent: intent.intentId, amount: ebookLine!.totalCents });
    const refunded = stub.webhook('charge.refunded', stub.charge(intent.intentId));
    await deliver(refunded);
    await deliver(refunded);
    const after = await orderRow(t, order.id);
    expect(after).toMatchObject({ status: 'refunded', refundedCents: order.totalCents });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => [r.actor, r.amountCents]).sort()).toEqual(
      [
        ['provider', ebookLine!.totalCents],
        ['staff', fileLine!.totalCents],
      ].sort(),
    );
  });
});
