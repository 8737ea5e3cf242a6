import { demo, expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';
import { bookIn, openIn, pageAs, toast } from './flows.ts';

// The back office's paper stock (issue: a paper book out of stock stayed so for good): an editor sets the copies
// after a delivery, with its reason kept as history; the screen fits a phone, in both languages.

test('an editor sets a paper book’s stock after a delivery, and the history keeps why', async ({
  browser,
  request,
}) => {
  const book = await bookIn(request, 'paper');
  const before = book.editions.find((e) => e.format === 'paper')!.stock ?? 0;
  const editor = await pageAs(browser, request, demo.editor);
  await openIn(editor, '/back-office/stock');
  await expect(editor.getByRole('heading', { name: 'Paper stock', level: 1 })).toBeVisible();
  const search = editor.getByRole('search', { name: 'Find a paper book' });
  await search.getByLabel('Title').fill(book.title);
  await search.getByRole('button', { name: 'Show' }).click();
  const item = editor.getByRole('listitem').filter({ hasText: book.title });
  await expect(item).toContainText(`${before} copies in stock`);

  await item.getByRole('button', { name: `Change the stock of ${book.title}` }).click();
  const form = editor.getByRole('form', { name: `Stock of ${book.title}` });
  await form.getByLabel(/^Copies in stock/).fill(String(before + 5));
  await form.getByLabel(/^Reason/).selectOption({ label: 'Delivery received' });
  await form.getByLabel(/^Note/).fill('Printer, batch 8');
  await form.getByRole('button', { name: 'Save the count' }).click();
  await expect(toast(editor, 'stock saved')).toBeVisible();
  await expect(item).toContainText(`${before + 5} copies in stock`);
  await item.getByRole('button', { name: 'History' }).click();
  await expect(item).toContainText('+5');
  await expect(item).toContainText('Delivery received');
  await expect(item).toContainText('Printer, batch 8');
  await expectNoA11yViolations(editor);
  await screenshot(editor, 'stock-en-1280');

  // On a phone, in French.
  await editor.setViewportSize({ width: 360, height: 740 });
  await openIn(editor, '/back-office/stock', 'fr');
  await expect(editor.getByRole('heading', { name: 'Stock des livres papier', level: 1 })).toBeVisible();
  await expect(editor.getByRole('button', { name: `Changer le stock de ${book.title}` })).toBeVisible();
  expect(await editor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoA11yViolations(editor);
  await screenshot(editor, 'stock-fr-360');
  await editor.context().close();
});
