export type { Ledger } from './royalties.ledger.ts';
export type { Clock, PaidOrder, SoldLine } from './royalties.types.ts';
