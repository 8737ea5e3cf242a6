import type { LineFormat } from '@hls/contract';

/** A paid order line as the ledger takes it at payment (given by the checkout workflow, in the payment's transaction). */
export type SoldLine = {
  id: number;
  productId: number;
  authorId: string;
  format: LineFormat;
  title: string;
  quantity: number;
  /** What the customer paid for the line (net + VAT). */
  amountCents: number;
  /** The VAT charged on it (decision 0027): the net sale, and so the royalty, is what is left. */
  vatCents: number;
};

export type PaidOrder = {
  id: string;
  number: string;
  paidAt: Date;
  lines: SoldLine[];
};

/** What ends a royalty hold: a paper order delivered, or a digital line's first download. */
export type HoldEnd = { by: 'delivery'; orderId: string } | { by: 'first_download'; orderLineId: number };

/** The ledger's clock: the real time, or (TEST_CLOCK) a time tests may move forward. */
export type Clock = { now(): Date };
