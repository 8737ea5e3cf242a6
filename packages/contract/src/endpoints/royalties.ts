/** The royalties module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

/** The author's sales and royalties, their CSV export and the monthly PDF statement. */
export const authorPayments = { method: 'GET', path: '/checkout/list', url } as const;
export const authorPaymentsCsv = { method: 'GET', path: '/checkout/list.csv', url } as const;
export const royaltyStatement = { method: 'GET', path: '/checkout/statement/:month', url } as const;
export const bankDetails = { method: 'GET', path: '/checkout/bank/one', url } as const;
export const bankDetailsCreate = { method: 'POST', path: '/checkout/bank/create', url } as const;
export const bankDetailsUpdate = { method: 'PUT', path: '/checkout/bank/update', url } as const;
/** The author's treaty form (a PDF, multipart part `file`), and its download (its author, admins). */
export const treatyFormUpload = { method: 'PUT', path: '/checkout/bank/treaty-form', url } as const;
export const treatyFormFile = { method: 'GET', path: '/checkout/bank/treaty-form/:id', url } as const;
/** Back office (admins): the rates per format, the payouts and their SEPA transfer files. */
export const royaltyRates = { method: 'GET', path: '/admin/royalty-rates', url } as const;
export const royaltyRateSchedule = { method: 'POST', path: '/admin/royalty-rates', url } as const;
export const payoutsDue = { method: 'GET', path: '/admin/payouts/due', url } as const;
export const payoutRunCreate = { method: 'POST', path: '/admin/payouts/runs', url } as const;
export const payoutRuns = { method: 'GET', path: '/admin/payouts/runs', url } as const;
export const payoutRun = { method: 'GET', path: '/admin/payouts/runs/:id', url } as const;
export const payoutRunTransferFile = {
  method: 'GET',
  path: '/admin/payouts/runs/:id/pain.001',
  url,
} as const;
export const payoutRunInternationalFile = {
  method: 'GET',
  path: '/admin/payouts/runs/:id/international.xml',
  url,
} as const;
export const payoutRunCsv = { method: 'GET', path: '/admin/payouts/runs/:id/payouts.csv', url } as const;
/** The monthly proposal of a run, approved or dismissed by an admin. */
export const payoutProposals = { method: 'GET', path: '/admin/payouts/proposals', url } as const;
export const payoutProposalApprove = {
  method: 'POST',
  path: '/admin/payouts/proposals/:id/approve',
  url,
} as const;
export const payoutProposalDismiss = {
  method: 'POST',
  path: '/admin/payouts/proposals/:id/dismiss',
  url,
} as const;
/** Withholding tax rates per country of residence. */
export const withholdingRates = { method: 'GET', path: '/admin/withholding-rates', url } as const;
export const withholdingRateAdd = { method: 'POST', path: '/admin/withholding-rates', url } as const;
