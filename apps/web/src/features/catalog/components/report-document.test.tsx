import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { fileDetail } from '../test-fixtures';
import { FileDetailView } from './file-detail-view';

const actions = (loggedIn: boolean) => ({
  onAddToCart: vi.fn(),
  onAddToWishlist: vi.fn(),
  onAddToCompare: vi.fn(),
  inWishlist: false,
  inCompare: false,
  loggedIn,
});

describe('an academic document’s page', () => {
  it('shows its licence linked to the Creative Commons deed, and the preview of its first pages', () => {
    renderWithProviders(
      <FileDetailView
        file={fileDetail({ licence: 'cc_by_nc', sampleUrl: '/api/samples/12.pdf' })}
        trail={[]}
        actions={actions(false)}
      />,
      { lng: 'fr' },
    );
    expect(
      screen.getByRole('link', { name: /^Creative Commons Attribution - Pas d’utilisation commerciale 4.0/ }),
    ).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-nc/4.0/deed.fr');
    expect(screen.getByRole('link', { name: /^Feuilleter les premières pages/ })).toHaveAttribute(
      'href',
      '/api/samples/12.pdf',
    );
  });

  it('lets a visitor report it, with their e-mail address, after checking the form', async () => {
    const file = fileDetail();
    const api = fakeApi({ 'POST /api/reports': () => jsonResponse(201, { id: 7 }) });
    renderWithProviders(<FileDetailView file={file} trail={[]} actions={actions(false)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Report this document' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this document' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveAccessibleDescription('Choose a reason.');
    expect(within(dialog).getByLabelText(/^Details/)).toHaveAccessibleDescription('Describe the problem.');
    expect(within(dialog).getByLabelText(/^Your e-mail address/)).toHaveAccessibleDescription(
      'Enter your e-mail address, so that the editors can answer you.',
    );
    expect(api.calls).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'plagiarism');
    await user.type(
      within(dialog).getByLabelText(/^Details/),
      'Chapter 2 copies a 2019 thesis word for word.',
    );
    await user.type(within(dialog).getByLabelText(/^Your e-mail address/), 'reader@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Thank you, your report was sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports')[0]?.body).toEqual({
      productId: file.id,
      reason: 'plagiarism',
      details: 'Chapter 2 copies a 2019 thesis word for word.',
      email: 'reader@example.test',
    });
    // Focus moves to the message's own "Close" button (the dialog's corner one has the same name).
    await waitFor(() =>
      expect(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)).toHaveFocus(),
    );
  });
});
