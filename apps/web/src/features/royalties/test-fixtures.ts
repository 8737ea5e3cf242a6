import type {
  AuthorPayments,
  BankDetails,
  PayoutDue,
  PayoutRun,
  RoyaltyEntry,
  RoyaltyRateBoard,
} from '@hls/contract';

export const makeEntry = (overrides: Partial<RoyaltyEntry> = {}): RoyaltyEntry => ({
  id: 1,
  kind: 'accrual',
  createdAt: '2026-11-03T10:00:00.000Z',
  orderNumber: 'HLS-2026-000041',
  orderLineId: 41,
  productId: 7,
  title: 'Le droit des contrats',
  format: 'ebook',
  quantity: 1,
  grossCents: 1200,
  vatCents: 63,
  netCents: 1137,
  rateBp: 2500,
  royaltyCents: 284,
  state: 'pending',
  availableAt: '2026-11-17T10:00:00.000Z',
  paidAt: null,
  payoutReference: null,
  reversed: false,
  ...overrides,
});

export const makePayments = (overrides: Partial<AuthorPayments> = {}): AuthorPayments => ({
  totals: { pendingCents: 284, availableCents: 0, paidCents: 0, refundedCents: 0, balanceCents: 284 },
  products: [
    {
      productId: 7,
      title: 'Le droit des contrats',
      format: 'ebook',
      units: 1,
      refundedUnits: 0,
      netCents: 1137,
      royaltyCents: 284,
      refundedCents: 0,
      pendingCents: 284,
      availableCents: 0,
      paidCents: 0,
    },
  ],
  payouts: [],
  monthly: [{ month: '2026-11', paper: 0, ebook: 284, professional_file: 0 }],
  report: { results: [makeEntry()], count: 1, page: 1, pageSize: 20, pages: 1 },
  productChoices: [
    { id: 7, title: 'Le droit des contrats' },
    { id: 9, title: 'Comptabilité des PME' },
  ],
  terms: {
    rates: { paper: 1000, ebook: 2500, professional_file: 4000 },
    digitalHoldDays: 14,
    paperHoldDays: 14,
    minimumPayoutCents: 5000,
  },
  hasBankDetails: false,
  ...overrides,
});

export const makeBank = (overrides: Partial<BankDetails> = {}): BankDetails => ({
  holder: 'Hélène Durand',
  ibanMasked: 'FR76 •••• •••• 0189',
  bic: 'BNPAFRPP',
  bankName: 'BNP Paribas',
  country: 'FR',
  updatedAt: '2026-11-02T09:00:00.000Z',
  ...overrides,
});

export const makeDue = (overrides: Partial<PayoutDue> = {}): PayoutDue => ({
  authorId: '11111111-1111-4111-8111-111111111111',
  name: 'Hélène Durand',
  email: 'helene.durand@example.test',
  availableCents: 7250,
  pendingCents: 1200,
  entries: 6,
  ibanMasked: 'FR76 •••• •••• 0189',
  payable: true,
  ...overrides,
});

export const makeRun = (overrides: Partial<PayoutRun> = {}): PayoutRun => ({
  id: '33333333-3333-4333-8333-333333333333',
  reference: 'HLS-RUN-2026-000003',
  createdAt: '2026-11-22T15:00:00.000Z',
  createdBy: 'admin@example.test',
  executionDate: '2026-11-23',
  totalCents: 7250,
  count: 1,
  payouts: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      reference: 'HLS-PO-2026-000012',
      amountCents: 7250,
      periodFrom: '2026-10-01T00:00:00.000Z',
      periodTo: '2026-11-05T00:00:00.000Z',
      paidAt: '2026-11-22T15:00:00.000Z',
      ibanMasked: 'FR76 •••• •••• 0189',
      entries: 6,
      authorId: '11111111-1111-4111-8111-111111111111',
      authorName: 'Hélène Durand',
      authorEmail: 'helene.durand@example.test',
      holder: 'Hélène Durand',
      bic: 'BNPAFRPP',
    },
  ],
  ...overrides,
});

export const makeRateBoard = (overrides: Partial<RoyaltyRateBoard> = {}): RoyaltyRateBoard => ({
  current: { paper: 1000, ebook: 2500, professional_file: 4000 },
  defaults: { paper: 1000, ebook: 2500, professional_file: 4000 },
  changes: [],
  ...overrides,
});
