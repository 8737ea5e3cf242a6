import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { siteInfo } from '@/testing/site-fixture';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { PrivacyNotice } from './privacy-notice';

describe('privacy notice', () => {
  it('names the controller, the recipients, the retention periods from the settings, the rights and the authority', async () => {
    fakeApi({
      'GET /api/site': () =>
        jsonResponse(
          200,
          siteInfo({
            privacy: { sentMailDays: 1, pageViewDays: 90, sessionDays: 14, paymentProvider: 'stripe' },
          }),
        ),
    });
    renderWithProviders(<PrivacyNotice />);
    const controller = await screen.findByRole('region', { name: '1. Controller' });
    expect(controller).toHaveTextContent(
      'HLS Editions Ltd, a company registered in the United Kingdom under number 15298734',
    );
    expect(controller).toHaveTextContent('write to support@hls.test or call +44 20 7946 0321');
    const recipients = screen.getByRole('region', { name: '4. Recipients' });
    expect(recipients).toHaveTextContent('Stripe (Stripe Payments Europe, Ltd., Ireland)');
    expect(recipients).toHaveTextContent('Our host, OVH SAS (2 rue Kellermann, 59100 Roubaix, France)');
    const retention = screen.getByRole('region', { name: '6. How long we keep data' });
    expect(retention).toHaveTextContent('is erased 1 day after sending');
    expect(retention).toHaveTextContent('a day’s counts are deleted after 90 days');
    expect(retention).toHaveTextContent('a login ends at the latest 14 days after it began');
    expect(
      screen.getByRole('region', { name: '8. Complaints to a supervisory authority' }),
    ).toHaveTextContent('Information Commissioner’s Office');
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    for (const link of within(contents).getAllByRole('link'))
      expect(document.getElementById(link.getAttribute('href')!.slice(1))?.tagName).toBe('SECTION');
  });

  it('speaks French, and says no card data leaves a demo shop', async () => {
    fakeApi({ 'GET /api/site': () => jsonResponse(200, siteInfo()) });
    renderWithProviders(<PrivacyNotice />, { lng: 'fr' });
    const recipients = await screen.findByRole('region', { name: '4. Destinataires' });
    expect(recipients).toHaveTextContent('la boutique fonctionne en mode démonstration');
    expect(screen.getByRole('region', { name: '6. Durées de conservation' })).toHaveTextContent(
      'est effacé 3 jours après l’envoi',
    );
  });
});
