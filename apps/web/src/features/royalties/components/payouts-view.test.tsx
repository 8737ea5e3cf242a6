import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PayoutDue, RoyaltyRateChange } from '@hls/contract';
import { tokenStorage } from '@/lib/token-storage';
import { fakeApi } from '@/testing/fake-api';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { todayIso } from '../format';
import { makeDue, makeRateBoard, makeRun } from '../test-fixtures';
import { PayoutsView } from './payouts-view';

function renderPayouts(route = '/back-office/payouts', lng: 'fr' | 'en' = 'en') {
  tokenStorage.save({ access: fakeAccessToken({ role: 'admin' }), refresh: 'refresh-token' });
  return renderWithProviders(null, {
    routes: [{ path: '/back-office/payouts', element: <PayoutsView /> }],
    route,
    lng,
  });
}

const paid = makeDue();
const noBank = makeDue({
  authorId: '22222222-2222-4222-8222-222222222222',
  name: 'Karim Benali',
  email: 'karim@example.test',
  availableCents: 9100,
  ibanMasked: null,
  payable: false,
});
const small = makeDue({
  authorId: '55555555-5555-4555-8555-555555555555',
  name: 'Lucie Martin',
  email: 'lucie@example.test',
  availableCents: 1200,
  payable: false,
});

describe('back office payouts', () => {
  it('selects the payable authors, flags the others, and runs the payouts after confirmation', async () => {
    let due: PayoutDue[] = [paid, noBank, small];
    const run = makeRun();
    const api = fakeApi({
      'GET /api/admin/payouts/due': () => jsonResponse(200, { minimumPayoutCents: 5000, results: due }),
      'POST /api/admin/payouts/runs': () => {
        due = [noBank, small];
        return jsonResponse(201, run);
      },
      'GET /api/admin/payouts/runs/.*/pain.001': () =>
        new Response('<Document/>', {
          headers: {
            'Content-Type': 'application/xml',
            'Content-Disposition': 'attachment; filename="HLS-RUN-2026-000003.xml"',
          },
        }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    renderPayouts();
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Authors with an unpaid balance' });
    expect(screen.getByText(/once it reaches €50.00/)).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Pay Hélène Durand' })).toBeChecked();
    const karim = within(table).getByRole('checkbox', { name: 'Pay Karim Benali' });
    expect(karim).not.toBeChecked();
    expect(karim).toBeDisabled();
    expect(within(table).getByRole('row', { name: /Karim Benali/ })).toHaveTextContent('No bank details');
    expect(within(table).getByRole('row', { name: /Lucie Martin/ })).toHaveTextContent('Below the minimum');
    expect(screen.getByText('1 author selected: €72.50')).toBeInTheDocument();

    // Unticking everyone leaves nothing to run.
    await user.click(within(table).getByRole('checkbox', { name: 'Pay Hélène Durand' }));
    expect(screen.getByRole('button', { name: 'Run payouts' })).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Pay Hélène Durand' }));

    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    let dialog = screen.getByRole('dialog', { name: 'Run the payouts?' });
    expect(dialog).toHaveAccessibleDescription(
      '1 transfer of €72.50 is recorded and the entries it pays are marked paid. The transfer file is then ready for the bank.',
    );
    expect(within(dialog).getByLabelText(/^Execution date/)).toHaveValue(todayIso());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/api/admin/payouts/runs')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    dialog = screen.getByRole('dialog', { name: 'Run the payouts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run the payouts' }));
    const result = await screen.findByRole('region', { name: 'Run HLS-RUN-2026-000003' });
    expect(api.callsTo('POST', '/api/admin/payouts/runs')[0]?.body).toEqual({
      authorIds: [paid.authorId],
      executionDate: todayIso(),
    });
    expect(result).toHaveTextContent('1 payout of €72.50 recorded.');
    expect(within(result).getByRole('row', { name: /Hélène Durand/ })).toHaveTextContent(
      'HLS-PO-2026-000012',
    );
    await waitFor(() => expect(within(result).getByRole('heading')).toHaveFocus());
    // The paid author left the list.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Pay Hélène Durand' })).toBeNull());

    await user.click(within(result).getByRole('button', { name: 'SEPA file (pain.001) · 1' }));
    await waitFor(() => expect(saved).toEqual(['HLS-RUN-2026-000003.xml']));
    expect(
      api.callsTo('GET', `/api/admin/payouts/runs/${run.id}/pain.001`)[0]?.headers.get('Authorization'),
    ).toMatch(/^Bearer /);
  });

  it('refuses an execution date in the past', async () => {
    const api = fakeApi({
      'GET /api/admin/payouts/due': () => jsonResponse(200, { minimumPayoutCents: 5000, results: [paid] }),
    });
    renderPayouts();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run payouts' }));
    const dialog = screen.getByRole('dialog', { name: 'Run the payouts?' });
    const date = within(dialog).getByLabelText(/^Execution date/);
    await user.clear(date);
    await user.type(date, '2020-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Run the payouts' }));
    expect(date).toHaveAccessibleDescription('Choose today or a later day.');
    expect(api.callsTo('POST', '/api/admin/payouts/runs')).toHaveLength(0);
  });

  it('lists the runs and opens one from the address, with its payouts and file', async () => {
    const run = makeRun();
    const { payouts: _payouts, ...summary } = run;
    fakeApi({
      'GET /api/admin/payouts/runs': () =>
        jsonResponse(200, { results: [summary], count: 1, page: 1, pageSize: 20, pages: 1 }),
      [`GET /api/admin/payouts/runs/${run.id}`]: () => jsonResponse(200, run),
    });
    const { router } = renderPayouts('/back-office/payouts?tab=runs');
    const user = userEvent.setup();
    expect(await screen.findByRole('tab', { name: 'Runs', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payout runs, newest first' });
    await user.click(within(table).getByRole('link', { name: 'Open run HLS-RUN-2026-000003' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=runs&run=${run.id}`));
    const opened = await screen.findByRole('region', { name: 'Run HLS-RUN-2026-000003' });
    expect(within(opened).getByRole('button', { name: 'SEPA file (pain.001) · 1' })).toBeInTheDocument();
    expect(within(opened).getByRole('table')).toHaveTextContent('BNPAFRPP');
    await user.click(within(opened).getByRole('link', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=runs'));
  });

  it('shows the rates and schedules a new one from a later day, in basis points', async () => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const day = todayIso(tomorrow);
    const changes: RoyaltyRateChange[] = [
      {
        id: 1,
        format: 'ebook',
        rateBp: 3000,
        effectiveFrom: '2026-01-01T00:00:00.000Z',
        createdAt: '2025-12-20T10:00:00.000Z',
        createdBy: 'admin@example.test',
      },
    ];
    const api = fakeApi({
      'GET /api/admin/royalty-rates': () =>
        jsonResponse(
          200,
          makeRateBoard({ current: { paper: 1000, ebook: 3000, professional_file: 4000 }, changes }),
        ),
      'POST /api/admin/royalty-rates': ({ body }) =>
        jsonResponse(201, { id: 2, createdAt: '', createdBy: null, ...(body as object) }),
    });
    renderPayouts('/back-office/payouts?tab=rates');
    const user = userEvent.setup();
    const rates = await screen.findByRole('table', {
      name: 'Royalty rates per format: today and by default',
    });
    expect(within(rates).getByRole('row', { name: /Ebook/ })).toHaveTextContent('30%25%');
    expect(screen.getByRole('table', { name: /^Rate changes/ })).toHaveTextContent('In force');

    await user.selectOptions(screen.getByLabelText('Format'), 'paper');
    await user.type(screen.getByLabelText(/^Rate \(%\)/), '12,5');
    await user.type(screen.getByLabelText(/^From/), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Schedule the rate' }));
    expect(screen.getByLabelText(/^From/)).toHaveAccessibleDescription(
      'A rate cannot start in the past: choose today or a later day.',
    );
    expect(api.callsTo('POST', '/api/admin/royalty-rates')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^From/));
    await user.type(screen.getByLabelText(/^From/), day);
    await user.click(screen.getByRole('button', { name: 'Schedule the rate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/royalty-rates')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/royalty-rates')[0]?.body).toEqual({
      format: 'paper',
      rateBp: 1250,
      effectiveFrom: new Date(`${day}T00:00:00`).toISOString(),
    });
    expect(await screen.findByText(/The new rate for Paper book applies from/)).toBeInTheDocument();
  });

  it('refuses a rate that is not a percentage, and applies one at once when no day is given', async () => {
    const api = fakeApi({
      'GET /api/admin/royalty-rates': () => jsonResponse(200, makeRateBoard()),
      'POST /api/admin/royalty-rates': ({ body }) =>
        jsonResponse(201, { id: 2, createdAt: '', createdBy: null, effectiveFrom: '', ...(body as object) }),
    });
    renderPayouts('/back-office/payouts?tab=rates');
    const user = userEvent.setup();
    const rate = await screen.findByLabelText(/^Rate \(%\)/);
    await user.type(rate, '120');
    await user.click(screen.getByRole('button', { name: 'Schedule the rate' }));
    expect(rate).toHaveAccessibleDescription('Enter a rate from 0 to 100%, with at most two decimals.');
    await user.clear(rate);
    await user.type(rate, '27.5');
    await user.click(screen.getByRole('button', { name: 'Schedule the rate' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/royalty-rates')[0]?.body).toEqual({
        format: 'ebook',
        rateBp: 2750,
      }),
    );
  });

  it('says clearly that only admins pay authors (403), in French too', async () => {
    fakeApi({
      'GET /api/admin/payouts/due': () =>
        jsonResponse(403, { error: { code: 'forbidden', message: 'Forbidden' } }),
    });
    renderPayouts('/back-office/payouts', 'fr');
    expect(await screen.findByRole('heading', { name: 'Accès non autorisé' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'À payer', selected: true })).toBeInTheDocument();
  });
});
