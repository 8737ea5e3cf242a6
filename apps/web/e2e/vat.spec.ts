import type { Page } from '@playwright/test';
import { demo, expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  accessToken,
  confirmEmailThroughMail,
  newAccount,
  openIn,
  orderThroughApi,
  pageAs,
  payThroughApi,
  professionalFile,
  registerThroughApi,
  type Lng,
} from './flows.ts';
import { downloadOf } from './royalties-flows.ts';

// The VAT back office (issue 24): a German consumer buys a professional file through the API; an admin opens the
// VAT screen, sees the quarter's OSS return with Germany's standard rate and its check against the orders, and
// downloads the quarter's CSV, in English and in French; the screen is looked at on a phone and a desktop.

const words = {
  en: {
    title: 'VAT: OSS return and rates',
    oss: 'OSS return',
    csv: 'Download the CSV',
    check: 'Check against the orders',
    rates: 'VAT rates',
    germany: 'Germany',
    addRate: 'Add the rate',
  },
  fr: {
    title: 'TVA\u202f: déclaration OSS et taux',
    oss: 'Déclaration OSS',
    csv: 'Télécharger le CSV',
    check: 'Rapprochement avec les commandes',
    rates: 'Taux de TVA',
    germany: 'Allemagne',
    addRate: 'Ajouter le taux',
  },
} as const;

const quarterOfNow = () => {
  const now = new Date();
  return `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
};

/** Nothing of the screen sticks out sideways at `width`. */
async function fitsIn(page: Page, width: number, label: string) {
  await expect(async () => {
    const wide = await page.evaluate(
      (w) =>
        Array.from(document.querySelectorAll('main *'))
          .filter((element) => !element.closest('.visually-hidden'))
          .filter((element) => element.getBoundingClientRect().right > w + 1)
          .slice(0, 8)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`),
      width,
    );
    expect(wide, label).toEqual([]);
  }).toPass({ timeout: 5_000 });
}

test('VAT: an admin reads the quarter’s OSS return and downloads its CSV, in English and French', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // A German consumer buys a professional file (19 % in Germany), through the API.
  const buyer = newAccount(uniqueEmail('vat-buyer'));
  await registerThroughApi(request, buyer);
  await confirmEmailThroughMail(request, buyer.email);
  const access = await accessToken(request, buyer.email, buyer.password);
  const file = await professionalFile(request);
  const ordered = await orderThroughApi(request, access, [{ productId: Number(file.id) }], undefined, {
    country: 'DE',
  });
  const order = await payThroughApi(request, access, ordered);
  expect(order.status).toBe('paid');
  const quarter = quarterOfNow();

  for (const lng of ['en', 'fr'] as Lng[]) {
    const w = words[lng];
    const page = await pageAs(browser, request, demo.admin);
    await openIn(page, '/back-office/vat', lng);
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
    const oss = page.getByRole('region', { name: w.oss });
    await expect(oss.getByRole('combobox')).toHaveValue(quarter);
    const table = oss.getByRole('table');
    await expect(table.getByRole('rowheader', { name: new RegExp(`${w.germany} DE`) }).first()).toBeVisible();
    await expect(
      table.getByRole('row').filter({ hasText: w.germany }).filter({ hasText: '19' }),
    ).not.toHaveCount(0);
    await expect(oss.getByRole('heading', { name: w.check })).toBeVisible();
    await expect(page.getByRole('region', { name: w.rates }).getByRole('table')).toContainText(/19|20/);
    await expectNoA11yViolations(page);

    // The CSV of the quarter: the German line at 19 %.
    const csv = await downloadOf(page, () => oss.getByRole('button', { name: w.csv }).click());
    expect(csv.name).toBe(`hls-oss-${quarter}.csv`);
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\ufeffquarter,scheme,member_state,vat_rate_percent')).toBe(true);
    expect(text).toMatch(new RegExp(`${quarter},OSS,DE,19\\.00,`));
    expect(text).toContain(`${quarter},ALL,TOTAL`);

    // A rate of 80 %: the server refuses it and the field says so.
    const rates = page.getByRole('region', { name: w.rates });
    const percent = rates.locator('input[name="ratePercent"]');
    await percent.fill('80');
    await rates.getByRole('button', { name: w.addRate }).click();
    await expect(percent).toHaveAttribute('aria-invalid', 'true');

    // The screen on a desktop and on a phone.
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await fitsIn(page, width, `vat ${width} ${lng}`);
      await screenshot(page, `vat-${width}-${lng}`);
    }
    await page.context().close();
  }
});
