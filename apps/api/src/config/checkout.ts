import { createHmac } from 'node:crypto';
import { ConfigError, type ParsedEnv } from './env.ts';

export type CheckoutSettings = {
  /** Seconds a pending order waits for payment before it is cancelled and its stock released. */
  paymentWindow: number;
  /**
   * Seconds after which a payment in flight with no word from the browser or the provider is asked about (a crash
   * may have cut its confirmation off); a card payment normally answers within seconds.
   */
  paymentQuietAfter: number;
  /** ISO 3166-1 alpha-2 codes of the countries paper books ship to, from the Tunisian centre. */
  shippingCountries: string[];
  /** VAT where the buyer lives (decision 0027): rates are data (`vat_rates`); these say how prices carry it. */
  vat: {
    /** Prices include VAT, the same in every country (default); false: VAT is added on top. */
    pricesIncludeVat: boolean;
    /** The import scheme's ceiling per consignment of paper books, in cents (€150). */
    importThresholdCents: number;
    /** The country whose rates the Publish page's royalty example uses. */
    referenceCountry: string;
  };
  /** Stripe when its secret key is set, else the demo provider (refused in production unless PAYMENTS_DEMO). */
  payments:
    | {
        provider: 'demo';
        /** PAYMENTS_DEMO=true: the demo provider may run in production (a shop that takes no money). */
        allowedInProduction?: true;
      }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        /** Tests: a local Stripe stub (http://127.0.0.1:port). */
        apiUrl: string | undefined;
      };
  /** Key of the download tokens (HS256), distinct from the access tokens' key. */
  downloadTokenSecret: string;
  /** Seconds a download link stays valid. */
  downloadTokenTtl: number;
  /** Stamp purchased PDFs with the buyer's name, e-mail and order number. */
  stampPdfs: boolean;
  /** Where withdrawn paper books are sent back to (the Tunisian delivery centre). */
  returnAddress: string;
  /** Working days a paper book takes from the Tunisian centre to the door, as the pages promise them. */
  paperDeliveryDays: { min: number; max: number };
};

/** The payment provider: Stripe with its three keys, else the demo one (refused in production unless allowed). */
export function readPayments(e: ParsedEnv, isProduction: boolean): CheckoutSettings['payments'] {
  let payments: CheckoutSettings['payments'] = {
    provider: 'demo',
    ...(e.PAYMENTS_DEMO ? { allowedInProduction: true as const } : {}),
  };
  if (e.STRIPE_SECRET_KEY) {
    const missing = [
      ['STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY],
      ['STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET],
    ].filter(([, value]) => !value);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid settings (see .env.example):\n${missing.map(([name]) => `  ${name}: required with STRIPE_SECRET_KEY`).join('\n')}`,
      );
    }
    payments = {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiUrl: e.STRIPE_API_URL,
    };
  } else if (isProduction && !e.PAYMENTS_DEMO) {
    throw new ConfigError(
      'Invalid settings (see .env.example):\n  STRIPE_SECRET_KEY: required in production (or PAYMENTS_DEMO=true for a shop that takes no money)',
    );
  }
  return payments;
}

/** The checkout's settings of the environment; the download tokens' key is derived from `jwtSecret` if not given. */
export function readCheckout(
  e: ParsedEnv,
  payments: CheckoutSettings['payments'],
  jwtSecret: string,
): CheckoutSettings {
  return {
    paymentWindow: e.ORDER_PAYMENT_WINDOW,
    paymentQuietAfter: e.PAYMENT_QUIET_AFTER,
    shippingCountries: e.SHIPPING_COUNTRIES,
    vat: {
      pricesIncludeVat: e.PRICES_INCLUDE_VAT,
      importThresholdCents: e.VAT_IMPORT_THRESHOLD_EUR * 100,
      referenceCountry: e.VAT_REFERENCE_COUNTRY,
    },
    payments,
    downloadTokenSecret:
      e.DOWNLOAD_TOKEN_SECRET ??
      createHmac('sha256', jwtSecret).update('hls download tokens').digest('base64url'),
    downloadTokenTtl: e.DOWNLOAD_TOKEN_TTL,
    stampPdfs: e.STAMP_PDFS,
    returnAddress: e.RETURN_ADDRESS,
    paperDeliveryDays: e.PAPER_DELIVERY_DAYS,
  };
}
