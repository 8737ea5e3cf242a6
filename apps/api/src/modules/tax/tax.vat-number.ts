import type * as Jsvat from 'jsvat';
import { onFirstUse } from '../../lib/on-first-use.ts';

/** Loaded with the first VAT number read: an idle server does not hold it. */
const jsvat = onFirstUse<typeof Jsvat>('jsvat');

/**
 * A buyer's VAT number, read the way people type it ("fr 40 303.265.045", "ATU-1223-1204", "40303265045" with
 * France as billing country) and checked against its state's format and check digits (jsvat). Only numbers that
 * VIES knows are accepted: the 27 member states and Northern Ireland (XI, for goods), since only an EU business
 * can be invoiced under the reverse charge. A number whose format is right may still not exist: VIES says that.
 */

export type VatNumber = {
  ok: true;
  /** ISO 3166-1 alpha-2 country of the number: GR for Greece's EL numbers, GB for Northern Ireland's XI. */
  country: string;
  /** The VAT prefix the number is written with and VIES is asked with: EL for Greece, XI for Northern Ireland. */
  prefix: string;
  /** The number as written on an invoice, prefix included, without spaces: 'FR40303265045'. */
  number: string;
};

export type VatNumberRefusal = {
  ok: false;
  /** `format`: not a number of any member state; `notEu`: a number of a state outside the EU (GB, CH, NO…). */
  reason: 'format' | 'notEu';
};

type MemberState = {
  /** ISO 3166-1 alpha-2 country. */
  country: string;
  /** The name of jsvat's rules for the state's numbers. */
  rules: StateRules;
  /** The prefix jsvat reads the number with. */
  jsvatPrefix: string;
};

/** jsvat's rules of the states whose numbers are read. */
type StateRules = {
  [Name in keyof typeof Jsvat]: (typeof Jsvat)[Name] extends Jsvat.Country ? Name : never;
}[keyof typeof Jsvat];

const state = (rules: StateRules, prefix: string, country = prefix, jsvatPrefix = prefix) =>
  [prefix, { country, rules, jsvatPrefix }] as const;

/** VIES prefix → the state's country and rules. */
const memberStates: ReadonlyMap<string, MemberState> = new Map([
  state('austria', 'AT'),
  state('belgium', 'BE'),
  state('bulgaria', 'BG'),
  state('cyprus', 'CY'),
  state('czechRepublic', 'CZ'),
  state('germany', 'DE'),
  state('denmark', 'DK'),
  state('estonia', 'EE'),
  state('greece', 'EL', 'GR'),
  state('spain', 'ES'),
  state('finland', 'FI'),
  state('france', 'FR'),
  state('croatia', 'HR'),
  state('hungary', 'HU'),
  state('ireland', 'IE'),
  state('italy', 'IT'),
  state('lithuania', 'LT'),
  state('luxembourg', 'LU'),
  state('latvia', 'LV'),
  state('malta', 'MT'),
  state('netherlands', 'NL'),
  state('poland', 'PL'),
  state('portugal', 'PT'),
  state('romania', 'RO'),
  state('sweden', 'SE'),
  state('slovenia', 'SI'),
  state('slovakiaRepublic', 'SK'),
  // Northern Ireland's traders keep the EU's VAT rules for goods; their numbers are UK numbers.
  state('unitedKingdom', 'XI', 'GB', 'GB'),
]);

/** The VAT prefix of an ISO country that has one in VIES: GR → EL; null for any other country. */
export function vatPrefixOf(country: string): string | null {
  const code = country.trim().toUpperCase();
  if (code === 'GR') return 'EL';
  if (code === 'EL' || code === 'GB') return null;
  return memberStates.has(code) ? code : null;
}

/** The VAT prefixes VIES answers for: the member states and XI. */
export const viesPrefixes: readonly string[] = [...memberStates.keys()];

const separators = /[\s.\-/]+/g;

function check(prefix: string, national: string): VatNumber | null {
  const member = memberStates.get(prefix);
  if (!member || national === '') return null;
  const { checkVAT, [member.rules]: rules } = jsvat();
  if (!checkVAT(member.jsvatPrefix + national, [rules]).isValid) return null;
  return { ok: true, country: member.country, prefix, number: prefix + national };
}

/**
 * Reads a VAT number. `billingCountry` (ISO) is the country assumed when the number is typed without its prefix;
 * a number that starts with a member state's prefix is read as that state's.
 */
export function parseVatNumber(input: string, billingCountry?: string | null): VatNumber | VatNumberRefusal {
  const compact = input.normalize('NFKC').toUpperCase().replace(separators, '');
  if (!/^[A-Z0-9]{2,20}$/.test(compact)) return { ok: false, reason: 'format' };
  const lead = compact.slice(0, 2);
  // Greek numbers are sometimes written with the ISO code.
  const leadPrefix = lead === 'GR' ? 'EL' : lead;
  const hintPrefix = billingCountry ? vatPrefixOf(billingCountry) : null;

  if (memberStates.has(leadPrefix)) {
    const parsed = check(leadPrefix, compact.slice(2));
    if (parsed) return parsed;
  }
  if (hintPrefix && !(memberStates.has(leadPrefix) && leadPrefix === hintPrefix)) {
    // A French number's key may be two letters: "DE123456789" typed by a French buyer is tried as French too.
    const parsed = check(hintPrefix, compact);
    if (parsed) return parsed;
  }
  if (memberStates.has(leadPrefix)) return { ok: false, reason: 'format' };
  // A number of a state outside the EU that jsvat knows (GB, CH, NO, the non-Union OSS's EU…).
  const { checkVAT, countries } = jsvat();
  if (/^[A-Z]{2}/.test(compact) && checkVAT(compact, countries).isSupportedCountry) {
    return { ok: false, reason: 'notEu' };
  }
  // No prefix, typed by a buyer who bills from outside the EU.
  if (billingCountry && !hintPrefix && /^\d/.test(compact)) return { ok: false, reason: 'notEu' };
  return { ok: false, reason: 'format' };
}
