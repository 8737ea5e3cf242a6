import { describe, expect, it } from 'vitest';
import * as endpoints from './endpoints.ts';

// Each endpoint is an export of its own: a name is used once by construction.
const declared = Object.values(endpoints);

describe('endpoints', () => {
  it('exports endpoints only', () => {
    expect(declared.length).toBeGreaterThan(100);
    for (const endpoint of declared) expect(Object.keys(endpoint).sort()).toEqual(['method', 'path', 'url']);
  });

  it('declares each method and path once, whatever its parameters are called', () => {
    // `/order/:id` and `/order/:orderId` are the same route to Fastify.
    const routes = declared.map(({ method, path }) => `${method} ${path.replace(/:\w+/g, ':')}`);
    const repeated = routes.filter((route, index) => routes.indexOf(route) !== index);
    expect(repeated).toEqual([]);
  });

  it('declares paths below /api, in Fastify syntax', () => {
    for (const { path } of declared) {
      expect(path).toMatch(/^\/[\w\-./:]*\*?$/);
      expect(path.startsWith('/api/')).toBe(false);
      expect(path.endsWith('/')).toBe(false);
    }
  });

  it('keeps the addresses the clients know', () => {
    expect(endpoints.booksDashboard.path).toBe('/books/dashbord');
    expect(endpoints.paymentIntent.path).toBe('/order/intentPayement');
    expect(endpoints.myOrders.path).toBe('/order/commande');
  });

  it('builds addresses with their parameters encoded', () => {
    expect(endpoints.orderCreate.url()).toBe('/order/create');
    expect(endpoints.orderWithdraw.url({ id: 'a/b c' })).toBe('/order/a%2Fb%20c/withdraw');
    expect(endpoints.book.url({ id: 12 })).toBe('/books/list/12');
    expect(endpoints.submissionUpload.url({ id: 's1', slot: 'cover' })).toBe('/submissions/s1/files/cover');
    expect(endpoints.payoutRunTransferFile.url({ id: 'r?1' })).toBe('/admin/payouts/runs/r%3F1/pain.001');
    expect(endpoints.orderInvoicePdf.url({ id: 'o1', invoiceId: 'i 2' })).toBe(
      '/order/o1/invoices/i%202.pdf',
    );
    expect(endpoints.media.url({ '*': 'covers/a b.jpg' })).toBe('/media/covers/a%20b.jpg');
  });

  it('refuses to build an address without one of its parameters', () => {
    expect(() => endpoints.order.url({ id: '' })).toThrow('/order/:id: no value for id');
    expect(() => endpoints.order.url({} as { id: string })).toThrow('no value for id');
  });
});
