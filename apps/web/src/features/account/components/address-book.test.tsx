import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddressBook, SavedAddress } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AddressBookSection } from './address-book';

const entry = (id: string, fields: Partial<SavedAddress>): SavedAddress => ({
  id,
  label: null,
  fullName: 'Zoë Łukasz',
  line1: '12 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
  isDefault: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe('address book section', () => {
  it('makes an address the default, and removes one only once the removal is confirmed', async () => {
    let book: AddressBook = {
      results: [
        entry('a1', { label: 'Home', isDefault: true }),
        entry('a2', { label: 'Office', city: 'Lyon' }),
      ],
      max: 20,
    };
    const api = fakeApi({
      'GET /api/account/addresses': () => jsonResponse(200, book),
      'POST /api/account/addresses/a2/default': () => {
        book = { ...book, results: book.results.map((a) => ({ ...a, isDefault: a.id === 'a2' })) };
        return jsonResponse(200, book);
      },
      'DELETE /api/account/addresses/a1': () => {
        book = { ...book, results: book.results.filter((a) => a.id !== 'a1') };
        return jsonResponse(200, book);
      },
    });
    renderWithProviders(<AddressBookSection />);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Address book' });
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2);
    expect(within(section).getByText('2 of 20 addresses')).toBeInTheDocument();
    // The default has no "Make default"; each button names its address.
    expect(within(section).queryByRole('button', { name: 'Make default — Home' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Make default — Office' }));
    expect(await screen.findByText('Office is now your default address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/account/addresses/a2/default')).toHaveLength(1);

    await user.click(await within(section).findByRole('button', { name: 'Remove — Home' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE', '/api/account/addresses/a1')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Remove — Home' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove this address?' })).getByRole('button', {
        name: 'Remove the address',
      }),
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/account/addresses/a1')).toHaveLength(1);
  });

  it('says when the book is full instead of offering to add, in French', async () => {
    fakeApi({
      'GET /api/account/addresses': () =>
        jsonResponse(200, {
          results: Array.from({ length: 20 }, (_, i) => entry(`a${i}`, { isDefault: i === 0 })),
          max: 20,
        }),
    });
    renderWithProviders(<AddressBookSection />, { lng: 'fr' });
    const section = await screen.findByRole('region', { name: 'Carnet d’adresses' });
    expect((await within(section).findByText(/^Votre carnet d’adresses est plein/)).textContent).toBe(
      'Votre carnet d’adresses est plein (20 adresses)\u202f: supprimez-en une pour en ajouter une autre.',
    );
    expect(within(section).queryByRole('button', { name: 'Ajouter une adresse' })).toBeNull();
  });

  it('adds an address, checked with checkout’s rules before it is sent', async () => {
    const api = fakeApi({
      'GET /api/account/addresses': () => jsonResponse(200, { results: [], max: 20 }),
      'GET /api/checkout/countries': () => jsonResponse(200, [{ code: 'FR', name: 'France' }]),
      'POST /api/account/addresses': ({ body }) =>
        jsonResponse(201, entry('n1', { ...(body as object), isDefault: true })),
    });
    renderWithProviders(<AddressBookSection />);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Address book' });
    await user.click(await within(section).findByRole('button', { name: 'Add an address' }));
    const form = within(section).getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Save the address' }));
    expect(within(form).getByLabelText(/^Postal code/)).toHaveAccessibleDescription('Enter the postal code.');
    expect(api.callsTo('POST', '/api/account/addresses')).toHaveLength(0);
    // The first address is the default anyway: no box to tick.
    expect(within(form).queryByRole('checkbox')).toBeNull();

    await user.type(within(form).getByLabelText(/^Name of this address/), 'Home');
    await user.type(within(form).getByLabelText(/^Full name/), 'Zoë Łukasz');
    await user.type(within(form).getByLabelText(/^Address \*/), '12 rue de la Paix');
    await user.type(within(form).getByLabelText(/^Postal code/), '75002');
    await user.type(within(form).getByLabelText(/^City/), 'Paris');
    await user.selectOptions(await within(form).findByLabelText(/^Country/), 'FR');
    await user.click(within(form).getByRole('button', { name: 'Save the address' }));
    expect(await screen.findByText('Address saved in your address book')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/account/addresses')[0]?.body).toEqual({
      label: 'Home',
      fullName: 'Zoë Łukasz',
      line1: '12 rue de la Paix',
      postalCode: '75002',
      city: 'Paris',
      country: 'FR',
      makeDefault: false,
    });
  });
});
