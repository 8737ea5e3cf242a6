/** The catalog module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const categories = { method: 'GET', path: '/category/list', url } as const;
export const subcategories = { method: 'GET', path: '/category/list/subcategory', url } as const;
/** The list of each section: the student and pro files, and the bookshop. */
export const academicFiles = { method: 'POST', path: '/category/filter/student', url } as const;
export const professionalFiles = { method: 'POST', path: '/category/filter/pro', url } as const;
export const books = { method: 'POST', path: '/books/filter/book', url } as const;
export const searchSuggestions = { method: 'GET', path: '/search/suggestions', url } as const;
export const book = { method: 'GET', path: '/books/list/:id', url } as const;
export const file = { method: 'GET', path: '/category/file/:id', url } as const;
export const booksDashboard = { method: 'GET', path: '/books/dashbord', url } as const;
export const filesDashboard = { method: 'GET', path: '/category/dashbord', url } as const;
/** The public images (covers, previews): the wildcard is the stored key. */
export const media = { method: 'GET', path: '/media/*', url } as const;
/** Back office (editors and admins): paper stock, a change by hand with its reason, and an edition's history. */
export const adminStock = { method: 'GET', path: '/admin/stock', url } as const;
export const adminStockAdjust = { method: 'POST', path: '/admin/stock/:editionId', url } as const;
export const adminStockHistory = { method: 'GET', path: '/admin/stock/:editionId', url } as const;
/** A signed-in customer's request to be told when a paper book out of stock is back: read, ask, cancel. */
export const stockAlert = { method: 'GET', path: '/product/:id/stock-alert', url } as const;
export const stockAlertCreate = { method: 'POST', path: '/product/:id/stock-alert', url } as const;
export const stockAlertCancel = { method: 'DELETE', path: '/product/:id/stock-alert', url } as const;
