// @module-tag postgres — payments race, lock and refund on several connections.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrder, DemoPaymentResult, PaymentIntent } from '@hls/contract';
import { consentTexts } from '@hls/contract';
import {
  confirm,
  consent,
  customer,
  openShop,
  placeOrder,
  saveBilling,
  staff,
  startPayment,
  type Customer,
  type Line,
  type Shop,
  history,
  orderRow,
} from '../../../test/checkout-fixtures.ts';
import { build, useApp, type TestApp } from '../../../test/helper.ts';
import { startMailServer } from '../../../test/smtp-server.ts';
import { demoCard } from '../../../test/checkout-data.ts';
import {
  bookEditions,
  demoIntents,
  demoRefunds,
  mailOutbox,
  orders,
  payments,
  processedEvents,
  refunds,
} from '../../db/schema.ts';
import { assertProviderAllowed } from './payments.plugin.ts';
import { demoCardOutcome, isExpired, passesLuhn } from './providers/demo.ts';

const good = demoCard;

async function pay(
  t: TestApp,
  intent: Pick<PaymentIntent, 'intentId' | 'clientSecret'>,
  card = good,
  lng = 'en',
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/demo/${intent.intentId}/pay`,
    headers: { 'accept-language': lng },
    payload: { clientSecret: intent.clientSecret, ...card },
  });
  return { status: response.statusCode, body: response.json<DemoPaymentResult>() };
}

const paperStock = async (t: TestApp, productId: number) =>
  (
    await t.database.db
      .select({ stock: bookEditions.stock })
      .from(bookEditions)
      .where(and(eq(bookEditions.productId, productId), eq(bookEditions.format, 'paper')))
  )[0]!.stock;

const confirmations = async (t: TestApp, orderNumber: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'order_confirmation'),
          sql`${mailOutbox.data}->>'orderNumber' = ${orderNumber}`,
        ),
      )
  ).length;

/** What the provider would report once the bank took the money (without the card form completing the order). */
const providerSucceeds = (
  t: TestApp,
  intentId: string,
  change: Partial<typeof demoIntents.$inferInsert> = {},
) =>
  t.database.db
    .update(demoIntents)
    .set({ status: 'succeeded', amountReceived: sql`${demoIntents.amountCents}`, ...change })
    .where(eq(demoIntents.id, intentId));

describe('the demo card', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('knows the well-known test cards, expired dates and numbers failing Luhn', () => {
    const outcome = (number: string, expiry = '12/30') =>
      demoCardOutcome({ number, expiry, cvc: '123' }, now);
    expect(outcome('4242424242424242')).toEqual({ status: 'succeeded', declineCode: null });
    expect(outcome('4000000000000002')).toEqual({ status: 'declined', declineCode: 'card_declined' });
    expect(outcome('4000000000009995')).toEqual({ status: 'declined', declineCode: 'insufficient_funds' });
    expect(outcome('4000002500003155')).toEqual({ status: 'requires_action', declineCode: null });
    expect(outcome('5555555555554444')).toEqual({ status: 'succeeded', declineCode: null });
    expect(outcome('4242424242424241')).toEqual({ status: 'declined', declineCode: 'incorrect_number' });
    expect(outcome('4242424242424242', '10/26')).toEqual({ status: 'declined', declineCode: 'expired_card' });
    expect(outcome('4242424242424242', '11/26').status).toBe('succeeded');
    expect([
      passesLuhn('79927398713'),
      passesLuhn('4000056655665556'),
      passesLuhn('1234567812345678'),
    ]).toEqual([false, true, false]);
    expect(isExpired('01/27', now)).toBe(false);
  });
});

describe('payment with the demo provider', () => {
  const t = useApp();
  let shop: Shop;
  let buyer: Customer;

  const freshOrder = async (who: Customer = buyer, lines: Line[] = [{ productId: shop.fileId }]) =>
    placeOrder(t.app, who, lines);

  it('builds the shop', async () => {
    shop = await openShop(t.app);
    buyer = await customer(t.app);
  });

  it("refuses another customer's order, an order without its address, and digital goods without both consents", async () => {
    const order = await freshOrder();
    const stranger = await customer(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/order/intentPayement',
      headers: stranger.headers,
      payload: { orderId: order.id, consent },
    });
    expect(other.statusCode).toBe(404);

    const paperOnly = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: buyer.headers,
      payload: { lines: [{ productId: shop.bookId, edition: 'paper' }] },
    });
    const paperOrderId = paperOnly.json<{ id: string }>().id;
    const noBilling = await t.app.inject({
      method: 'POST',
      url: '/api/order/intentPayement',
      headers: buyer.headers,
      payload: { orderId: paperOrderId },
    });
    expect(noBilling.statusCode).toBe(409);
    expect(noBilling.json().error.code).toBe('billing_required');
    await saveBilling(t.app, buyer, paperOrderId, { country: 'FR' });
    const noAddress = await t.app.inject({
      method: 'POST',
      url: '/api/order/intentPayement',
      headers: buyer.headers,
      payload: { orderId: paperOnly.json<{ id: string }>().id },
    });
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().error.code).toBe('address_required');

    for (const given of [
      undefined,
      { immediateDelivery: true },
      { immediateDelivery: false, withdrawalWaiver: true },
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/order/intentPayement',
        headers: buyer.headers,
        payload: { orderId: order.id, ...(given ? { consent: given } : {}) },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(
        expect.arrayContaining(
          given?.immediateDelivery ? ['consent.withdrawalWaiver'] : ['consent.immediateDelivery'],
        ),
      );
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/order/intentPayement',
      headers: buyer.headers,
      payload: { orderId: order.id },
    });
    expect(none.json().error.fields).toEqual({
      'consent.immediateDelivery': 'Tick this box to ask for the digital goods at once.',
      'consent.withdrawalWaiver':
        'Tick this box to acknowledge that the withdrawal right ends with the download.',
    });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(0);
    expect((await orderRow(t, order.id)).consent).toBeNull();
    expect(await history(t, order.id)).toEqual(['created', 'billing_saved']);
  });

  it('creates one intent per order from its own amount, reuses it, and records the consents in the page’s language', async () => {
    const order = await freshOrder();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/order/intentPayement?lng=fr',
      headers: buyer.headers,
      // A client's amount, currency or status is ignored.
      payload: { orderId: order.id, consent, amountCents: 1, currency: 'USD', status: 'succeeded' },
    });
    expect(first.statusCode).toBe(200);
    const intent = first.json<PaymentIntent>();
    expect(intent).toMatchObject({
      orderId: order.id,
      provider: 'demo',
      publishableKey: null,
      amountCents: order.totalCents,
      currency: 'EUR',
      status: 'requires_payment_method',
    });
    expect(order.totalCents).toBe(3920);
    expect(intent.intentId).toMatch(/^pi_demo_/);
    const [stored] = await t.database.db
      .select()
      .from(demoIntents)
      .where(eq(demoIntents.id, intent.intentId));
    expect(stored).toMatchObject({ amountCents: 3920, currency: 'eur', orderId: order.id });

    const again = await startPayment(t.app, buyer, order.id);
    expect(again.intentId).toBe(intent.intentId);
    expect(again.clientSecret).toBe(intent.clientSecret);

    const recorded = (await orderRow(t, order.id)).consent!;
    expect(recorded).toMatchObject({ ...consentTexts.fr, language: 'fr' });
    expect(Date.now() - new Date(recorded.at).getTime()).toBeLessThan(60_000);
    expect(await history(t, order.id)).toEqual(['created', 'billing_saved', 'payment_started']);
  });

  it('makes one intent of many concurrent calls', async () => {
    const order = await freshOrder();
    const results = await Promise.all(Array.from({ length: 12 }, () => startPayment(t.app, buyer, order.id)));
    expect(new Set(results.map((r) => r.intentId)).size).toBe(1);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(
      await t.database.db.select().from(demoIntents).where(eq(demoIntents.orderId, order.id)),
    ).toHaveLength(1);
    expect((await history(t, order.id)).filter((k) => k === 'payment_started')).toHaveLength(1);
  });

  it('keeps the order payable after a declined card, says why in the page’s language, then takes a good card', async () => {
    const order = await freshOrder();
    const intent = await startPayment(t.app, buyer, order.id);

    const declined = await pay(t, intent, { ...good, number: '4000 0000 0000 0002' }, 'fr');
    expect(declined).toEqual({
      status: 200,
      body: { status: 'declined', declineCode: 'card_declined', message: 'La carte a été refusée.' },
    });
    const refused = await confirm(t.app, buyer, order.id);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'payment_declined',
      message: 'The card was declined.',
      reason: 'card_declined',
    });

    const poor = await pay(t, intent, { ...good, number: '4000000000009995' });
    expect(poor.body).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds' });
    expect((await pay(t, intent, { ...good, expiry: '01/20' })).body.declineCode).toBe('expired_card');
    expect((await pay(t, intent, { ...good, number: '4242424242424241' })).body.declineCode).toBe(
      'incorrect_number',
    );
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect((await history(t, order.id)).filter((k) => k === 'payment_failed')).toHaveLength(4);

    const again = await startPayment(t.app, buyer, order.id);
    expect(again.intentId).toBe(intent.intentId);
    expect((await pay(t, again)).body).toEqual({ status: 'succeeded', declineCode: null, message: null });
    const paid = await confirm(t.app, buyer, order.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ id: order.id, status: 'paid' });
    expect((await history(t, order.id)).at(-1)).toBe('paid');

    // No card number is kept: its last four digits at most.
    const [row] = await t.database.db.select().from(demoIntents).where(eq(demoIntents.id, intent.intentId));
    expect(row!.cardLast4).toBe('4242');
    expect(JSON.stringify(row)).not.toContain('42424242');
    // Four cards declined (nothing received), then the good one: the whole amount.
    expect(row).toMatchObject({ attempts: 5, amountReceived: row!.amountCents, status: 'succeeded' });

    const late = await t.app.inject({
      method: 'POST',
      url: '/api/order/intentPayement',
      headers: buyer.headers,
      payload: { orderId: order.id, consent },
    });
    expect(late.json().error.code).toBe('order_not_payable');
  });

  it('asks for authentication with 4000 0025 0000 3155: refused, then approved', async () => {
    const order = await freshOrder();
    const intent = await startPayment(t.app, buyer, order.id);
    const secure = { ...good, number: '4000002500003155' };
    expect((await pay(t, intent, secure)).body).toEqual({
      status: 'requires_action',
      declineCode: null,
      message: null,
    });
    const waiting = await confirm(t.app, buyer, order.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe('payment_incomplete');

    const authenticate = (approve: boolean, clientSecret = intent.clientSecret) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/demo/${intent.intentId}/authenticate`,
        headers: { 'accept-language': 'en' },
        payload: { clientSecret, approve },
      });
    expect((await authenticate(true, 'pi_demo_x_secret_forged')).statusCode).toBe(404);
    const refused = await authenticate(false);
    expect(refused.json()).toEqual({
      status: 'declined',
      declineCode: 'authentication_failed',
      message: 'The payment was not authenticated.',
    });
    expect((await confirm(t.app, buyer, order.id)).statusCode).toBe(402);
    expect((await authenticate(true)).statusCode).toBe(409);

    expect((await pay(t, intent, secure)).body.status).toBe('requires_action');
    expect((await authenticate(true)).json()).toEqual({
      status: 'succeeded',
      declineCode: null,
      message: null,
    });
    expect((await confirm(t.app, buyer, order.id)).json()).toEqual({ id: order.id, status: 'paid' });
  });

  it('refuses a card form without the intent’s secret, or with bad fields', async () => {
    const order = await freshOrder();
    const intent = await startPayment(t.app, buyer, order.id);
    expect((await pay(t, { ...intent, clientSecret: `${intent.intentId}_secret_nope` })).status).toBe(404);
    expect((await pay(t, { ...intent, intentId: 'pi_demo_unknown' })).status).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/${intent.intentId}/pay`,
      headers: { 'accept-language': 'en' },
      payload: { clientSecret: intent.clientSecret, number: '4242', expiry: '13/30', cvc: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['cvc', 'expiry', 'number']);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
  });

  it('completes the order from the card form alone: a closed tab loses no sale', async () => {
    const order = await freshOrder();
    const intent = await startPayment(t.app, buyer, order.id);
    await pay(t, intent);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    expect(await confirmations(t, order.number)).toBe(1);
  });

  it('gives back a second payment of an order already paid (an old intent paid in another tab)', async () => {
    const order = await freshOrder();
    const old = await startPayment(t.app, buyer, order.id);
    // The attempt was replaced, but its intent could not be cancelled with the provider.
    await t.database.db
      .update(payments)
      .set({ status: 'canceled' })
      .where(eq(payments.intentId, old.intentId));
    const current = await startPayment(t.app, buyer, order.id);
    expect(current.intentId).not.toBe(old.intentId);
    await pay(t, current);
    expect((await pay(t, old)).body.status).toBe('succeeded');
    await t.app.jobs.settle();
    expect((await orderRow(t, order.id)).status).toBe('paid');
    const given = await t.database.db
      .select()
      .from(demoRefunds)
      .where(eq(demoRefunds.intentId, old.intentId));
    expect(given.map((r) => r.amountCents)).toEqual([order.totalCents]);
    expect(
      await t.database.db.select().from(demoRefunds).where(eq(demoRefunds.intentId, current.intentId)),
    ).toEqual([]);
    expect(await confirmations(t, order.number)).toBe(1);
  });

  it('fulfils once under 50 parallel confirmations: one paid row, one e-mail, stock taken once', async () => {
    const before = await paperStock(t, shop.bookId);
    const order = await freshOrder(buyer, [
      { productId: shop.bookId, edition: 'paper', quantity: 2 },
      { productId: shop.fileId },
    ]);
    expect(await paperStock(t, shop.bookId)).toBe(before! - 2);
    const intent = await startPayment(t.app, buyer, order.id);
    await providerSucceeds(t, intent.intentId);

    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(t.app, buyer, order.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.json().status))).toEqual(new Set(['paid']));
    expect((await history(t, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
    expect(await confirmations(t, order.number)).toBe(1);
    expect(await paperStock(t, shop.bookId)).toBe(before! - 2);
    const processed = await t.database.db
      .select()
      .from(processedEvents)
      .where(eq(processedEvents.eventId, `intent:${intent.intentId}:succeeded`));
    expect(processed).toHaveLength(1);
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempt).toMatchObject({ status: 'succeeded', intentId: intent.intentId });
  });

  it.each([
    ['an amount received below the order’s total', { amountReceived: 3919 }],
    ['another currency', { currency: 'usd' }],
    ['an intent made for another order', { orderId: '00000000-0000-4000-8000-000000000000' }],
  ])('never pays an order from %s', async (_name, forged) => {
    const order = await freshOrder();
    const intent = await startPayment(t.app, buyer, order.id);
    await providerSucceeds(t, intent.intentId, forged);
    const answer = await confirm(t.app, buyer, order.id);
    expect(answer.statusCode).toBe(402);
    expect(answer.json().error).toMatchObject({ code: 'payment_declined', reason: 'mismatch' });
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect(await history(t, order.id)).toContain('payment_mismatch');
    expect(await confirmations(t, order.number)).toBe(0);
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempt!.status).toBe('mismatch');
    // Asking again changes nothing.
    expect((await confirm(t.app, buyer, order.id)).statusCode).toBe(402);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
  });

  it('cancels the intent of an expired order; a payment that arrives after the last copy was sold is refunded', async () => {
    const lastCopy = await openShop(t.app, { paperStock: 1 });
    const late = await freshOrder(buyer, [{ productId: lastCopy.bookId, edition: 'paper' }]);
    const lateIntent = await startPayment(t.app, buyer, late.id);
    // The order expired while the bank was still deciding; someone else bought the last copy; then the bank took
    // the money.
    await t.app.orders.expireDue(new Date(Date.now() + 3600_000));
    expect((await orderRow(t, late.id)).status).toBe('cancelled');
    const other = await customer(t.app);
    const winner = await placeOrder(t.app, other, [{ productId: lastCopy.bookId, edition: 'paper' }]);
    expect(winner.status).toBe('pending_payment');
    await providerSucceeds(t, lateIntent.intentId);
    await t.app.jobs.settle();

    const answer = await confirm(t.app, buyer, late.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('order_not_payable');
    await t.app.jobs.settle();
    expect((await orderRow(t, late.id)).status).toBe('cancelled');
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, late.id));
    expect(refund).toMatchObject({ status: 'succeeded', actor: 'system', amountCents: late.totalCents });
    const given = await t.database.db
      .select()
      .from(demoRefunds)
      .where(eq(demoRefunds.intentId, lateIntent.intentId));
    expect(given.map((r) => r.amountCents)).toEqual([late.totalCents]);
    expect(await history(t, late.id)).toContain('refunded');
    // Asking again refunds nothing more.
    expect((await confirm(t.app, buyer, late.id)).statusCode).toBe(409);
    await t.app.jobs.settle();
    expect(
      await t.database.db.select().from(demoRefunds).where(eq(demoRefunds.intentId, lateIntent.intentId)),
    ).toHaveLength(1);

    // An expired order whose copies are still there is held again and paid.
    const spare = await freshOrder(buyer, [{ productId: shop.bookId, edition: 'paper' }]);
    const spareIntent = await startPayment(t.app, buyer, spare.id);
    await providerSucceeds(t, spareIntent.intentId);
    await t.app.orders.expireDue(new Date(Date.now() + 3600_000));
    expect((await confirm(t.app, buyer, spare.id)).json()).toEqual({ id: spare.id, status: 'paid' });
  });

  it('cancels the intents of expired orders with the provider: their card form then refuses', async () => {
    const abandoned = await freshOrder();
    const intent = await startPayment(t.app, buyer, abandoned.id);
    await t.app.orders.expireDue(new Date(Date.now() + 3600_000));
    // The event's job is sent just after the expiry commits.
    await vi.waitFor(async () => {
      await t.app.jobs.settle();
      const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, abandoned.id));
      expect(attempt!.status).toBe('canceled');
    });
    const refused = await pay(t, intent);
    expect(refused.status).toBe(409);
    expect((await orderRow(t, abandoned.id)).status).toBe('cancelled');

    // The sweep catches an intent whose order stopped waiting without the event being heard.
    const missed = await freshOrder();
    const missedIntent = await startPayment(t.app, buyer, missed.id);
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, missed.id));
    expect((await t.app.payments.sweep(new Date(Date.now() + 61_000))).canceled).toBeGreaterThanOrEqual(1);
    expect((await pay(t, missedIntent)).status).toBe(409);
  });

  it('settles a card payment cut off before its confirmation (a crash): the sweep asks the provider, the order is paid, never expired', async () => {
    const attemptOf = async (orderId: string) =>
      (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
    // The bank took the money, then the process died before the order was confirmed: nothing else will come.
    const cut = await freshOrder();
    const cutIntent = await startPayment(t.app, buyer, cut.id);
    await providerSucceeds(t, cutIntent.intentId);
    // A payment in progress is left to finish on its own for a minute…
    await t.app.payments.sweep(new Date());
    expect((await orderRow(t, cut.id)).status).toBe('pending_payment');
    // …then the provider is asked, and the order is paid, delivered and confirmed once.
    await t.app.payments.sweep(new Date(Date.now() + 61_000));
    expect((await orderRow(t, cut.id)).status).toBe('paid');
    expect(await attemptOf(cut.id)).toMatchObject({ status: 'succeeded' });
    expect(await confirmations(t, cut.number)).toBe(1);
    const downloads = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: buyer.headers });
    expect(JSON.stringify(downloads.json())).toContain(cut.number);

    // At the end of the payment window the provider is asked first: a payment taken is settled, not expired.
    const closing = await freshOrder();
    const closingIntent = await startPayment(t.app, buyer, closing.id);
    await providerSucceeds(t, closingIntent.intentId);
    // A window that closes on a card still being typed: the intent is cancelled with the provider, then the order
    // expires, and the card form refuses.
    const typing = await freshOrder();
    const typingIntent = await startPayment(t.app, buyer, typing.id);
    const swept = await t.app.payments.sweep(new Date(Date.now() + 3600_000));
    expect(swept.settled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, closing.id)).status).toBe('paid');
    expect(await confirmations(t, closing.number)).toBe(1);
    expect(await history(t, closing.id)).not.toContain('expired');
    expect((await orderRow(t, typing.id)).status).toBe('cancelled');
    expect(await attemptOf(typing.id)).toMatchObject({ status: 'canceled' });
    expect((await pay(t, typingIntent)).status).toBe(409);

    // Sweeping again changes nothing: no second confirmation, no refund.
    await t.app.payments.sweep(new Date(Date.now() + 3600_000));
    await t.app.jobs.settle();
    expect(await confirmations(t, closing.number)).toBe(1);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, closing.id))).toEqual([]);
  });

  describe('refunds from the back office', () => {
    const paidOrder = async () => {
      const order = await freshOrder(buyer, [
        { productId: shop.bookId, edition: 'ebook' },
        { productId: shop.fileId },
      ]);
      await pay(t, await startPayment(t.app, buyer, order.id));
      return t.app.checkout.adminOrder(order.id);
    };
    const refund = (who: Customer, orderId: string, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: who.headers,
        payload,
      });

    it('is for editors and admins only', async () => {
      const order = await paidOrder();
      expect((await refund(buyer, order.id)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, payload: {} }))
          .statusCode,
      ).toBe(401);
      expect((await refund(await staff(t.app), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const unpaid = await freshOrder();
      const refused = await refund(await staff(t.app, 'admin'), unpaid.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('refund_unavailable');
    });

    it('refunds one line, then the rest, through the provider, and shows them in the order’s detail', async () => {
      const editor = await staff(t.app);
      const order = await paidOrder();
      const [ebookLine, fileLine] = order.lines;
      const partial = await refund(editor, order.id, { lineIds: [fileLine!.id], reason: 'Wrong file' });
      expect(partial.statusCode).toBe(200);
      const afterPartial = partial.json<AdminOrder>();
      expect(afterPartial.status).toBe('partially_refunded');
      expect(afterPartial.refundedCents).toBe(fileLine!.totalCents);
      expect(afterPartial.refunds).toEqual([
        expect.objectContaining({
          amountCents: fileLine!.totalCents,
          lineIds: [fileLine!.id],
          reason: 'Wrong file',
          status: 'succeeded',
        }),
      ]);
      expect(afterPartial.payment).toMatchObject({
        provider: 'demo',
        status: 'succeeded',
        amountCents: order.totalCents,
      });

      const rest = await refund(editor, order.id);
      expect(rest.json<AdminOrder>()).toMatchObject({ status: 'refunded', refundedCents: order.totalCents });
      expect(rest.json<AdminOrder>().lines.find((l) => l.id === ebookLine!.id)!.status).toBe('refunded');
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${order.id}`,
        headers: editor.headers,
      });
      expect(detail.json<AdminOrder>().refunds).toHaveLength(2);
      const given = await t.database.db
        .select()
        .from(demoRefunds)
        .where(eq(demoRefunds.intentId, order.payment!.intentId));
      expect(given.map((r) => r.amountCents).sort()).toEqual(
        [ebookLine!.totalCents, fileLine!.totalCents].sort(),
      );
      expect((await refund(editor, order.id)).statusCode).toBe(409);
    });

    it('refunds once when the button is clicked twice', async () => {
      const editor = await staff(t.app);
      const order = await paidOrder();
      const answers = await Promise.all([
        refund(editor, order.id),
        refund(editor, order.id),
        refund(editor, order.id),
      ]);
      expect(answers.map((a) => a.statusCode)).toContain(200);
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      const given = await t.database.db
        .select()
        .from(demoRefunds)
        .where(eq(demoRefunds.intentId, order.payment!.intentId));
      expect(given).toHaveLength(1);
      const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(rows.map((r) => r.status)).toEqual(['succeeded']);
      expect((await history(t, order.id)).filter((k) => k === 'refunded')).toHaveLength(1);
      expect((await orderRow(t, order.id)).refundedCents).toBe(order.totalCents);
    });

    it('revokes the refunded line’s download', async () => {
      const editor = await staff(t.app);
      const order = await paidOrder();
      const fileLine = order.lines.find((l) => l.format === 'file')!;
      const before = await t.app.downloads.forOrderLines(buyer.id, [fileLine.id]);
      expect(before.get(fileLine.id)?.status).toBe('ready');
      await refund(editor, order.id, { lineIds: [fileLine.id] });
      const after = await t.app.downloads.forOrderLines(buyer.id, [fileLine.id]);
      expect(after.get(fileLine.id)?.status).toBe('revoked');
    });
  });
});

describe('payment while the mail server is down', () => {
  it('marks the order paid at once and sends the confirmation once SMTP is back', async () => {
    // The mail server is down when the payment comes, and comes up on the port the API was given.
    const smtp = await startMailServer({ down: true });
    const t = await build({ env: { SMTP_URL: smtp.url } });
    try {
      const shop = await openShop(t.app);
      const buyer = await customer(t.app);
      const order = await placeOrder(t.app, buyer, [{ productId: shop.fileId }]);
      await pay(t, await startPayment(t.app, buyer, order.id));
      expect((await confirm(t.app, buyer, order.id)).json()).toEqual({ id: order.id, status: 'paid' });

      await t.app.mail.sender.runOnce();
      const [queued] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.template, 'order_confirmation'), eq(mailOutbox.to, buyer.email)));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
      expect(queued!.lastError).toBeTruthy();
      expect((await orderRow(t, order.id)).status).toBe('paid');

      await smtp.up();
      await t.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, queued!.id));
      await t.app.mail.sender.runOnce();
      const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
      expect(sent!.status).toBe('sent');
      expect(smtp.received.some((mail) => mail.data.includes(order.number))).toBe(true);
    } finally {
      await smtp.close();
      await t.close();
    }
  });
});

describe('the demo provider in production', () => {
  it('refuses to start unless PAYMENTS_DEMO=true was set', () => {
    const demo = { provider: 'demo' as const };
    expect(() => assertProviderAllowed('production', demo)).toThrow(/PAYMENTS_DEMO=true/);
    expect(() => assertProviderAllowed('production', { ...demo, allowedInProduction: true })).not.toThrow();
    expect(() => assertProviderAllowed('development', demo)).not.toThrow();
  });
});
