import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { siteInfo } from '@/testing/site-fixture';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { LegalNotice } from './legal-notice';

describe('legal notice', () => {
  it('gives the host’s name, address and phone, and the VAT number under its name (fr)', async () => {
    fakeApi({ 'GET /api/site': () => jsonResponse(200, siteInfo()) });
    renderWithProviders(<LegalNotice />, { lng: 'fr' });
    const host = await screen.findByRole('region', { name: 'Hébergeur' });
    expect(host).toHaveTextContent('OVH SAS');
    expect(within(host).getByRole('link', { name: '+33 9 72 10 10 07' })).toHaveAttribute(
      'href',
      'tel:+33972101007',
    );
    expect(screen.getByText('Numéro de TVA').nextElementSibling).toHaveTextContent('GB 412 7795 31');
    expect(screen.getByRole('link', { name: /politique de confidentialité/ })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
