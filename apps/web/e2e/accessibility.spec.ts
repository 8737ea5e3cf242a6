import { consentTexts } from '@hls/contract';
import { demo, expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  accessToken,
  bookIn,
  callApiAs,
  giveDigitalConsents,
  logInThroughApi,
  newAccount,
  newCustomer,
  openIn,
  orderThroughApi,
  pageAs,
  payThroughApi,
  payWithDemoCard,
  professionalFile,
  registerThroughApi,
  shipThroughApi,
  shopWords,
} from './flows.ts';
import { editorialScene } from './editorial-flows.ts';

// axe-core with the WCAG 2.0/2.1 A and AA rules on the screens a visitor does not reach by an address alone: forms
// with their errors, dialogs, and what customers, authors and staff see. The public screens are checked at 360 and
// 1280 px by public-screens.ts.
//
// Each journey runs in one language, half of them in French and half in English. What axe reads (roles, names,
// labels, landmarks, colours) is the same in both: the locale files hold the same keys and no empty text
// (packages/locales/locales.test.ts), and a missing translation shows its key, never nothing. The words a
// journey acts on are in both languages below, so a journey can change language by its describe block.
const labels = {
  en: {
    forgot: 'Forgot your password?',
    accountMenu: 'Account menu',
    logout: 'Log out',
    payNow: 'Complete payment',
    saveAddress: 'Save address',
    address: {
      fullName: /^Full name/,
      line1: /^Address/,
      postalCode: /^Postal code/,
      city: /^City/,
      country: /^Country/,
    },
    authentication: 'Confirm your payment',
    withdraw: 'Withdraw from contract here',
    withdrawal: 'Confirm your withdrawal',
  },
  fr: {
    forgot: 'Mot de passe oublié ?',
    accountMenu: 'Menu du compte',
    logout: 'Déconnexion',
    payNow: 'Finaliser le paiement',
    saveAddress: 'Enregistrer l’adresse',
    address: {
      fullName: /^Nom complet/,
      line1: /^Adresse/,
      postalCode: /^Code postal/,
      city: /^Ville/,
      country: /^Pays/,
    },
    authentication: 'Confirmez votre paiement',
    withdraw: 'Se rétracter du contrat ici',
    withdrawal: 'Confirmez votre rétractation',
  },
} as const;

test.describe('in French', () => {
  const lng = 'fr';

  test('/login-register: the register form with its errors, and the forgotten-password panel', async ({
    page,
  }) => {
    // The login and register panels as they open are public screens (public-screens.ts); here, what a visitor
    // does to them.
    await openIn(page, '/login-register', lng);
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
    // Submitting the empty form shows the field errors, which must be accessible too.
    await page.locator('[role="tabpanel"]:not([hidden]) button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshot(page, `a11y-register-errors-${lng}`);
    await page.getByRole('tab').nth(0).click();
    await page.getByRole('button', { name: labels[lng].forgot }).click();
    await expect(page.getByRole('heading', { level: 2, name: labels[lng].forgot })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('/checkout: the address form with its errors, the consents, the demo card and the bank’s dialog', async ({
    page,
    request,
  }) => {
    test.slow();
    const words = labels[lng];
    const paper = await bookIn(request, 'paper');
    const ebook = await bookIn(request, 'ebook', { skip: [paper.id] });
    const customer = await newCustomer(page, request, uniqueEmail(`a11y-checkout-${lng}`), {
      language: lng,
    });
    await orderThroughApi(request, customer.access, [
      { productId: paper.id, edition: 'paper' },
      { productId: ebook.id, edition: 'ebook' },
    ]);
    // The pending order, taken back to its payment from the customer's orders.
    await openIn(page, '/customer-commande', lng);
    await page.getByRole('button', { name: words.payNow }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const form = page.locator('form.address-form');
    await form.getByRole('button', { name: words.saveAddress }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
    await screenshot(page, `a11y-checkout-address-${lng}`);

    await form.getByLabel(words.address.fullName).fill('Camille Durand');
    await form.getByLabel(words.address.line1).first().fill('12 rue des Lilas');
    await form.getByLabel(words.address.postalCode).fill('75011');
    await form.getByLabel(words.address.city).fill('Paris');
    await form.getByLabel(words.address.country).selectOption('FR');
    await form.getByRole('button', { name: words.saveAddress }).click();
    await expect(form).toBeHidden();
    await giveDigitalConsents(page, consentTexts[lng]);
    await expect(page.getByText(shopWords[lng].demoBanner)).toBeVisible();
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
    await screenshot(page, `a11y-checkout-card-${lng}`);

    await payWithDemoCard(page, '4000 0025 0000 3155', lng);
    await expect(page.getByRole('dialog', { name: words.authentication })).toBeVisible();
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
    await screenshot(page, `a11y-checkout-authentication-${lng}`, { fullPage: false });
  });

  test('/back-office/orders and an order’s back office page', async ({ page, request }) => {
    test.slow();
    const paper = await bookIn(request, 'paper');
    const customer = await newCustomer(page, request, uniqueEmail(`a11y-bo-${lng}`), { language: lng });
    const order = await orderThroughApi(
      request,
      customer.access,
      [{ productId: paper.id, edition: 'paper' }],
      {
        fullName: 'Camille Durand',
        line1: '12 rue des Lilas',
        postalCode: '75011',
        city: 'Paris',
        country: 'FR',
      },
    );
    await payThroughApi(request, customer.access, order);

    const editor = await pageAs(page.context().browser()!, request, demo.editor);
    await openIn(editor, '/back-office/orders', lng);
    await expect(editor.getByRole('table')).toBeVisible();
    await expectNoA11yViolations(editor, { exclude: ['.Toastify'] });
    await screenshot(editor, `a11y-back-office-orders-${lng}`);

    // A paid paper order: the shipment form and the refund form are both there.
    await openIn(editor, `/back-office/orders/${order.id}`, lng);
    await expect(editor.locator('form.bo-action')).toHaveCount(2);
    await expectNoA11yViolations(editor, { exclude: ['.Toastify'] });
    await screenshot(editor, `a11y-back-office-order-${lng}`);
    // The refund's confirmation, open (nothing is refunded: it is closed without confirming).
    await editor.locator('form[aria-labelledby="refund-title"] button[type="submit"]').click();
    await expect(editor.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(editor, { exclude: ['.Toastify'] });
    await screenshot(editor, `a11y-back-office-refund-dialog-${lng}`, { fullPage: false });
    await editor.context().close();
  });

  test('/back-office/editorial (queue and reports), a submission under review, and the report dialog', async ({
    page,
    request,
  }) => {
    test.slow();
    const scene = await editorialScene(request);
    const editor = await pageAs(page.context().browser()!, request, demo.editor);
    await openIn(editor, '/back-office/editorial?section=academic', lng);
    await expect(editor.getByRole('listitem', { name: scene.title })).toBeVisible();
    await expectNoA11yViolations(editor, { exclude: ['.Toastify'] });
    await openIn(editor, '/back-office/editorial?tab=reports', lng);
    await expect(editor.getByRole('listitem', { name: scene.reportedTitle })).toBeVisible();
    await expectNoA11yViolations(editor, { exclude: ['.Toastify'] });
    // The review with the publication fields and the errors of an empty decision.
    await openIn(editor, `/back-office/editorial/${scene.submissionId}`, lng);
    await editor.getByRole('radio').first().check();
    await editor.locator('form.ed-decision button[type="submit"]').click();
    await expect(editor.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoA11yViolations(editor, { exclude: ['.Toastify'] });
    await screenshot(editor, `a11y-editorial-review-${lng}`);
    await editor.context().close();

    // An academic document's page (licence, report button) and its report dialog.
    await openIn(page, `/prodoc/${scene.productId}`, lng);
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
    await page.locator('.report-document__open').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  });
});

test.describe('in English', () => {
  const lng = 'en';

  test('/my-account', async ({ page, request }) => {
    const account = newAccount(uniqueEmail(`a11y-${lng}`));
    await registerThroughApi(request, account);
    await logInThroughApi(page, request, account.email, account.password);
    await openIn(page, '/my-account', lng);
    await expect(page.getByRole('heading', { name: 'Camille Durand' })).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshot(page, `a11y-my-account-${lng}`);
    // The logout dialog, open.
    await page.getByRole('banner').getByRole('button', { name: labels[lng].accountMenu }).click();
    await page.getByRole('button', { name: labels[lng].logout }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('/download and /customer-commande: bought files, a delivered parcel and the withdrawal dialog', async ({
    page,
    request,
  }) => {
    test.slow();
    const words = labels[lng];
    const [paper, file] = await Promise.all([bookIn(request, 'paper'), professionalFile(request, 'excel')]);
    const customer = await newCustomer(page, request, uniqueEmail(`a11y-orders-${lng}`), { language: lng });
    const digital = await orderThroughApi(request, customer.access, [{ productId: file.id }]);
    await payThroughApi(request, customer.access, digital);
    const parcel = await orderThroughApi(
      request,
      customer.access,
      [{ productId: paper.id, edition: 'paper' }],
      {
        fullName: 'Camille Durand',
        line1: '12 rue des Lilas',
        postalCode: '75011',
        city: 'Paris',
        country: 'FR',
      },
    );
    await payThroughApi(request, customer.access, parcel);
    await shipThroughApi(request, await accessToken(request, demo.editor, demo.password), parcel.id, {
      delivered: true,
    });

    await openIn(page, '/download', lng);
    await expect(page.locator('.download-row')).toHaveCount(1);
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
    await screenshot(page, `a11y-download-${lng}`);

    await openIn(page, '/customer-commande', lng);
    await expect(page.getByRole('article')).toHaveCount(2);
    // The order history, open.
    for (const summary of await page.locator('.order-card__history summary').all()) await summary.click();
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
    await screenshot(page, `a11y-customer-orders-${lng}`);
    await page.getByRole('button', { name: words.withdraw }).click();
    await expect(page.getByRole('dialog', { name: words.withdrawal })).toBeVisible();
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
    await screenshot(page, `a11y-withdrawal-dialog-${lng}`, { fullPage: false });
  });

  test('/file-book, /book-proposed, /file-proposed and /author-product, and the invitation to become an author', async ({
    page,
    request,
  }) => {
    test.slow();
    const author = newAccount(uniqueEmail('a11y-author'));
    await registerThroughApi(request, author, 'author', { language: lng });
    const access = await accessToken(request, author.email, author.password);
    const { id } = await callApiAs<{ id: string }>(request, access, 'post', '/api/submissions', {
      kind: 'book',
      title: 'Histoire de la Méditerranée',
    });
    const writer = await pageAs(page.context().browser()!, request, author.email, author.password);

    await openIn(writer, '/file-book', lng);
    await expect(
      writer.getByRole('link', { name: 'Histoire de la Méditerranée', exact: true }),
    ).toBeVisible();
    await expectNoA11yViolations(writer, { exclude: ['.Toastify'] });
    // The book form with the API's field errors.
    await openIn(writer, `/book-proposed?draft=${id}`, lng);
    await writer.locator('form.proposal-form button[type="submit"]').click();
    await expect(writer.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoA11yViolations(writer, { exclude: ['.Toastify'] });
    // The file form of an academic document: rights, confidentiality, licence.
    await openIn(writer, '/file-proposed', lng);
    await writer.locator('input[name="section"][value="academic"]').check();
    await expect(writer.locator('input[name="licence"]').first()).toBeVisible();
    await expectNoA11yViolations(writer, { exclude: ['.Toastify'] });
    // One proposal, and its confirmation dialog.
    await openIn(writer, `/author-product?id=${id}`, lng);
    await expect(writer.locator('.author-product__title')).toBeVisible();
    await expectNoA11yViolations(writer, { exclude: ['.Toastify'] });
    await writer.locator('.author-actions .btn--secondary').first().click();
    await expect(writer.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(writer, { exclude: ['.Toastify'] });
    await writer.context().close();

    // A customer is invited to become an author.
    await newCustomer(page, request, uniqueEmail('a11y-reader'), { language: lng });
    await openIn(page, '/file-book', lng);
    await expect(page.locator('.empty-state')).toBeVisible();
    await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  });
});
