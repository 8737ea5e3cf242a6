import type { InvoiceSnapshot } from '../tax/index.ts';
import type { PaidOrderRecord } from '../orders/index.ts';

/**
 * A paid order as its invoice states it: the buyer (name, e-mail, the billing country decided from the evidence,
 * an EU business's VAT number, the delivery address) and each line as it was charged. A line the order never
 * taxed (an order paid before VAT was charged) is invoiced as outside the scope, at its price.
 */
export function invoiceSnapshotOf(paid: PaidOrderRecord): InvoiceSnapshot {
  const { row: order, lines, customer } = paid;
  const address = order.shippingAddress;
  const country = order.billingCountry ?? address?.country ?? '';
  return {
    orderId: order.id,
    orderNumber: order.number,
    userId: order.userId,
    language: order.language,
    buyer: {
      name: customer.name,
      email: customer.email,
      country,
      vatNumber: order.vatNumber,
      address: address
        ? [
            address.fullName,
            address.line1,
            address.line2,
            `${address.postalCode} ${address.city}`,
            address.country,
          ]
            .filter(Boolean)
            .join('\n')
        : null,
    },
    reverseCharge: order.reverseCharge,
    lines: lines.map((line) => ({
      orderLineId: line.id,
      title: line.title,
      format: line.format,
      quantity: line.quantity,
      country: line.taxCountry ?? country,
      treatment: line.taxTreatment ?? 'outside_scope',
      rateBp: line.vatRateBp ?? 0,
      netCents: line.netCents ?? line.amountCents,
      vatCents: line.vatCents ?? 0,
      amountCents: line.amountCents,
    })),
  };
}
