/** The author-news module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

/** An author's products, month by month: page views, sales and conversion. */
export const authorStats = { method: 'GET', path: '/author/stats', url } as const;
