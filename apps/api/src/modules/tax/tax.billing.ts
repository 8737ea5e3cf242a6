import { isEuMember, type BillingCountry, type Language, type TaxEvidence } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import { parseVatNumber } from './tax.vat-number.ts';

/** The EU's VIES check of a VAT number, as tax.vies.ts answers it. */
export type VatCheck = (
  prefix: string,
  number: string,
) => Promise<
  | { status: 'valid'; name: string | null; requestIdentifier: string | null }
  | { status: 'invalid' }
  | { status: 'unavailable'; reason: string }
>;

export type BillingInput = {
  country: string;
  vatNumber?: string | undefined;
  confirmCountry?: boolean | undefined;
  /** The request's client address (behind the trusted proxies). */
  ip: string | null;
};

/** Where the buyer lives, decided from the evidence, and whether they buy as an EU business. */
export type BillingDecision = {
  country: string;
  /** The VAT number accepted for the reverse charge, or null. */
  vatNumber: string | null;
  evidence: TaxEvidence;
};

/**
 * The countries a buyer may say they live in: the 249 codes of ISO 3166-1, as Intl knows them. Unknown codes come
 * back from Intl as themselves; EU, UN, EZ and the private-use codes are not countries; deprecated codes (DD, the
 * former East Germany, named "Germany"; UK, SU, YU…) are replaced by their current one, and the exceptionally
 * reserved ones (Ascension, Canaries, Ceuta and Melilla…) belong to a country listed.
 */
const regionCodes: string[] = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (names.of(code) === code || /^(EU|UN|EZ|ZZ|Q[M-Z]|X[A-Z]|AA|OO|AC|CP|CQ|DG|EA|IC|TA)$/.test(code))
        continue;
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      codes.push(code);
    }
  }
  return codes;
})();
const regionSet = new Set(regionCodes);

/** The countries a buyer may live in, named in `language`, sorted the way its readers expect. */
export function billingCountries(language: Language): BillingCountry[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const collator = new Intl.Collator(language);
  return regionCodes
    .map((code) => ({ code, name: names.of(code) ?? code, eu: isEuMember(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const refused = (field: string, key: string, text: string) =>
  new AppError('validation_failed', text, { [field]: key });

/**
 * The billing step's decision (decision 0027). The country given is one piece of evidence; the country of the
 * request's address is the second. When they disagree the buyer is asked once (409 `country_unconfirmed`, its
 * `reason` naming the other country) and their confirmation is recorded. An EU business's VAT number must be of
 * the billing country, well formed, and — when VIES checking is on — known to VIES; its country then is the
 * business's establishment, so the address of the request does not matter.
 */
export function createBillingDecision(deps: {
  ipCountry: (ip: string | null) => string | null;
  vies: VatCheck | null;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async function decide(input: BillingInput): Promise<BillingDecision> {
    const country = input.country;
    if (!regionSet.has(country))
      throw refused('country', 'country.invalid', 'This is not a country we know.');
    const at = now().toISOString();
    let vatCheck: TaxEvidence['vatCheck'] = null;
    if (input.vatNumber) {
      if (!isEuMember(country)) {
        throw refused(
          'vatNumber',
          'vatNumber.notEu',
          'A VAT number is for businesses of the European Union.',
        );
      }
      const parsed = parseVatNumber(input.vatNumber, country);
      if (!parsed.ok) {
        throw refused('vatNumber', `vatNumber.${parsed.reason}`, 'This VAT number is not valid.');
      }
      if (parsed.country !== country) {
        throw refused(
          'vatNumber',
          'vatNumber.countryMismatch',
          'This VAT number is of another country than the billing country.',
        );
      }
      if (deps.vies) {
        const checked = await deps.vies(parsed.prefix, parsed.number.slice(parsed.prefix.length));
        if (checked.status === 'unavailable') {
          throw new AppError(
            'vat_check_unavailable',
            'The EU’s VIES service cannot check VAT numbers just now; try again in a few minutes.',
          );
        }
        if (checked.status === 'invalid') {
          throw refused(
            'vatNumber',
            'vatNumber.notRegistered',
            'The EU’s VIES service does not know this VAT number.',
          );
        }
        vatCheck = {
          number: parsed.number,
          by: 'vies',
          name: checked.name,
          reference: checked.requestIdentifier,
          at,
        };
      } else {
        vatCheck = { number: parsed.number, by: 'format', name: null, reference: null, at };
      }
    }
    const ipCountry = deps.ipCountry(input.ip);
    const contradicted = ipCountry !== null && ipCountry !== country && vatCheck === null;
    if (contradicted && !input.confirmCountry) {
      throw new AppError(
        'country_unconfirmed',
        `Your connection seems to come from ${ipCountry}: confirm that you live in ${country}.`,
        { country: 'country.unconfirmed' },
        { reason: ipCountry },
      );
    }
    return {
      country,
      vatNumber: vatCheck?.number ?? null,
      evidence: {
        billingCountry: country,
        ipAddress: input.ip,
        ipCountry,
        cardCountry: null,
        confirmedByBuyer: contradicted,
        vatCheck,
        at,
      },
    };
  };
}

export type DecideBilling = ReturnType<typeof createBillingDecision>;
