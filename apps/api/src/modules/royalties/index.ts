export type { Ledger } from './royalties.ledger.ts';
export type { Clock, HoldEnd, PaidOrder, SoldLine } from './royalties.types.ts';
