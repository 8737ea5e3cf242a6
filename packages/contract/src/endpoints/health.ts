/** The health module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const health = { method: 'GET', path: '/health', url } as const;
