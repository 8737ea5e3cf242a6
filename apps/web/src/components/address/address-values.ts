import type { Address, AddressInput } from '@hls/contract';

/** A delivery address as its form holds it: every field a string, the optional ones empty. */
export type AddressValues = {
  fullName: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
};

export const emptyAddressValues: AddressValues = {
  fullName: '',
  line1: '',
  line2: '',
  postalCode: '',
  city: '',
  country: '',
  phone: '',
};

export function addressValuesFrom(address: Address | null): AddressValues {
  if (!address) return emptyAddressValues;
  return {
    fullName: address.fullName,
    line1: address.line1,
    line2: address.line2 ?? '',
    postalCode: address.postalCode,
    city: address.city,
    country: address.country,
    phone: address.phone ?? '',
  };
}

/** What the contract's `Address` checks: the optional parts left out when empty. */
export function addressInput(values: AddressValues): AddressInput {
  const { line2, phone, ...required } = values;
  return {
    ...required,
    ...(line2.trim() ? { line2 } : {}),
    ...(phone.trim() ? { phone } : {}),
  };
}
