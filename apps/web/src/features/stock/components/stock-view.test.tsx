import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StockRow } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { StockView } from './stock-view';

const row = (overrides: Partial<StockRow> = {}): StockRow => ({
  editionId: 7,
  productId: 24,
  title: 'Droit des affaires',
  status: 'published',
  stock: 0,
  low: true,
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

describe('paper stock (back office)', () => {
  it('lists the low ones marked, and sets a count with its reason', async () => {
    let current = row();
    const api = fakeApi({
      'GET /api/admin/stock': () =>
        jsonResponse(200, {
          results: [current, row({ editionId: 8, title: 'Analyse financière', stock: 40, low: false })],
        }),
      'POST /api/admin/stock/7': ({ body }) => {
        current = row({ stock: (body as { stock: number }).stock, low: false });
        return jsonResponse(200, current);
      },
      'GET /api/admin/stock/7': () =>
        jsonResponse(200, {
          stock: current,
          movements: [
            {
              at: '2026-11-27T10:05:00.000Z',
              delta: 12,
              stockAfter: 12,
              reason: 'delivery',
              note: 'Batch 7',
              by: 'Sami Trabelsi',
            },
          ],
        }),
    });
    renderWithProviders(<StockView />, { lng: 'en' });
    const user = userEvent.setup();
    const item = (await screen.findByText('Droit des affaires')).closest('li')!;
    expect(within(item).getByText('Low')).toBeInTheDocument();
    expect(within(item).getByText('0 copies in stock')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Change the stock of Droit des affaires' }));
    const form = screen.getByRole('form', { name: 'Stock of Droit des affaires' });
    await user.clear(within(form).getByLabelText(/^Copies in stock/));
    await user.type(within(form).getByLabelText(/^Copies in stock/), '12');
    await user.click(within(form).getByRole('button', { name: 'Save the count' }));
    // No reason: said on its field, nothing sent.
    expect(within(form).getByLabelText(/^Reason/)).toHaveAccessibleDescription('Say why the count changes.');
    expect(api.callsTo('POST', '/api/admin/stock/7')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/^Reason/), 'delivery');
    await user.type(within(form).getByLabelText(/^Note/), 'Batch 7');
    await user.click(within(form).getByRole('button', { name: 'Save the count' }));
    expect(await screen.findByText('stock saved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/stock/7')[0]?.body).toEqual({
      stock: 12,
      reason: 'delivery',
      note: 'Batch 7',
    });
    expect(await screen.findByText('12 copies in stock')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'History' })[0]!);
    expect(await screen.findByText(/\+12 → 12 \(Delivery received, Sami Trabelsi\)/)).toBeInTheDocument();
  });
});
