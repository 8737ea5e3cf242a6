export type { Ledger } from './royalties.ledger.ts';
export type { Clock, HoldEnd, PaidOrder, SoldLine } from './royalties.types.ts';
/** Demo data only: the demo module's sales moved back in time. */
export { backdateDemoPayout, backdateDemoSale } from './royalties.backdate.ts';
