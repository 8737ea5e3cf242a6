import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { fileLine, makeAdminOrder, makeDownload, makeLine } from '@/testing/order-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { BackOfficeOrdersView } from './orders-list-view';
import { BackOfficeOrderView } from './order-detail-view';

const summary = (order: AdminOrder) => ({
  id: order.id,
  number: order.number,
  status: order.status,
  createdAt: order.createdAt,
  paidAt: order.paidAt,
  totalCents: order.totalCents,
  refundedCents: order.refundedCents,
  customer: order.customer,
  lineCount: order.lines.length,
  needsShipping: true,
  withdrawalRequested: false,
});

describe('back office orders', () => {
  it('lists the orders and sends the filters to the server through the address', async () => {
    const order = makeAdminOrder();
    const api = fakeApi({
      'GET /api/admin/orders': () =>
        jsonResponse(200, { results: [summary(order)], count: 1, page: 1, pageSize: 20, pages: 1 }),
    });
    const { router } = renderWithProviders(null, {
      routes: [{ path: '/back-office/orders', Component: BackOfficeOrdersView }],
      route: '/back-office/orders',
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    const row = within(table).getByRole('row', { name: /HLS-2026-000042/ });
    expect(within(row).getByRole('link', { name: 'HLS-2026-000042' })).toHaveAttribute(
      'href',
      `/back-office/orders/${order.id}`,
    );
    expect(row).toHaveTextContent('Camille Martin');
    expect(row).toHaveTextContent('To ship');
    expect(row).toHaveTextContent('Paid');

    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await user.type(screen.getByLabelText('Customer or order number'), 'camille');
    await user.click(screen.getByRole('checkbox', { name: 'Withdrawal requests only' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=paid&customer=camille&withdrawal=requested'),
    );
    await waitFor(() =>
      expect(api.calls.at(-1)?.search).toBe('?status=paid&customer=camille&withdrawal=requested&page=1'),
    );
  });

  it('says clearly that a customer is not allowed (403)', async () => {
    fakeApi({
      'GET /api/admin/orders': () =>
        jsonResponse(403, { error: { code: 'forbidden', message: 'You are not allowed to do this.' } }),
    });
    renderWithProviders(null, {
      routes: [{ path: '/back-office/orders', Component: BackOfficeOrdersView }],
      route: '/back-office/orders',
      lng: 'fr',
    });
    expect(await screen.findByRole('heading', { name: 'Accès non autorisé' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('marks a paper order shipped with the carrier and the tracking number, after checking them', async () => {
    let order = makeAdminOrder({ lines: [makeLine(), fileLine()] });
    const api = fakeApi({
      [`GET /api/admin/orders/${order.id}`]: () => jsonResponse(200, order),
      [`POST /api/admin/orders/${order.id}/ship`]: ({ body }) => {
        const { carrier, trackingNumber, trackingUrl } = body as Record<string, string>;
        order = {
          ...order,
          status: 'shipped',
          shipment: {
            carrier: carrier!,
            trackingNumber: trackingNumber!,
            trackingUrl: trackingUrl ?? null,
            shippedAt: '2026-11-23T09:00:00.000Z',
            deliveredAt: null,
          },
        };
        return jsonResponse(200, order);
      },
    });
    renderWithProviders(<BackOfficeOrderView orderId={order.id} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mark as shipped' });

    await user.type(within(form).getByLabelText(/^Tracking number/), 'LP 12#');
    await user.type(within(form).getByLabelText(/^Tracking page/), 'http://track.example');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(form).getByLabelText(/^Carrier/)).toHaveAccessibleDescription('Enter the carrier.');
    expect(within(form).getByLabelText(/^Tracking number/)).toHaveAccessibleDescription(
      'Use only letters, digits, spaces and hyphens.',
    );
    expect(within(form).getByLabelText(/^Tracking page/)).toHaveAccessibleDescription(
      'Enter an address starting with https://.',
    );
    expect(api.callsTo('POST', `/api/admin/orders/${order.id}/ship`)).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Carrier/), 'La Poste');
    await user.clear(within(form).getByLabelText(/^Tracking number/));
    await user.type(within(form).getByLabelText(/^Tracking number/), 'LP123456789FR');
    await user.clear(within(form).getByLabelText(/^Tracking page/));
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));

    expect(await screen.findByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Mark as shipped' })).toBeNull();
    expect(api.callsTo('POST', `/api/admin/orders/${order.id}/ship`)[0]?.body).toEqual({
      carrier: 'La Poste',
      trackingNumber: 'LP123456789FR',
    });
    expect(screen.getByText('LP123456789FR')).toBeInTheDocument();
  });

  it('shows the server’s field message when the shipment is refused', async () => {
    const order = makeAdminOrder();
    fakeApi({
      [`GET /api/admin/orders/${order.id}`]: () => jsonResponse(200, order),
      [`POST /api/admin/orders/${order.id}/ship`]: () =>
        jsonResponse(400, {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { 'body.trackingNumber': 'This tracking number is already used.' },
          },
        }),
    });
    renderWithProviders(<BackOfficeOrderView orderId={order.id} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mark as shipped' });
    await user.type(within(form).getByLabelText(/^Carrier/), 'DHL');
    await user.type(within(form).getByLabelText(/^Tracking number/), '1234567890');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Tracking number/)).toHaveAccessibleDescription(
        'This tracking number is already used.',
      ),
    );
  });

  it('says beside each digital line whether it was downloaded, for the whole order and line by line', async () => {
    const order = makeAdminOrder({
      lines: [
        makeLine(),
        fileLine({
          download: makeDownload({ downloadCount: 2, firstDownloadAt: '2026-11-22T11:15:00.000Z' }),
        }),
        fileLine({
          id: 4,
          productId: 26,
          title: 'Budget prévisionnel',
          download: makeDownload({ entitlementId: '33333333-3333-4333-8333-333333333333', productId: 26 }),
        }),
      ],
    });
    fakeApi({ [`GET /api/admin/orders/${order.id}`]: () => jsonResponse(200, order) });
    renderWithProviders(<BackOfficeOrderView orderId={order.id} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Refund' });
    expect(within(form).getByText(/^Suivi de trésorerie PME — Downloaded on 22 Nov/)).toBeInTheDocument();
    expect(within(form).getByText('Budget prévisionnel — Not downloaded')).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Chosen lines' }));
    expect(
      within(form).getByRole('checkbox', { name: 'Suivi de trésorerie PME (1 copy) — €39.00' }),
    ).toHaveAccessibleDescription(/^Downloaded on 22 Nov/);
    expect(
      within(form).getByRole('checkbox', { name: 'Budget prévisionnel (1 copy) — €39.00' }),
    ).toHaveAccessibleDescription('Not downloaded');
    // A paper book has nothing to download: nothing is said of it.
    expect(within(form).getByRole('checkbox', { name: /^Speaking with Confidence/ })).not.toHaveAttribute(
      'aria-describedby',
    );
  });

  it('refunds chosen lines after a confirmation that states the amount', async () => {
    const order = makeAdminOrder({ lines: [makeLine(), fileLine()] });
    const api = fakeApi({
      [`GET /api/admin/orders/${order.id}`]: () => jsonResponse(200, order),
      [`POST /api/admin/orders/${order.id}/refund`]: () =>
        jsonResponse(200, { ...order, status: 'partially_refunded', refundedCents: 3900 }),
    });
    renderWithProviders(<BackOfficeOrderView orderId={order.id} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Refund' });
    await user.click(within(form).getByRole('radio', { name: 'Chosen lines' }));
    expect(within(form).getByRole('button', { name: 'Refund €0.00…' })).toBeDisabled();
    await user.click(
      within(form).getByRole('checkbox', { name: 'Suivi de trésorerie PME (1 copy) — €39.00' }),
    );
    await user.type(within(form).getByLabelText(/^Reason/), 'File does not open');
    await user.click(within(form).getByRole('button', { name: 'Refund €39.00…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm the refund' });
    expect(dialog).toHaveAccessibleDescription('Refund €39.00 to Camille Martin for order HLS-2026-000042?');
    expect(api.callsTo('POST', `/api/admin/orders/${order.id}/refund`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Refund €39.00' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/admin/orders/${order.id}/refund`)[0]?.body).toEqual({
        lineIds: [2],
        reason: 'File does not open',
      }),
    );
  });
});
