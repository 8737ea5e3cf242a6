import {
  demo,
  expect,
  expectNoA11yViolations,
  screenshot,
  test,
  uniqueEmail,
  waitingForApp,
} from './fixtures.ts';
import { newCustomer, openIn, orderThroughApi, pageAs, payThroughApi, professionalFile } from './flows.ts';

// Customer reviews: a verified buyer writes one, an editor publishes it, everyone sees its stars.
test('a customer who bought a file reviews it, an editor publishes it, and its stars show on its page and card', async ({
  page,
  request,
  browser,
}) => {
  const file = await professionalFile(request, 'excel');
  const customer = await newCustomer(page, request, uniqueEmail('reviewer'), {
    firstName: 'Inès',
    lastName: 'Karoui',
  });
  await payThroughApi(
    request,
    customer.access,
    await orderThroughApi(request, customer.access, [{ productId: file.id }]),
  );

  // The buyer writes it from the file's page: the form checks it first, then it waits for an editor.
  await openIn(page, `/prodoc/${file.id}`, 'en');
  const reviews = page.getByRole('region', { name: 'Customer reviews' });
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  await reviews.getByRole('button', { name: 'Send my review' }).click();
  await expect(reviews.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
  // The fourth star (a radio button named "4 stars out of 5").
  await reviews.locator('label').filter({ hasText: '4 stars out of 5' }).click();
  await expect(reviews.getByRole('radio', { name: '4 stars out of 5' })).toBeChecked();
  await reviews
    .getByRole('textbox', { name: /Your review/ })
    .fill('Clear and well built: our cash flow plan was ready in an hour.');
  await screenshot(page, 'review-form-en');
  await reviews.getByRole('button', { name: 'Send my review' }).click();
  await expect(
    reviews.getByText('Thank you! Your review will be published once an editor has read it.'),
  ).toBeVisible();
  await expect(reviews.getByText('Waiting for an editor: not published yet.')).toBeVisible();
  // Its stars fill four fifths of the five stars drawn, not of the column they sit in.
  const stars = reviews.getByRole('img', { name: '4 stars out of 5' });
  const drawn = await stars.locator('.rating-stars__empty').boundingBox();
  const filled = await stars.locator('.rating-stars__filled').boundingBox();
  expect(filled!.width / drawn!.width).toBeCloseTo(0.8, 1);
  await expect(page.getByRole('img', { name: /out of 5, \d+ reviews?$/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The editor publishes it from the back office's reviews.
  const editor = await pageAs(browser, request, demo.editor);
  await editor.goto('/back-office/reviews?lng=en');
  await expect(editor.getByRole('heading', { level: 1, name: 'Reviews to moderate' })).toBeVisible();
  const item = editor.getByRole('listitem').filter({ hasText: 'Clear and well built' });
  await expect(item.getByRole('link', { name: file.title })).toHaveAttribute('href', `/prodoc/${file.id}`);
  await expect(item.getByText('Inès K.')).toBeVisible();
  await screenshot(editor, 'reviews-queue-en');
  await expectNoA11yViolations(editor);
  await item.getByRole('button', { name: 'Publish' }).click();
  await expect(editor.getByRole('listitem').filter({ hasText: 'Clear and well built' })).toHaveCount(0);
  await editor.getByRole('tab', { name: 'Published' }).click();
  await expect(editor.getByRole('listitem').filter({ hasText: 'Clear and well built' })).toBeVisible();
  await editor.context().close();

  // Everyone sees its stars: on the page (and its structured data), in French too, and on the card.
  const visitor = await browser.newContext({ locale: 'fr-FR' });
  // Its pages wait for the app to run: the structured data is read once hydration has settled the head.
  const reader = waitingForApp(await visitor.newPage());
  await reader.goto(`${test.info().project.use.baseURL}/prodoc/${file.id}?lng=fn`);
  await expect(reader.getByRole('img', { name: '4 sur 5, 1 avis' }).first()).toBeVisible();
  const section = reader.getByRole('region', { name: 'Avis clients' });
  await expect(
    section.getByText('Clear and well built: our cash flow plan was ready in an hour.'),
  ).toBeVisible();
  await expect(section.getByText('Inès K.')).toBeVisible();
  await expect(section.getByText('Achat vérifié')).toBeVisible();
  const productData = async () =>
    (await reader.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((data) => data['@type'] === 'Product');
  await expect.poll(productData).toHaveProperty('aggregateRating');
  const product = (await productData()) as { aggregateRating: unknown; review: unknown[] };
  expect(product.aggregateRating).toMatchObject({
    '@type': 'AggregateRating',
    ratingValue: 4,
    reviewCount: 1,
  });
  expect(product.review[0]).toMatchObject({ '@type': 'Review', author: { name: 'Inès K.' } });
  await screenshot(reader, 'review-published-fr');

  await reader.goto(
    `${test.info().project.use.baseURL}/professionnel?search=${encodeURIComponent(file.title)}&lng=fn`,
  );
  const card = reader.getByRole('article').filter({ hasText: file.title }).first();
  await expect(card.getByRole('img', { name: '4 sur 5, 1 avis' })).toBeVisible();
  await screenshot(reader, 'review-card-fr');
  await visitor.close();
});

test('a product nobody reviewed says so, and asks a visitor to log in to review it', async ({
  page,
  request,
}) => {
  const file = await professionalFile(request, 'word');
  await openIn(page, `/prodoc/${file.id}`, 'en');
  const reviews = page.getByRole('region', { name: 'Customer reviews' });
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'Log in to review it.' })).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product');
  expect(product).not.toHaveProperty('aggregateRating');
});
