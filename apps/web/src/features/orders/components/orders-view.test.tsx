import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { address, fileLine, makeLine, makeOrder } from '@/testing/order-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { OrdersView } from './orders-view';

const page = (results: Order[]) => ({ results, count: results.length, page: 1, pageSize: 10, pages: 1 });

const delivered = makeOrder({
  status: 'delivered',
  paidAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  address,
  lines: [
    makeLine(),
    makeLine({ id: 3, productId: 30, title: 'Contract Law Made Clear', quantity: 2, totalCents: 3000 }),
  ],
  shipment: {
    carrier: 'La Poste',
    trackingNumber: 'LP123456789FR',
    trackingUrl: 'https://www.laposte.fr/outils/suivre-vos-envois?code=LP123456789FR',
    shippedAt: '2026-11-02T10:00:00.000Z',
    deliveredAt: '2026-11-05T10:00:00.000Z',
  },
  withdrawalDeadline: '2026-11-19T10:00:00.000Z',
  canWithdraw: true,
  history: [
    { at: '2026-11-01T10:00:00.000Z', kind: 'paid', status: 'paid', actor: 'provider', note: null },
    {
      at: '2026-11-02T10:00:00.000Z',
      kind: 'shipped',
      status: 'shipped',
      actor: 'staff',
      note: 'Two books in one parcel',
    },
  ],
});

describe('customer orders page', () => {
  it('shows each order with its status, lines, totals, parcel tracking, downloads link and history', async () => {
    const digital = makeOrder({
      id: '44444444-4444-4444-8444-444444444444',
      number: 'HLS-2026-000043',
      status: 'paid',
      lines: [fileLine()],
    });
    fakeApi({ 'GET /api/order/commande': () => jsonResponse(200, page([digital, delivered])) });
    renderWithProviders(<OrdersView page={1} hrefForPage={(n) => `?page=${n}`} />);

    const first = await screen.findByRole('article', { name: 'Order HLS-2026-000043' });
    expect(within(first).getByText('Paid')).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'Download the files of order HLS-2026-000043' }),
    ).toHaveAttribute('href', '/download');
    const second = screen.getByRole('article', { name: 'Order HLS-2026-000042' });
    expect(within(second).getByText('Delivered')).toBeInTheDocument();
    expect(within(second).getByText('La Poste')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: /LP123456789FR/ })).toHaveAttribute(
      'href',
      'https://www.laposte.fr/outils/suivre-vos-envois?code=LP123456789FR',
    );
    expect(
      within(second).getByText('You may withdraw from this purchase until 19 November 2026.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(second).getByText('Order history'));
    expect(within(second).getByText('Parcel shipped')).toBeVisible();
  });

  it('says when a withdrawal was requested, and no more until when one may withdraw', async () => {
    const withdrawn: Order = {
      ...delivered,
      canWithdraw: false,
      withdrawal: { requestedAt: '2026-11-03T09:30:00.000Z', lineIds: [3], refundedAt: null },
    };
    fakeApi({ 'GET /api/order/commande': () => jsonResponse(200, page([withdrawn])) });
    renderWithProviders(<OrdersView page={1} hrefForPage={(n) => `?page=${n}`} />);
    const card = await screen.findByRole('article', { name: 'Order HLS-2026-000042' });
    expect(within(card).getByText(/^Withdrawal requested on 3 Nov 2026/)).toBeInTheDocument();
    expect(within(card).queryByText(/You may withdraw/)).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Withdraw from contract here' })).toBeNull();
  });

  it('withdraws from a delivered paper order in two steps and shows the acknowledgement', async () => {
    const withdrawn: Order = {
      ...delivered,
      status: 'delivered',
      canWithdraw: false,
      withdrawal: { requestedAt: '2026-11-10T09:30:00.000Z', lineIds: [3], refundedAt: null },
    };
    const api = fakeApi({
      'GET /api/order/commande': () => jsonResponse(200, page([delivered])),
      [`POST /api/order/${delivered.id}/withdraw`]: () => jsonResponse(200, withdrawn),
    });
    renderWithProviders(<OrdersView page={1} hrefForPage={(n) => `?page=${n}`} />);
    const user = userEvent.setup();

    // Step 1: the request opens the confirmation; nothing is sent yet.
    await user.click(await screen.findByRole('button', { name: 'Withdraw from contract here' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your withdrawal' });
    expect(dialog).toHaveAccessibleDescription(
      'You are withdrawing from the contract for these books of order HLS-2026-000042:',
    );
    expect(api.callsTo('POST', `/api/order/${delivered.id}/withdraw`)).toHaveLength(0);
    // Both paper lines are chosen; the customer keeps one.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Speaking with Confidence (1 copy)' }));
    expect(
      within(dialog).getByRole('checkbox', { name: 'Contract Law Made Clear (2 copies)' }),
    ).toBeChecked();

    // Step 2: the confirmation sends it.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Your withdrawal is received')).toBeInTheDocument();
    expect(
      screen.getByText(/We received your withdrawal from order HLS-2026-000042 on 10 Nov 2026/),
    ).toBeInTheDocument();
    expect(screen.getByText('Contract Law Made Clear (2 copies)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', `/api/order/${delivered.id}/withdraw`)[0]?.body).toEqual({ lineIds: [3] });
  });

  it('keeps the dialog open with the reason when the withdrawal is refused', async () => {
    fakeApi({
      'GET /api/order/commande': () => jsonResponse(200, page([delivered])),
      [`POST /api/order/${delivered.id}/withdraw`]: () =>
        jsonResponse(409, { error: { code: 'withdrawal_unavailable', message: 'Too late.' } }),
    });
    renderWithProviders(<OrdersView page={1} hrefForPage={(n) => `?page=${n}`} />, { lng: 'fr' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Se rétracter du contrat ici' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmez votre rétractation' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la rétractation' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Il n’est plus possible de se rétracter de cette commande.',
      ),
    );
  });

  it('offers to complete the payment of a pending order', async () => {
    const pending = makeOrder();
    fakeApi({ 'GET /api/order/commande': () => jsonResponse(200, page([pending])) });
    const onPay = vi.fn();
    renderWithProviders(<OrdersView page={1} hrefForPage={(n) => `?page=${n}`} onPay={onPay} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Complete payment' }));
    expect(onPay).toHaveBeenCalledWith(pending.id);
  });

  it('has an empty state', async () => {
    fakeApi({ 'GET /api/order/commande': () => jsonResponse(200, page([])) });
    renderWithProviders(<OrdersView page={1} hrefForPage={(n) => `?page=${n}`} />);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });
});
