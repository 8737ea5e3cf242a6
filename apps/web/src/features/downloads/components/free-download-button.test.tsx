import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { FreeDownloadButton } from './free-download-button';

describe('free academic download', () => {
  it('gets the file’s link and starts the download in one click', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.getAttribute('href') ?? '');
    });
    const api = fakeApi({
      'POST /api/category/file/62/download': () =>
        jsonResponse(200, {
          entitlementId: 'e-1',
          url: '/api/category/download/token-62',
          fileName: 'exercices.xlsx',
          expiresAt: '2026-11-22T11:10:00.000Z',
        }),
    });
    renderWithProviders(<FreeDownloadButton productId={62} />, { lng: 'fr' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Télécharger' }));
    await waitFor(() => expect(saved).toEqual(['/api/category/download/token-62']));
    expect(api.calls).toHaveLength(1);
  });

  it('says why when the download cannot start, in the visitor’s language rather than the server’s English', async () => {
    fakeApi({
      'POST /api/category/file/62/download': () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'This file is not free.' } }),
    });
    renderWithProviders(<FreeDownloadButton productId={62} />, { lng: 'fr' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Télécharger' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cet élément est introuvable.');
  });
});
