import { expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';
import { openIn } from './flows.ts';

// One search from the header: every section with its count, corrected typos, close spellings when nothing matches.
test('a misspelt search shows the results of the closest title words and says so', async ({ page }) => {
  await openIn(page, '/', 'fr');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Rechercher dans le catalogue' });
  await box.fill('comptabilte');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?search=comptabilte$/);
  await expect(
    page.getByText(
      'Aucun résultat pour «\u202fcomptabilte\u202f»\u202f: voici les résultats pour «\u202fcomptabilite\u202f».',
    ),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Fichiers étudiants' }).getByRole('article').first(),
  ).toBeVisible();
  await screenshot(page, 'search-corrected-fr');
  await expectNoA11yViolations(page);
});

test('a search that finds nothing offers close spellings and the three sections, in both languages', async ({
  page,
}) => {
  await openIn(page, '/about', 'en');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search the catalogue' });
  await box.fill('strategy sall');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: 'Nothing matches “strategy sall”' })).toBeVisible();
  const spellings = page.getByRole('navigation', { name: 'Close spellings' });
  await expect(spellings.getByText('Did you mean:')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Browse the catalogue:' }).getByRole('link')).toHaveCount(
    3,
  );
  await screenshot(page, 'search-nothing-en');
  await spellings.getByRole('link', { name: 'strategy small' }).click();
  await expect(page).toHaveURL(/\/search\?search=strategy%20small$/);
  await expect(page.getByRole('article').filter({ hasText: 'Strategy for Small Businesses' })).toBeVisible();

  await openIn(page, '/search?search=zzqxv', 'fr');
  await expect(page.getByRole('heading', { name: 'Aucun résultat pour «\u202fzzqxv\u202f»' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Orthographes proches' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Parcourir le catalogue\u202f:' }).getByRole('link'),
  ).toHaveCount(3);
  await screenshot(page, 'search-nothing-fr');
});
