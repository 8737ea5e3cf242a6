/** The analytics module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const pageView = { method: 'POST', path: '/analytics/pageview', url } as const;
