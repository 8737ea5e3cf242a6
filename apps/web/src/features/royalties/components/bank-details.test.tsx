import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BankDetails } from '@hls/contract';
import { tokenStorage } from '@/lib/token-storage';
import { fakeApi } from '@/testing/fake-api';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { makeBank } from '../test-fixtures';
import { BankDetailsSection } from './bank-details-section';

/** Replaces a field's value as a paste would (typing long values key by key is slow), then leaves the field. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
  await user.tab();
}

/** The holder's address and residence, asked of every author. */
async function fillAddress(user: ReturnType<typeof userEvent.setup>, lng: 'fr' | 'en' = 'en') {
  const en = lng === 'en';
  await fill(user, en ? /^Street and number/ : /^Numéro et rue/, '14 rue des Écoles');
  await fill(user, en ? /^Postcode/ : /^Code postal/, '75005');
  await fill(user, en ? /^City/ : /^Ville/, 'Paris');
  await user.selectOptions(screen.getByLabelText(en ? /^Country$|^Country \*/ : /^Pays$|^Pays \*/), 'FR');
  await user.selectOptions(
    screen.getByLabelText(en ? /^Country of tax residence/ : /^Pays de résidence fiscale/),
    'FR',
  );
}

function renderBank(lng: 'fr' | 'en' = 'en') {
  tokenStorage.save({ access: fakeAccessToken({ role: 'author' }), refresh: 'refresh-token' });
  return renderWithProviders(<BankDetailsSection locale={lng === 'en' ? 'en-GB' : 'fr-FR'} />, { lng });
}

/** A server holding the author's details as the real one does: the IBAN comes back masked. */
function bankServer(initial: BankDetails | null, failure?: { status: number; body: unknown }) {
  let saved = initial;
  const store = (body: unknown) => {
    if (failure) return jsonResponse(failure.status, failure.body);
    const { iban: typed, ...rest } = body as BankDetails & { iban: string };
    const iban = typed.replace(/\s/g, '').toUpperCase();
    saved = {
      ...makeBank(),
      ...rest,
      ibanMasked: `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`,
      updatedAt: '2026-11-22T10:00:00.000Z',
    };
    return jsonResponse(200, saved);
  };
  return fakeApi({
    'GET /api/checkout/bank/one': () => jsonResponse(200, saved),
    'POST /api/checkout/bank/create': ({ body }) => store(body),
    'PUT /api/checkout/bank/update': ({ body }) => store(body),
  });
}

describe('bank details', () => {
  it('checks the details in the browser before sending them: required fields, the IBAN’s check digits', async () => {
    const api = bankServer(null);
    renderBank();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Bank details' });
    expect(screen.getByText('No bank details yet: add them to be paid.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save bank details' }));
    expect(screen.getByLabelText(/^Account holder/)).toHaveAccessibleDescription(
      'Enter the account holder’s name.',
    );
    expect(screen.getByLabelText(/^IBAN/)).toHaveAccessibleDescription(/IBAN/);
    expect(screen.getByLabelText(/^BIC/)).toHaveAccessibleDescription('Enter your bank’s BIC (SWIFT code).');
    expect(screen.getByLabelText(/^Bank country/)).toHaveAccessibleDescription('Choose a country.');
    expect(screen.getByLabelText(/^Street and number/)).toHaveAccessibleDescription(
      'Enter the holder’s street and number.',
    );
    expect(screen.getByLabelText(/^Country of tax residence/)).toHaveAccessibleDescription(
      'Choose your country of tax residence.',
    );

    // A wrong check digit: mod-97 fails, and the message says so.
    await fill(user, /^Account holder/, 'Hélène Durand');
    await fill(user, /^IBAN/, 'fr76 3000 6000 0112 3456 7890 188');
    await fill(user, /^Bank name/, 'BNP Paribas');
    await fillAddress(user);
    await fill(user, /^BIC/, 'BNPAFR');
    await user.click(within(form).getByRole('button', { name: 'Save bank details' }));
    // Every wrong field in one round: the BIC and the IBAN's check digits together.
    expect(screen.getByLabelText(/^BIC/)).toHaveAccessibleDescription(
      'This BIC is not valid: it has 8 or 11 letters and digits, e.g. STBKTNTT.',
    );
    expect(screen.getByLabelText(/^IBAN/)).toHaveAccessibleDescription(/check digits/);
    await fill(user, /^BIC/, 'BNPAFRPP');
    await user.click(within(form).getByRole('button', { name: 'Save bank details' }));
    expect(screen.getByLabelText(/^IBAN/)).toHaveAccessibleDescription(
      'This IBAN’s check digits (its 3rd and 4th characters) do not match the rest: there is a typo. Copy it again from your bank statement.',
    );
    expect(api.callsTo('POST', '/api/checkout/bank/create')).toHaveLength(0);
  });

  it('saves new details normalised and shows them masked (data saved)', async () => {
    const api = bankServer(null);
    renderBank();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Bank details' });
    await fill(user, /^Account holder/, 'Hélène Durand');
    await fill(user, /^IBAN/, 'fr76 3000 6000 0112 3456 7890 189');
    await fill(user, /^BIC/, 'bnpafrpp');
    // Leaving the IBAN grouped it by four and chose its country.
    expect(screen.getByLabelText(/^IBAN/)).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
    expect(screen.getByLabelText(/^Bank country/)).toHaveValue('FR');
    await fill(user, /^Bank name/, 'BNP Paribas');
    await fillAddress(user);
    await user.click(within(form).getByRole('button', { name: 'Save bank details' }));

    expect(await screen.findByText('data saved')).toBeInTheDocument();
    // The form's values: the server checks and normalises them again.
    expect(api.callsTo('POST', '/api/checkout/bank/create')[0]?.body).toMatchObject({
      holder: 'Hélène Durand',
      accountKind: 'iban',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'bnpafrpp',
      bankName: 'BNP Paribas',
      country: 'FR',
      holderCity: 'Paris',
      residenceCountry: 'FR',
    });
    expect(await screen.findByText('FR76 •••• •••• 0189')).toBeInTheDocument();
    expect(screen.queryByText(/30006000011234567890189/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('edits the saved details: the IBAN is typed again, PUT, data edited, the focus back on Edit', async () => {
    const api = bankServer(makeBank());
    renderBank();
    const user = userEvent.setup();
    expect(await screen.findByText('FR76 •••• •••• 0189')).toBeInTheDocument();
    // The bank's country and the residence; the holder's address on one line.
    expect(screen.getAllByText('France')).toHaveLength(2);
    expect(screen.getByText('14 rue des Écoles, 75005 Paris, France')).toBeInTheDocument();
    // No treaty form on file yet: the PDF may be uploaded.
    expect(screen.getByText('No treaty form on file.')).toBeInTheDocument();
    expect(screen.getByLabelText('Treaty form (PDF)')).toHaveAttribute('type', 'file');
    await user.click(screen.getByRole('button', { name: 'Edit' }));

    const holder = screen.getByLabelText(/^Account holder/);
    expect(holder).toHaveFocus();
    expect(holder).toHaveValue('Hélène Durand');
    expect(screen.getByLabelText(/^IBAN/)).toHaveValue('');
    expect(screen.getByLabelText(/^IBAN/)).toHaveAccessibleDescription(
      'Type the whole IBAN again (saved: FR76 •••• •••• 0189).',
    );
    await fill(user, /^IBAN/, 'DE89370400440532013000');
    await fill(user, /^BIC/, 'COBADEFFXXX');
    await fill(user, /^Bank name/, 'Commerzbank');
    await user.selectOptions(screen.getByLabelText(/^Bank country/), 'DE');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('data edited')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/checkout/bank/update')[0]?.body).toMatchObject({
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      country: 'DE',
    });
    expect(await screen.findByText('DE89 •••• •••• 3000')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });

  it('Cancel leaves the saved details as they were', async () => {
    const api = bankServer(makeBank());
    renderBank();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await fill(user, /^Bank name/, ' SA');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('BNP Paribas')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('shows the server’s field errors under the fields, with operation failed', async () => {
    bankServer(makeBank(), {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          fields: { 'body.bic': 'This BIC does not match the IBAN’s country.' },
        },
      },
    });
    renderBank();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await fill(user, /^IBAN/, 'FR7630006000011234567890189');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('operation failed')).toBeInTheDocument();
    expect(screen.getByLabelText(/^BIC/)).toHaveAccessibleDescription(
      'This BIC does not match the IBAN’s country.',
    );
    expect(screen.getByRole('form', { name: 'Bank details' })).toBeInTheDocument();
  });

  it('speaks French: labels, countries and the toast', async () => {
    bankServer(null);
    renderBank('fr');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Coordonnées bancaires' });
    expect(screen.getByLabelText(/^Titulaire du compte/)).toBeInTheDocument();
    expect(
      within(screen.getByLabelText(/^Pays de la banque/)).getByRole('option', { name: 'Allemagne' }),
    ).toBeInTheDocument();
    await fill(user, /^Titulaire du compte/, 'Hélène Durand');
    await fill(user, /^IBAN/, 'FR7630006000011234567890189');
    await fill(user, /^BIC/, 'BNPAFRPP');
    await fill(user, /^Nom de la banque/, 'BNP Paribas');
    await fillAddress(user, 'fr');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }));
    expect(await screen.findByText('Données enregistrées')).toBeInTheDocument();
  });
});
