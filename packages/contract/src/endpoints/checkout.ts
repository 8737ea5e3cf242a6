/** The checkout module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const orderCreate = { method: 'POST', path: '/order/create', url } as const;
export const orderAddress = { method: 'POST', path: '/order/address', url } as const;
/** The buyer's country (and an EU business's VAT number): the order's VAT follows. */
export const orderBilling = { method: 'POST', path: '/order/billing', url } as const;
export const countries = { method: 'GET', path: '/checkout/countries', url } as const;
export const myOrders = { method: 'GET', path: '/order/commande', url } as const;
export const order = { method: 'GET', path: '/order/:id', url } as const;
export const orderWithdraw = { method: 'POST', path: '/order/:id/withdraw', url } as const;
/** Back office (editors and admins). */
export const adminOrders = { method: 'GET', path: '/admin/orders', url } as const;
export const adminOrder = { method: 'GET', path: '/admin/orders/:id', url } as const;
export const adminOrderShip = { method: 'POST', path: '/admin/orders/:id/ship', url } as const;
export const adminOrderDeliver = { method: 'POST', path: '/admin/orders/:id/deliver', url } as const;
