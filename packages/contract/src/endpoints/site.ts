/** The site module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const site = { method: 'GET', path: '/site', url } as const;
