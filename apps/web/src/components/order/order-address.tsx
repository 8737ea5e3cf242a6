import type { Address } from '@hls/contract';

/** The country's name in the interface language (the API names the countries it lists the same way). */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A delivery address as a postal label. */
export function PostalAddress({ address, locale }: { address: Address; locale: string }) {
  return (
    <address className="postal-address">
      {address.fullName}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.postalCode} {address.city}
      <br />
      {countryName(address.country, locale)}
      {address.phone && (
        <>
          <br />
          {address.phone}
        </>
      )}
    </address>
  );
}
