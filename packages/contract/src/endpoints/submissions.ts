/** The submissions module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

/** The author's proposals: drafts, their uploads, the proposal and what follows it. */
export const submissionCreate = { method: 'POST', path: '/submissions', url } as const;
export const submission = { method: 'GET', path: '/submissions/:id', url } as const;
export const submissionSave = { method: 'PATCH', path: '/submissions/:id', url } as const;
export const submissionDelete = { method: 'DELETE', path: '/submissions/:id', url } as const;
export const submissionUpload = { method: 'PUT', path: '/submissions/:id/files/:slot', url } as const;
export const submissionUploadRemove = {
  method: 'DELETE',
  path: '/submissions/:id/files/:slot',
  url,
} as const;
export const submissionFile = { method: 'GET', path: '/submissions/:id/files/:fileId', url } as const;
export const submissionResubmit = { method: 'POST', path: '/submissions/:id/resubmit', url } as const;
export const submissionWithdraw = { method: 'POST', path: '/submissions/:id/withdraw', url } as const;
export const submissionUnpublishRequest = {
  method: 'POST',
  path: '/submissions/:id/unpublish-request',
  url,
} as const;
export const bookPropose = { method: 'POST', path: '/books/add', url } as const;
export const filePropose = { method: 'POST', path: '/category/file/create', url } as const;
export const authorBooks = { method: 'GET', path: '/books/author', url } as const;
export const authorFiles = { method: 'GET', path: '/category/author', url } as const;
export const bookPriceQuote = { method: 'POST', path: '/books/price/book', url } as const;
export const filePriceQuote = { method: 'POST', path: '/books/price/file', url } as const;
/** Editorial review (editors and admins), and the readers' reports. */
export const editorialQueue = { method: 'GET', path: '/editorial/queue', url } as const;
export const editorialSubmission = { method: 'GET', path: '/editorial/submissions/:id', url } as const;
export const editorialClaim = { method: 'POST', path: '/editorial/submissions/:id/claim', url } as const;
export const editorialRelease = { method: 'POST', path: '/editorial/submissions/:id/release', url } as const;
export const editorialDecision = {
  method: 'POST',
  path: '/editorial/submissions/:id/decision',
  url,
} as const;
export const editorialUnpublish = {
  method: 'POST',
  path: '/editorial/submissions/:id/unpublish',
  url,
} as const;
export const editorialReports = { method: 'GET', path: '/editorial/reports', url } as const;
export const editorialReportDecision = {
  method: 'POST',
  path: '/editorial/reports/:id/decision',
  url,
} as const;
export const report = { method: 'POST', path: '/reports', url } as const;
