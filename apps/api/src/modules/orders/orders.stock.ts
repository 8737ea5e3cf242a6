import { inArray, sql } from 'drizzle-orm';
import type { AppTxContext } from '../../plugins/database.ts';
import type { CatalogSales } from '../catalog/index.ts';
import type { LineRow } from './orders.queries.ts';
import { byEdition } from './orders.records.ts';
import { orderLines } from './orders.tables.ts';

export type OrderStock = Pick<CatalogSales, 'reserveStock' | 'releaseStock'>;

/** Takes back the copies a pending order held (expiry); the lines say their stock was released. */
export async function releaseReserved(sales: OrderStock, ctx: AppTxContext, lines: LineRow[]): Promise<void> {
  const held = lines.filter((l) => l.stockState === 'reserved').sort(byEdition);
  for (const line of held) await sales.releaseStock(ctx, line.editionId!, line.quantity);
  if (held.length) {
    await ctx.tx
      .update(orderLines)
      .set({ stockState: 'released', updatedAt: sql`now()` })
      .where(
        inArray(
          orderLines.id,
          held.map((l) => l.id),
        ),
      );
  }
}

/** Holds again the copies of an expired order being paid; false (and nothing held) when one is gone. */
export async function reserveAgain(sales: OrderStock, ctx: AppTxContext, lines: LineRow[]): Promise<boolean> {
  const released = lines.filter((l) => l.stockState === 'released' && l.status === 'active').sort(byEdition);
  const taken: LineRow[] = [];
  for (const line of released) {
    if (await sales.reserveStock(ctx, line.editionId!, line.quantity)) {
      taken.push(line);
    } else {
      for (const back of taken) await sales.releaseStock(ctx, back.editionId!, back.quantity);
      return false;
    }
  }
  return true;
}
