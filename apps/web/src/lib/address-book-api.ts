import type { AddressBook, AddressBookBody, Country, SavedAddress } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

type EditArgs = { id: string; body: AddressBookBody };

/**
 * The buyer's address book (the account page keeps it, checkout offers it) and the countries an address may be in
 * (GET /api/checkout/countries). Saving an order's address with `saveToAddressBook` invalidates `AddressBook` too.
 */
export const addressBookApi = api.enhanceEndpoints({ addTagTypes: ['AddressBook'] }).injectEndpoints({
  endpoints: (build) => ({
    getAddressBook: build.query<AddressBook, void>({
      query: () => endpoints.addressBook.url(),
      extraOptions: { auth: true },
      providesTags: ['AddressBook'],
    }),
    addAddress: build.mutation<SavedAddress, AddressBookBody>({
      query: (body) => ({ url: endpoints.addressAdd.url(), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['AddressBook'] : []),
    }),
    editAddress: build.mutation<SavedAddress, EditArgs>({
      query: ({ id, body }) => ({ url: endpoints.addressEdit.url({ id }), method: 'PATCH', body }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['AddressBook'] : []),
    }),
    removeAddress: build.mutation<AddressBook, string>({
      query: (id) => ({ url: endpoints.addressRemove.url({ id }), method: 'DELETE' }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['AddressBook'] : []),
    }),
    makeDefaultAddress: build.mutation<AddressBook, string>({
      query: (id) => ({ url: endpoints.addressMakeDefault.url({ id }), method: 'POST' }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['AddressBook'] : []),
    }),
    getCountries: build.query<Country[], string>({
      // The argument is the interface language: the names come in it (one cache entry per language).
      query: () => endpoints.countries.url(),
    }),
  }),
});

export const {
  useGetAddressBookQuery,
  useAddAddressMutation,
  useEditAddressMutation,
  useRemoveAddressMutation,
  useMakeDefaultAddressMutation,
  useGetCountriesQuery,
} = addressBookApi;
