import type { LineFormat } from '@hls/contract';

/** A paid order line as the ledger takes it at payment (copied by the orders module, in its transaction). */
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

/** The ledger's clock: the real time, or (TEST_CLOCK) a time tests may move forward. */
export type Clock = { now(): Date };
