/** The documents module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const documentLink = { method: 'GET', path: '/books/type/file/:type', url } as const;
/** The document itself (a PDF). */
export const document = { method: 'GET', path: '/documents/:name', url } as const;
