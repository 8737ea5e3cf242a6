/** The reviews module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const productReviews = { method: 'GET', path: '/products/:id/reviews', url } as const;
export const myReview = { method: 'GET', path: '/products/:id/review', url } as const;
export const reviewSave = { method: 'PUT', path: '/products/:id/review', url } as const;
export const reviewDelete = { method: 'DELETE', path: '/products/:id/review', url } as const;
/** Moderation (editors and admins). */
export const reviewQueue = { method: 'GET', path: '/editorial/reviews', url } as const;
export const reviewApprove = { method: 'POST', path: '/editorial/reviews/:id/approve', url } as const;
export const reviewReject = { method: 'POST', path: '/editorial/reviews/:id/reject', url } as const;
