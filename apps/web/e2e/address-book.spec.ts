import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  addToCart,
  bookIn,
  checkOutCart,
  newCustomer,
  openIn,
  payWithDemoCard,
  toast,
  type Lng,
} from './flows.ts';

// The buyer's address book: kept on the account page (add, edit, remove, a default), offered by a paper order's
// checkout (the default first, another saved one, or a new one kept on request); an order keeps its own copy.

const words = {
  en: {
    book: 'Address book',
    add: 'Add an address',
    label: /^Name of this address/,
    fullName: /^Full name/,
    line1: /^Address \*/,
    postalCode: /^Postal code/,
    city: /^City/,
    country: /^Country/,
    save: 'Save the address',
    added: 'Address saved in your address book',
    edited: 'Address updated',
    makeDefault: (name: string) => `Make default — ${name}`,
    edit: (name: string) => `Edit — ${name}`,
    remove: (name: string) => `Remove — ${name}`,
    removeTitle: 'Remove this address?',
    keep: 'Keep it',
    confirmRemove: 'Remove the address',
    removed: 'Address removed',
    defaultBadge: 'Default',
    deliverTo: 'Deliver to',
    deliverHere: 'Deliver to this address',
    delivery: 'Delivery address',
    saveToBook: 'Save this address to my address book',
    saveAddress: 'Save address',
    addressSaved: /^address saved$/,
  },
  fr: {
    book: 'Carnet d’adresses',
    add: 'Ajouter une adresse',
    label: /^Nom de cette adresse/,
    fullName: /^Nom complet/,
    line1: /^Adresse \*/,
    postalCode: /^Code postal/,
    city: /^Ville/,
    country: /^Pays/,
    save: 'Enregistrer l’adresse',
    added: 'Adresse enregistrée dans votre carnet',
    edited: 'Adresse modifiée',
    makeDefault: (name: string) => `Définir par défaut — ${name}`,
    edit: (name: string) => `Modifier — ${name}`,
    remove: (name: string) => `Supprimer — ${name}`,
    removeTitle: 'Supprimer cette adresse\u202f?',
    keep: 'La garder',
    confirmRemove: 'Supprimer l’adresse',
    removed: 'Adresse supprimée',
    defaultBadge: 'Par défaut',
    deliverTo: 'Livrer à',
    deliverHere: 'Livrer à cette adresse',
    delivery: 'Adresse de livraison',
    saveToBook: 'Enregistrer cette adresse dans mon carnet d’adresses',
    saveAddress: 'Enregistrer l’adresse',
    addressSaved: /^Adresse enregistrée$/,
  },
} as const;

type Typed = { fullName: string; line1: string; postalCode: string; city: string; country: string };

async function fillAddress(form: ReturnType<Page['getByRole']>, lng: Lng, address: Typed) {
  const w = words[lng];
  await form.getByLabel(w.fullName).fill(address.fullName);
  await form.getByLabel(w.line1).fill(address.line1);
  await form.getByLabel(w.postalCode).fill(address.postalCode);
  await form.getByLabel(w.city).fill(address.city);
  await form.getByLabel(w.country).selectOption({ label: address.country });
}

/** The same screen at a phone's width (360 px) and back to the desktop's. */
async function screenshotsAtBothWidths(page: Page, name: string, options?: { fullPage?: boolean }) {
  const desktop = page.viewportSize();
  await screenshot(page, `${name}-desktop`, options);
  await page.setViewportSize({ width: 360, height: 740 });
  // Nothing may stick out of a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, `${name}-360`, options);
  if (desktop) await page.setViewportSize(desktop);
}

const home: Typed = {
  fullName: 'Camille Durand',
  line1: '12 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  country: 'France',
};
const office: Typed = {
  fullName: 'Camille Durand',
  line1: '5 avenue Louise',
  postalCode: '1050',
  city: 'Bruxelles',
  country: 'Belgium',
};

test('two addresses kept on the account page, the default offered at checkout, the other one chosen, then ordered', async ({
  page,
  request,
}) => {
  test.slow();
  const w = words.en;
  const book = await bookIn(request, 'paper');
  await newCustomer(page, request, uniqueEmail('address-book'));

  await openIn(page, '/my-account');
  const section = page.getByRole('region', { name: w.book });
  await expect(section).toContainText('No saved address yet.');
  for (const [label, address] of [
    ['Home', home],
    ['Office', office],
  ] as const) {
    await section.getByRole('button', { name: w.add }).click();
    const form = section.getByRole('form', { name: 'New address' });
    await form.getByLabel(w.label).fill(label);
    await fillAddress(form, 'en', address);
    await form.getByRole('button', { name: w.save }).click();
    await expect(toast(page, w.added)).toBeVisible();
    await expect(form).toHaveCount(0);
  }
  const entries = section.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  // The first address is the default, listed first.
  await expect(entries.first()).toContainText('Home');
  await expect(entries.first()).toContainText(w.defaultBadge);

  await section.getByRole('button', { name: w.makeDefault('Office') }).click();
  await expect(entries.first()).toContainText('Office');
  await expect(entries.first()).toContainText(w.defaultBadge);
  await expect(section.getByRole('button', { name: w.makeDefault('Home') })).toBeVisible();
  await expect(section).toContainText('2 of 20 addresses');

  // Removing asks first; keeping it changes nothing.
  await section.getByRole('button', { name: w.remove('Home') }).click();
  const dialog = page.getByRole('dialog', { name: w.removeTitle });
  await expect(dialog).toContainText('12 rue des Lilas');
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshotsAtBothWidths(page, 'address-book-remove-en', { fullPage: false });
  await dialog.getByRole('button', { name: w.keep }).click();
  await expect(dialog).toHaveCount(0);
  await expect(entries).toHaveCount(2);
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshotsAtBothWidths(page, 'address-book-account-en');

  // A paper order: the address step starts on the default (Office); the buyer picks Home instead.
  await addToCart(page, { id: book.id, kind: 'book' }, { format: 'paper' });
  await checkOutCart(page);
  const choice = page.getByRole('group', { name: w.deliverTo });
  await expect(choice.getByRole('radio', { name: /^Office Default/ })).toBeChecked();
  await expect(choice.getByRole('radio', { name: /^Home/ })).not.toBeChecked();
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshotsAtBothWidths(page, 'address-book-checkout-en');
  await choice.getByRole('radio', { name: /^Home/ }).check();
  await page.getByRole('button', { name: w.deliverHere }).click();
  await expect(toast(page, w.addressSaved)).toBeVisible();
  const delivery = page.getByRole('region', { name: w.delivery });
  await expect(delivery).toContainText('12 rue des Lilas');
  await expect(delivery).toContainText('France');
  await payWithDemoCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });

  // Later edits of the book never change the order: it kept its own copy.
  await openIn(page, '/my-account');
  await section.getByRole('button', { name: w.edit('Home') }).click();
  const editForm = section.getByRole('form', { name: 'Edit the address' });
  await expect(editForm.getByLabel(w.line1)).toHaveValue('12 rue des Lilas');
  await editForm.getByLabel(w.line1).fill('40 boulevard Voltaire');
  await editForm.getByRole('button', { name: w.save }).click();
  await expect(toast(page, w.edited)).toBeVisible();
  await expect(section).toContainText('40 boulevard Voltaire');
  // Removing the default (Office) makes the other one the default.
  await section.getByRole('button', { name: w.remove('Office') }).click();
  await page
    .getByRole('dialog', { name: w.removeTitle })
    .getByRole('button', { name: w.confirmRemove })
    .click();
  await expect(toast(page, w.removed)).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(w.defaultBadge);
  await expect(section.getByRole('button', { name: w.add })).toBeFocused();

  await openIn(page, '/customer-commande');
  const card = page.getByRole('article').first();
  await expect(card).toContainText(book.title);
  await expect(card).toContainText('12 rue des Lilas');
  await expect(card).not.toContainText('40 boulevard Voltaire');
});

test('a first-time buyer keeps the address typed at checkout in the address book, in French', async ({
  page,
  request,
}) => {
  test.slow();
  const lng = 'fr';
  const w = words[lng];
  const book = await bookIn(request, 'paper');
  await newCustomer(page, request, uniqueEmail('address-first'), { language: lng });

  await addToCart(page, { id: book.id, kind: 'book' }, { format: 'paper', lng });
  await checkOutCart(page, lng);
  const form = page.getByRole('form', { name: w.delivery });
  // A first address: nothing saved to choose from, and the box ticked.
  await expect(page.getByRole('group', { name: w.deliverTo })).toHaveCount(0);
  await expect(form.getByRole('checkbox', { name: w.saveToBook })).toBeChecked();
  await fillAddress(form, lng, home);
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshotsAtBothWidths(page, 'address-book-first-checkout-fr');
  await form.getByRole('button', { name: w.saveAddress }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('region', { name: w.delivery })).toContainText('12 rue des Lilas');

  await openIn(page, '/my-account', lng);
  const section = page.getByRole('region', { name: w.book });
  const entries = section.getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('12 rue des Lilas');
  await expect(entries.first()).toContainText(w.defaultBadge);
  await section.getByRole('button', { name: w.add }).click();
  const added = section.getByRole('form', { name: 'Nouvelle adresse' });
  await added.getByRole('button', { name: w.save }).click();
  await expect(added.getByLabel(w.fullName)).toHaveAccessibleDescription(
    'Indiquez le nom complet du destinataire.',
  );
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshotsAtBothWidths(page, 'address-book-account-fr');
});
