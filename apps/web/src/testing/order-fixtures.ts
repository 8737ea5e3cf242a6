import type { AdminOrder, Download, Order, OrderLine } from '@hls/contract';

export function makeLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 1,
    productId: 24,
    kind: 'book',
    section: 'book',
    format: 'paper',
    fileType: null,
    title: 'Speaking with Confidence',
    coverUrl: '/covers/24.jpg',
    unitPriceCents: 1700,
    discountPercent: 10,
    unitFinalCents: 1530,
    quantity: 1,
    totalCents: 1530,
    tax: null,
    status: 'active',
    refundedCents: 0,
    download: null,
    ...overrides,
  };
}

export const fileLine = (overrides: Partial<OrderLine> = {}) =>
  makeLine({
    id: 2,
    productId: 25,
    kind: 'file',
    section: 'professional',
    format: 'file',
    fileType: 'excel',
    title: 'Suivi de trésorerie PME',
    unitPriceCents: 3900,
    discountPercent: 0,
    unitFinalCents: 3900,
    totalCents: 3900,
    ...overrides,
  });

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const lines = overrides.lines ?? [makeLine()];
  const total = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return {
    id: '11111111-1111-4111-8111-111111111111',
    number: 'HLS-2026-000042',
    status: 'pending_payment',
    currency: 'EUR',
    createdAt: '2026-11-22T10:00:00.000Z',
    paidAt: null,
    expiresAt: '2026-11-22T10:30:00.000Z',
    subtotalCents: subtotal,
    discountCents: subtotal - total,
    totalCents: total,
    vatCents: null,
    netCents: null,
    // The buyer said where they live (France): the payment step is open once the rest is done.
    billing: { country: 'FR', vatNumber: null, reverseCharge: false, pricesIncludeVat: true },
    refundedCents: 0,
    needsAddress: lines.some((line) => line.format === 'paper'),
    hasDigital: lines.some((line) => line.format !== 'paper'),
    address: null,
    consent: null,
    lines,
    shipment: null,
    withdrawal: null,
    withdrawalDeadline: null,
    canWithdraw: false,
    history: [
      {
        at: '2026-11-22T10:00:00.000Z',
        kind: 'created',
        status: 'pending_payment',
        actor: 'customer',
        note: null,
      },
    ],
    ...overrides,
  };
}

export const address = {
  fullName: 'Zoë Łukasz',
  line1: '12 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
};

export function makeAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...makeOrder({ status: 'paid', paidAt: '2026-11-22T10:05:00.000Z', address, expiresAt: null }),
    customer: { id: 'u-1', name: 'Camille Martin', email: 'customer@hls.test' },
    payment: { provider: 'demo', intentId: 'pi_demo_1', status: 'succeeded', amountCents: 1530 },
    refunds: [],
    ...overrides,
  };
}

export function makeDownload(overrides: Partial<Download> = {}): Download {
  return {
    entitlementId: '22222222-2222-4222-8222-222222222222',
    productId: 25,
    orderId: '11111111-1111-4111-8111-111111111111',
    orderNumber: 'HLS-2026-000042',
    title: 'Suivi de trésorerie PME',
    fileName: 'suivi-tresorerie.xlsx',
    fileType: 'excel',
    sizeBytes: 2_400_000,
    status: 'ready',
    downloadCount: 0,
    firstDownloadAt: null,
    grantedAt: '2026-11-22T10:05:00.000Z',
    ...overrides,
  };
}
