import type { MailTemplates } from './mail-templates.ts';

/** An order confirmation as the orders queue it: digital and paper lines, VAT, consents and an address. */
export function orderConfirmationData(
  overrides: Partial<MailTemplates['order_confirmation']> = {},
): MailTemplates['order_confirmation'] {
  return {
    firstName: 'Zoë',
    orderNumber: 'HLS-2026-000042',
    orderUrl: 'http://shop.test/customer-commande',
    downloadsUrl: 'http://shop.test/download',
    paidAt: '2026-11-22T16:55:43.000Z',
    lines: [
      {
        title: 'Comptabilité générale',
        format: 'ebook',
        quantity: 1,
        unitFinalCents: 1250,
        totalCents: 1250,
      },
      { title: 'Le Petit Prince', format: 'paper', quantity: 2, unitFinalCents: 1990, totalCents: 3980 },
    ],
    subtotalCents: 5800,
    discountCents: 570,
    totalCents: 5230,
    vatCents: 450,
    consent: {
      immediateDelivery: 'Je demande à recevoir les contenus numériques immédiatement.',
      withdrawalWaiver: 'Je reconnais perdre mon droit de rétractation dès le début du téléchargement.',
      language: 'fr',
      at: '2026-11-22T16:54:10.000Z',
    },
    address: {
      fullName: 'Zoë Łukasz',
      line1: '3 rue de la Paix',
      postalCode: '75002',
      city: 'Paris',
      country: 'FR',
    },
    withdrawalFormUrl: 'http://shop.test/terms#terms-withdrawal-form',
    company: { name: 'HLS SARL', address: '12 avenue Habib Bourguiba, 1000 Tunis', vatNumber: 'TN1234567' },
    ...overrides,
  };
}
