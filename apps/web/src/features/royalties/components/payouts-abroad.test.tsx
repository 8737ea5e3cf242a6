import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayoutProposal, WithholdingBoard } from '@hls/contract';
import { tokenStorage } from '@/lib/token-storage';
import { fakeApi } from '@/testing/fake-api';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { makeDue, makeRun } from '../test-fixtures';
import { PayoutsView } from './payouts-view';

function renderPayouts(route: string, lng: 'fr' | 'en' = 'en') {
  tokenStorage.save({ access: fakeAccessToken({ role: 'admin' }), refresh: 'refresh-token' });
  return renderWithProviders(null, {
    routes: [{ path: '/back-office/payouts', element: <PayoutsView /> }],
    route,
    lng,
  });
}

const board: WithholdingBoard = {
  current: [{ country: 'TN', rateBp: 1500, effectiveFrom: '2026-11-01' }],
  changes: [
    {
      id: 1,
      country: 'TN',
      rateBp: 1500,
      effectiveFrom: '2026-11-01',
      createdAt: '2026-10-20T09:00:00.000Z',
      createdBy: 'Sami Trabelsi',
    },
  ],
};

const proposal: PayoutProposal = {
  id: '66666666-6666-4666-8666-666666666666',
  month: '2026-12',
  status: 'proposed',
  createdAt: '2026-12-01T06:00:00.000Z',
  authorIds: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
  totalCents: 9350,
  decidedAt: null,
  decidedBy: null,
  runId: null,
  runReference: null,
  payees: [
    {
      authorId: '11111111-1111-4111-8111-111111111111',
      name: 'Amira Ben Salah',
      email: 'amira@example.test',
      availableCents: 7250,
      scheme: 'international',
      withholdingBp: 1500,
      payable: true,
    },
    {
      authorId: '22222222-2222-4222-8222-222222222222',
      name: 'Hélène Durand',
      email: 'helene@example.test',
      availableCents: 2100,
      scheme: 'sepa',
      withholdingBp: 0,
      payable: true,
    },
  ],
};

describe('back office: withholding tax and monthly proposals', () => {
  it('lists the withholding rate per country and adds one from a day, showing the server’s field errors', async () => {
    const api = fakeApi({
      'GET /api/admin/withholding-rates': () => jsonResponse(200, board),
      'POST /api/admin/withholding-rates': ({ body }) =>
        (body as { effectiveFrom?: string }).effectiveFrom === '2026-01-01'
          ? jsonResponse(400, {
              error: {
                code: 'validation_failed',
                message: 'A withholding rate starts today or later.',
                fields: { effectiveFrom: 'rate.retroactive' },
              },
            })
          : jsonResponse(201, { ...board.changes[0], id: 2, ...(body as object) }),
    });
    renderPayouts('/back-office/payouts?tab=withholding');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Withholding rates in force today' });
    expect(within(table).getByRole('row', { name: /Tunisia/ })).toHaveTextContent('15%');
    const form = screen.getByRole('form', { name: 'Add a rate' });

    // Checked before it is sent: a country, a rate up to 50 %.
    await user.click(within(form).getByRole('button', { name: 'Add the rate' }));
    expect(within(form).getByText('Choose a country', { selector: '.field__error' })).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(/^Country of residence/), 'MA');
    await user.type(within(form).getByLabelText(/^Rate \(%\)/), '60');
    await user.click(within(form).getByRole('button', { name: 'Add the rate' }));
    expect(
      within(form).getByText('Enter a rate from 0 to 50%, with at most two decimals.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/withholding-rates')).toHaveLength(0);

    // The server's refusal is shown on its field.
    await user.clear(within(form).getByLabelText(/^Rate \(%\)/));
    await user.type(within(form).getByLabelText(/^Rate \(%\)/), '10');
    await user.type(within(form).getByLabelText(/^From/), '2026-01-01');
    await user.click(within(form).getByRole('button', { name: 'Add the rate' }));
    expect(
      await within(form).findByText('A rate is never retroactive: choose a date from now on.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/withholding-rates')[0]?.body).toEqual({
      country: 'MA',
      rateBp: 1000,
      effectiveFrom: '2026-01-01',
    });

    await user.clear(within(form).getByLabelText(/^From/));
    await user.click(within(form).getByRole('button', { name: 'Add the rate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/withholding-rates')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/admin/withholding-rates')[1]?.body).toEqual({
      country: 'MA',
      rateBp: 1000,
    });
  });

  it('shows the proposed run with its payees and totals, approves it (the run and its files) or dismisses it', async () => {
    let current: PayoutProposal = proposal;
    const run = makeRun({ reference: 'HLS-RUN-2026-000009', internationalCount: 1, sepaCount: 1 });
    const api = fakeApi({
      'GET /api/admin/payouts/proposals': () => jsonResponse(200, { results: [current] }),
      'GET /api/admin/payouts/due': () =>
        jsonResponse(200, { minimumPayoutCents: 1000, results: [makeDue()] }),
      'POST /api/admin/payouts/proposals/.*/approve': () => {
        current = { ...proposal, status: 'approved', payees: [], runId: run.id, runReference: run.reference };
        return jsonResponse(201, run);
      },
    });
    renderPayouts('/back-office/payouts?tab=proposals');
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Proposed run of December 2026' });
    const payees = within(section).getByRole('table', { name: 'Authors the run of December 2026 would pay' });
    const amira = within(payees).getByRole('row', { name: /Amira Ben Salah/ });
    expect(amira).toHaveTextContent('International');
    expect(amira).toHaveTextContent('15%');
    expect(amira).toHaveTextContent('€72.50');
    expect(
      within(section).getByText('Approving pays 2 authors €93.50 in all (before withholding).'),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Dismiss' })).toBeEnabled();

    await user.click(within(section).getByRole('button', { name: 'Approve the run' }));
    const made = await screen.findByRole('region', { name: 'Run HLS-RUN-2026-000009' });
    expect(within(made).getByRole('button', { name: /^International file \(pain\.001\)/ })).toBeVisible();
    expect(api.callsTo('POST', `/api/admin/payouts/proposals/${proposal.id}/approve`)).toHaveLength(1);
    // Decided: listed with the run it made.
    const decided = await screen.findByRole('table', { name: 'Decided proposals, newest first' });
    expect(within(decided).getByRole('link', { name: 'Open run HLS-RUN-2026-000009' })).toBeVisible();
  });

  it('names every control in French too', async () => {
    fakeApi({
      'GET /api/admin/payouts/proposals': () => jsonResponse(200, { results: [proposal] }),
      'GET /api/admin/withholding-rates': () => jsonResponse(200, board),
    });
    renderPayouts('/back-office/payouts?tab=proposals', 'fr');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Versement proposé de décembre 2026' });
    expect(within(section).getByRole('button', { name: 'Approuver le versement' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Écarter' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Retenue à la source' }));
    const form = await screen.findByRole('form', { name: 'Ajouter un taux' });
    expect(within(form).getByLabelText(/^Pays de résidence/)).toBeVisible();
    expect(within(form).getByLabelText(/^Taux \(%\)/)).toBeVisible();
    expect(within(form).getByLabelText(/^À partir du/)).toBeVisible();
  });
});
