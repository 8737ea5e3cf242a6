/** The contact module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const contact = { method: 'POST', path: '/contact', url } as const;
