import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrder,
  ConfirmBody,
  ConfirmResult,
  DemoAuthenticateBody,
  DemoCardBody,
  DemoPaymentResult,
  IntentBody,
  PaymentIntent,
  RefundBody,
  roles,
  UuidParams,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';
import { requestLanguage } from '../../plugins/validation-messages.ts';

const IntentParams = z.object({ intentId: z.string().min(1).max(100) });
const WebhookReceipt = z.object({ received: z.literal(true) });

export type PaymentsRoutesOptions = {
  /** The Stripe webhook route exists only when Stripe is the provider. */
  stripeWebhook: boolean;
  bodyLimit: number;
};

export default async function paymentsRoutes(app: FastifyInstance, options: PaymentsRoutesOptions) {
  const { payments } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const buyer = app.requireRole(...roles);
  const staff = app.requireRole('editor', 'admin');
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];
  const language = (request: { query: unknown; headers: { 'accept-language'?: string | undefined } }) =>
    requestLanguage(request.query, request.headers['accept-language']);

  api.post(endpoints.paymentIntent.path, {
    onRequest: buyer,
    schema: {
      tags,
      security,
      summary:
        "Create or reuse the order's payment intent (one per order; amount and currency from the order). Digital goods need both consents.",
      body: IntentBody,
      response: { 200: PaymentIntent, ...errorResponses(400, 401, 404, 409, 503) },
    },
    handler: async (request) =>
      payments.startPayment({
        orderId: request.body.orderId,
        userId: request.user!.id,
        consent: request.body.consent,
        language: language(request),
      }),
  });

  api.post(endpoints.orderConfirm.path, {
    onRequest: buyer,
    schema: {
      tags,
      security,
      summary:
        'Ask the provider and confirm the order: paid once the payment matches it (402 with the reason when the card was refused)',
      body: ConfirmBody,
      response: { 200: ConfirmResult, ...errorResponses(400, 401, 402, 404, 409, 503) },
    },
    handler: async (request) =>
      payments.confirm({
        orderId: request.body.orderId,
        userId: request.user!.id,
        language: language(request),
      }),
  });

  api.post(endpoints.demoPay.path, {
    schema: {
      tags,
      summary:
        'The demo provider’s card form (no money is taken): 4242… succeeds, …0002 is declined, …9995 has insufficient funds, …3155 asks for authentication',
      params: IntentParams,
      body: DemoCardBody,
      response: { 200: DemoPaymentResult, ...errorResponses(400, 404, 409) },
    },
    handler: async (request) => payments.demoPay(request.params.intentId, request.body, language(request)),
  });

  api.post(endpoints.demoAuthenticate.path, {
    schema: {
      tags,
      summary: 'The demo provider’s card authentication (3-D Secure) answer',
      params: IntentParams,
      body: DemoAuthenticateBody,
      response: { 200: DemoPaymentResult, ...errorResponses(400, 404, 409) },
    },
    handler: async (request) =>
      payments.demoAuthenticate(request.params.intentId, request.body, language(request)),
  });

  api.post(endpoints.adminOrderRefund.path, {
    onRequest: staff,
    schema: {
      tags: ['back office'],
      security,
      summary:
        'Refund the whole order or some lines through the provider; the lines’ downloads are revoked (editor, admin)',
      params: UuidParams,
      body: RefundBody,
      response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      await payments.refund({
        orderId: request.params.id,
        lineIds: request.body.lineIds,
        reason: request.body.reason,
        actorId: request.user!.id,
      });
      return app.checkout.adminOrder(request.params.id);
    },
  });

  if (options.stripeWebhook) {
    // Stripe signs the exact bytes it sends: this context keeps JSON bodies as raw buffers.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: options.bodyLimit },
        (_request, body, done) => done(null, body),
      );
      webhook.withTypeProvider<ZodTypeProvider>().post(endpoints.stripeWebhook.path, {
        schema: {
          tags,
          summary:
            'Stripe’s events (signature checked on the raw body, 300 s tolerance), handled by a background job',
          response: { 200: WebhookReceipt, ...errorResponses(400) },
        },
        handler: async (request) => {
          const signature = request.headers['stripe-signature'];
          await payments.receiveStripeWebhook(
            request.body as Buffer,
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true as const };
        },
      });
    });
  }
}
