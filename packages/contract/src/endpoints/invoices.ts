/** The tax module's invoices and OSS report endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

/** The customer's invoices and credit notes of an order, and each one's PDF (the owner only). */
export const orderInvoices = { method: 'GET', path: '/order/:id/invoices', url } as const;
export const orderInvoicePdf = { method: 'GET', path: '/order/:id/invoices/:invoiceId.pdf', url } as const;
/** Back office (editors and admins): an order's invoices and credit notes, and each one's PDF. */
export const adminOrderInvoices = { method: 'GET', path: '/admin/orders/:id/invoices', url } as const;
export const adminOrderInvoicePdf = {
  method: 'GET',
  path: '/admin/orders/:id/invoices/:invoiceId.pdf',
  url,
} as const;
/** Back office (admins): the quarter's OSS report, as JSON or (`format=csv`) as a CSV file. */
export const adminOssReport = { method: 'GET', path: '/admin/tax/oss', url } as const;
