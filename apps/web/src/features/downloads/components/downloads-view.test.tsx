import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import type { Download } from '@hls/contract';
import type { VersionedDownload } from '@hls/contract/file-versions';
import { makeDownload } from '@/testing/order-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DownloadsView } from './downloads-view';

const orderId = '11111111-1111-4111-8111-111111111111';

/** A download as /download lists it: its file's first version, none earlier unless given. */
const versioned = (
  overrides: Partial<Download> = {},
  versions: Pick<VersionedDownload, 'version' | 'earlierVersions'> = {
    version: { number: 1, publishedAt: '2026-11-20T09:00:00.000Z', note: null },
    earlierVersions: [],
  },
): VersionedDownload => ({ ...makeDownload(overrides), ...versions });

/** The links the page clicks to save a file (the browser would download them). */
function savedLinks() {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(this.getAttribute('href') ?? '');
  });
  return hrefs;
}

describe('downloads page', () => {
  it('lists an order’s files with their type, name and size, and downloads one through a fresh link', async () => {
    const saved = savedLinks();
    const api = fakeApi({
      'GET /api/downloads': () =>
        jsonResponse(200, {
          results: [
            versioned(),
            versioned({
              entitlementId: 'e-2',
              title: 'Guide PDF',
              fileName: 'guide.pdf',
              fileType: 'pdf',
              sizeBytes: 900_000,
              downloadCount: 2,
              firstDownloadAt: '2026-11-22T11:00:00.000Z',
            }),
          ],
        }),
      'POST /api/downloads/22222222-2222-4222-8222-222222222222/link': () =>
        jsonResponse(200, {
          entitlementId: '22222222-2222-4222-8222-222222222222',
          url: '/api/category/download/token-1',
          fileName: 'suivi-tresorerie.xlsx',
          expiresAt: '2026-11-22T11:10:00.000Z',
        }),
    });
    renderWithProviders(<DownloadsView orderId={orderId} />);

    expect(await screen.findByRole('heading', { name: 'The 2 files of this order' })).toBeInTheDocument();
    expect(screen.getByText('Thank you, your payment is confirmed')).toBeInTheDocument();
    expect(api.calls[0]?.search).toBe(`?order=${orderId}`);
    const row = screen.getByRole('heading', { name: 'Suivi de trésorerie PME' }).closest('li')!;
    expect(within(row).getByRole('img', { name: 'Excel file' })).toBeInTheDocument();
    expect(row).toHaveTextContent('suivi-tresorerie.xlsx');
    expect(row).toHaveTextContent('2.4 MB');
    expect(row).toHaveTextContent('Not downloaded yet');
    const pdf = screen.getByRole('heading', { name: 'Guide PDF' }).closest('li')!;
    expect(pdf).toHaveTextContent('Downloaded 2 times, first on 22 November 2026');

    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'Download Suivi de trésorerie PME' }));
    await waitFor(() => expect(saved).toEqual(['/api/category/download/token-1']));
  });

  it('shows each file’s version, its date and what changed, and downloads an earlier version kept', async () => {
    const saved = savedLinks();
    const api = fakeApi({
      'GET /api/downloads': () =>
        jsonResponse(200, {
          results: [
            versioned(
              { fileName: 'suivi-tresorerie-v2.xlsx' },
              {
                version: { number: 2, publishedAt: '2026-11-25T09:00:00.000Z', note: 'VAT formulas fixed.' },
                earlierVersions: [
                  {
                    number: 1,
                    publishedAt: '2026-11-02T09:00:00.000Z',
                    note: null,
                    fileName: 'suivi-tresorerie-v1.xlsx',
                    sizeBytes: 1_200_000,
                    status: 'ready',
                  },
                ],
              },
            ),
          ],
        }),
      'POST /api/downloads/22222222-2222-4222-8222-222222222222/link': () =>
        jsonResponse(200, {
          entitlementId: '22222222-2222-4222-8222-222222222222',
          url: '/api/category/download/token-v1',
          fileName: 'suivi-tresorerie-v1.xlsx',
          expiresAt: '2026-11-22T11:10:00.000Z',
        }),
    });
    renderWithProviders(<DownloadsView orderId={null} />);

    const row = (await screen.findByRole('heading', { name: 'Suivi de trésorerie PME' })).closest('li')!;
    expect(row).toHaveTextContent('Version 2, published on 25 November 2026');
    expect(row).toHaveTextContent('What changed: VAT formulas fixed.');
    expect(row).toHaveTextContent('suivi-tresorerie-v2.xlsx');
    const earlier = within(row).getByRole('region', { name: 'Earlier versions' });
    expect(earlier).toHaveTextContent('Version 1, published on 2 November 2026');
    expect(earlier).toHaveTextContent('suivi-tresorerie-v1.xlsx');
    await userEvent
      .setup()
      .click(within(earlier).getByRole('button', { name: 'Download version 1 Suivi de trésorerie PME' }));
    await waitFor(() => expect(saved).toEqual(['/api/category/download/token-v1']));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ version: 1 });
  });

  it('reads the count again once the download has started, so the row says it was downloaded', async () => {
    savedLinks();
    let served = false;
    fakeApi({
      'GET /api/downloads': () =>
        jsonResponse(200, {
          results: [
            versioned(served ? { downloadCount: 1, firstDownloadAt: '2026-11-22T11:00:00.000Z' } : {}),
          ],
        }),
      'POST /api/downloads/22222222-2222-4222-8222-222222222222/link': () => {
        served = true;
        return jsonResponse(200, {
          entitlementId: '22222222-2222-4222-8222-222222222222',
          url: '/api/category/download/token-1',
          fileName: 'suivi-tresorerie.xlsx',
          expiresAt: '2026-11-22T11:10:00.000Z',
        });
      },
    });
    renderWithProviders(<DownloadsView orderId={orderId} />);
    const row = (await screen.findByRole('heading', { name: 'Suivi de trésorerie PME' })).closest('li')!;
    expect(row).toHaveTextContent('Not downloaded yet');
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'Download Suivi de trésorerie PME' }));
    await waitFor(() => expect(row).toHaveTextContent('Downloaded once, first on 22 November 2026'), {
      timeout: 4000,
    });
  });

  it('says when a personal copy is being prepared and asks again until it is ready', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/downloads': () => {
        calls += 1;
        return jsonResponse(200, {
          results: [versioned({ status: calls === 1 ? 'preparing' : 'ready' })],
        });
      },
    });
    renderWithProviders(<DownloadsView orderId={null} />);
    expect(await screen.findByText('Your personal copy is being prepared…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Suivi de trésorerie PME' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByText('Your personal copy is being prepared…')).toBeNull(), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: 'Download Suivi de trésorerie PME' })).toBeEnabled();
  });

  it('e-mails the links again on request', async () => {
    const api = fakeApi({
      'GET /api/downloads': () => jsonResponse(200, { results: [versioned()] }),
      'POST /api/downloads/resend': () => jsonResponse(202, { sent: 1 }),
    });
    renderWithProviders(<DownloadsView orderId={orderId} />, { lng: 'fr' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Renvoyez-moi mes liens' }));
    expect(await screen.findByText('Les liens sont en route vers votre adresse e-mail.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/downloads/resend')[0]?.body).toEqual({ orderId });
  });

  it('has an empty state with links to the shop', async () => {
    fakeApi({ 'GET /api/downloads': () => jsonResponse(200, { results: [] }) });
    renderWithProviders(<DownloadsView orderId={null} />);
    expect(await screen.findByRole('heading', { name: 'Nothing to download yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bookshop' })).toHaveAttribute('href', '/book');
  });
});
