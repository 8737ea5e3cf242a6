import type { LineFormat } from '@hls/contract';

/** A paid order line as the ledger takes it at payment (given by the checkout workflow, in the payment's transaction). */
export type SoldLine = {
  id: number;
  productId: number;
  authorId: string;
  format: LineFormat;
  title: string;
  quantity: number;
  /** What the customer paid for the line after discount (VAT included where configured). */
  totalCents: number;
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
