import type { FastifyInstance } from 'fastify';
import type { ConfirmResult, DemoPaymentResult } from '@hls/contract';
import { demoCard } from './checkout-data.ts';
import { confirm, placeOrder, startPayment, type Customer, type Line } from './checkout-fixtures.ts';

/**
 * An order placed, paid with the demo card and confirmed through the API, as a customer's browser does it:
 * the payment writes the order's royalty entries.
 */
export async function buy(
  app: FastifyInstance,
  buyer: Customer,
  lines: Line[],
  billing: { country: string; vatNumber?: string } = { country: 'FR' },
): Promise<ConfirmResult & { number: string }> {
  const order = await placeOrder(app, buyer, lines, billing);
  const intent = await startPayment(app, buyer, order.id);
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/demo/${intent.intentId}/pay`,
    payload: {
      clientSecret: intent.clientSecret,
      ...demoCard,
    },
  });
  if (paid.statusCode !== 200 || paid.json<DemoPaymentResult>().status !== 'succeeded') {
    throw new Error(`demo payment: ${paid.statusCode} ${paid.body}`);
  }
  const confirmed = await confirm(app, buyer, order.id);
  if (confirmed.statusCode !== 200)
    throw new Error(`confirmation: ${confirmed.statusCode} ${confirmed.body}`);
  return { ...confirmed.json<ConfirmResult>(), number: order.number };
}
