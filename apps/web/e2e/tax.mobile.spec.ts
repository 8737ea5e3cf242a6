import type { Page } from '@playwright/test';
import { consentTexts } from '@hls/contract';
import { expect, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  addToCart,
  checkOutCart,
  giveDigitalConsents,
  newCustomer,
  openIn,
  professionalFile,
  saveBillingCountry,
} from './flows.ts';

// Runs in the "mobile" project (360 px, touch): the checkout's "Your country" step and the reverse charge fit a
// phone, in French and in English (decision 0027).

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a business buyer gives its country and VAT number on a phone, in French then in English', async ({
  page,
  request,
}) => {
  const file = await professionalFile(request, 'excel');
  await newCustomer(page, request, uniqueEmail('mobile-vat'), { language: 'fr' });
  await addToCart(page, { id: file.id, kind: 'file' }, { lng: 'fr' });
  await checkOutCart(page, 'fr', { country: null });
  const form = page.getByRole('form', { name: 'Votre pays' });
  await expect(form.getByLabel(/^Pays de résidence/)).toBeVisible();
  expect(await fits(page)).toBe(true);
  await screenshot(page, 'checkout-country-form-fr');

  await saveBillingCountry(page, 'Allemagne', 'fr', 'DE136695976');
  await expect(page.getByRole('complementary')).toContainText('TVA non facturée (autoliquidation)');
  await giveDigitalConsents(page, consentTexts.fr);
  expect(await fits(page)).toBe(true);
  await screenshot(page, 'checkout-reverse-charge-fr');

  await openIn(page, '/checkout', 'en');
  await expect(page.getByRole('region', { name: 'Your country' })).toContainText(
    'Business DE136695976: invoiced without VAT (reverse charge).',
  );
  await expect(page.getByRole('complementary')).toContainText('VAT not charged (reverse charge)');
  expect(await fits(page)).toBe(true);
  await screenshot(page, 'checkout-reverse-charge-en');
});
