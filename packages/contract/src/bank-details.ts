import {
  getCountrySpecifications,
  isSEPACountry,
  validateBIC,
  validateIBAN,
  ValidationErrorsBIC,
  ValidationErrorsIBAN,
} from 'ibantools';
import { z } from 'zod';
import { BANK_HOLDER_MAX, BANK_NAME_MAX } from './values.ts';

/**
 * An author's bank details, wherever they live (SPEC §7 the bank routes, §8 bank toasts; DESIGN §3
 * `bank_accounts`). An account is named by its IBAN in any country of the IBAN formats `ibantools` knows (the SWIFT
 * registry's, Tunisia and Egypt among them, and the national ones of Morocco, Algeria or Senegal), or, where the
 * country's banks have no IBAN (the United States, Canada …), by its account number with the bank's BIC, name and
 * address. The holder's address is always asked: a transfer outside SEPA names the creditor's address, and the
 * country of residence decides the withholding tax.
 *
 * Payees are paid in euros by a SEPA credit transfer when their IBAN is of a SEPA country, by an international
 * (non-SEPA) credit transfer otherwise (`payoutSchemeOf`).
 */

/** How an account is named: its IBAN, or its account number at a bank named by its BIC and address. */
export const bankAccountKinds = ['iban', 'account'] as const;
export type BankAccountKind = (typeof bankAccountKinds)[number];

/** How a payout travels: a SEPA credit transfer, or an international one (the second transfer file). */
export const payoutSchemes = ['sepa', 'international'] as const;
export type PayoutScheme = (typeof payoutSchemes)[number];

/** Who pays the banks' charges of an international transfer (ISO 20022 ChargeBearerType1Code). */
export const chargeBearers = ['SHAR', 'DEBT', 'CRED'] as const;
export type ChargeBearer = (typeof chargeBearers)[number];

export const BANK_ADDRESS_MAX = 140;
export const STREET_MAX = 70;
export const POSTCODE_MAX = 16;
export const CITY_MAX = 35;
/** ISO 20022 `Othr/Id` (Max34Text): an account number of 4 to 34 letters and digits. */
export const ACCOUNT_NUMBER_MAX = 34;

/**
 * Spaces (any: a no-break space pasted from a PDF too), dashes and dots out, upper case: the form the IBAN is
 * checked and stored in.
 */
export function normalizeIban(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/** An account number as it is stored and sent: spaces, dashes and dots out, upper case. */
export const normalizeAccountNumber = normalizeIban;

/** True when the country's banks name accounts by an IBAN `ibantools` can check. */
export function hasIban(country: string): boolean {
  return Boolean(getCountrySpecifications()[country.toUpperCase()]?.chars);
}

/** True when the country is in the SWIFT IBAN registry: its accounts must be given by their IBAN. */
export function isIbanRegistryCountry(country: string): boolean {
  return Boolean(getCountrySpecifications()[country.toUpperCase()]?.IBANRegistry);
}

/** The territories whose banks use another country's IBAN (and BIC country), as the SEPA scheme lists them. */
const TERRITORIES: Record<string, string[]> = {
  FI: ['AX'],
  FR: ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'],
  GB: ['IM', 'JE', 'GG'],
};

/** True when a BIC's country (its 5th and 6th letters) may serve an account of `country`. */
export function bicServes(bic: string, country: string): boolean {
  const bicCountry = bic.slice(4, 6);
  return bicCountry === country || (TERRITORIES[country]?.includes(bicCountry) ?? false);
}

/** The field message of an IBAN `ibantools` refused: what precisely is wrong. */
export function ibanProblem(iban: string): string | null {
  if (!iban) return 'iban.required';
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  if (!/^[A-Z]{2}/.test(iban) || errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry))
    return hasIban(iban.slice(0, 2)) ? 'iban.invalid' : 'iban.noIbanCountry';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'iban.length';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return 'iban.format';
  if (
    errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum)
  )
    return 'iban.checksum';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return 'iban.bankKey';
  return 'iban.invalid';
}

/** The field message of a BIC `ibantools` refused. */
export function bicProblem(bic: string): string | null {
  if (!bic) return 'bic.required';
  const { valid, errorCodes } = validateBIC(bic);
  if (valid) return null;
  if (errorCodes.includes(ValidationErrorsBIC.NoBICCountry)) return 'bic.country';
  return 'bic.invalid';
}

/** SEPA for an IBAN of a SEPA country (the payouts are in euros); international otherwise. */
export function payoutSchemeOf(account: {
  accountKind: BankAccountKind;
  iban?: string | null;
}): PayoutScheme {
  return account.accountKind === 'iban' && account.iban && isSEPACountry(account.iban.slice(0, 2))
    ? 'sepa'
    : 'international';
}

/**
 * "FR76 •••• •••• 1234": the country and check digits, then the last four characters; the length of the rest is
 * not shown either. Takes the IBAN in electronic form (no spaces, upper case).
 */
export function maskIban(iban: string): string {
  const compact = normalizeIban(iban);
  return `${compact.slice(0, 4)} •••• •••• ${compact.slice(-4)}`;
}

/** "•••• •••• 6789": an account number's last four characters. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• •••• ${normalizeAccountNumber(accountNumber).slice(-4)}`;
}

/**
 * An IBAN: mod-97 and the country's format (and the French RIB key), after upper-casing, of any country whose IBAN
 * format is known. Each refusal names what is wrong (`ibanProblem`).
 */
export const Iban = z
  .string({ error: 'iban.required' })
  .trim()
  .max(50, 'iban.length')
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const problem = ibanProblem(iban);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A BIC (8 or 11 characters), after upper-casing. */
export const Bic = z
  .string({ error: 'bic.required' })
  .trim()
  .transform((bic) => bic.replace(/\s+/g, '').toUpperCase())
  .superRefine((bic, ctx) => {
    const problem = bicProblem(bic);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An ISO 3166-1 alpha-2 country code, upper-cased. */
export const CountryField = (field: string) =>
  z
    .string({ error: `${field}.required` })
    .trim()
    .toUpperCase()
    .refine((code) => code.length > 0, `${field}.required`)
    .refine((code) => code.length === 0 || /^[A-Z]{2}$/.test(code), 'country.invalid');

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field}.required` })
    .trim()
    .min(min, `${field}.required`)
    .max(max, `${field}.tooLong`);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** The fields of bank details, each checked on its own (the account's rules follow in `accountIssues`). */
const BankDetailsFields = z.object({
  holder: text('holder', 2, BANK_HOLDER_MAX),
  accountKind: z.enum(bankAccountKinds, { error: 'accountKind.invalid' }).default('iban'),
  iban: optionalText,
  accountNumber: optionalText,
  bic: Bic,
  bankName: text('bankName', 2, BANK_NAME_MAX),
  bankAddress: optionalText,
  /** ISO 3166-1 alpha-2 code of the bank's country (for an IBAN, the IBAN's). */
  country: CountryField('country'),
  holderStreet: text('holderStreet', 2, STREET_MAX),
  holderPostcode: text('holderPostcode', 1, POSTCODE_MAX),
  holderCity: text('holderCity', 1, CITY_MAX),
  holderCountry: CountryField('holderCountry'),
  /** Where the author lives for tax purposes: the withholding rate follows it. */
  residenceCountry: CountryField('residenceCountry'),
});
type BankDetailsFields = z.output<typeof BankDetailsFields>;

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The account's own rules, over the fields as far as they were read (some may have failed their own checks): the
 * IBAN of an `iban` account (and its BIC of the IBAN's country); the account number, bank address and the BIC of
 * the bank's country for an `account` one, which a country of the IBAN registry may not use. Each issue names its
 * field; none repeats a field's own (a BIC refused by itself is not judged against the country).
 */
export function accountIssues(body: Partial<Record<keyof BankDetailsFields, unknown>>): {
  path: string;
  message: string;
}[] {
  const issues: { path: string; message: string }[] = [];
  const issue = (path: string, message: string) => issues.push({ path, message });
  const bic = asText(body.bic);
  const country = asText(body.country);
  const bicChecked = !bicProblem(bic);
  if (body.accountKind === 'iban') {
    const iban = normalizeIban(asText(body.iban));
    const problem = iban.length > 50 ? 'iban.length' : ibanProblem(iban);
    if (problem) issue('iban', problem);
    else if (bicChecked && !bicServes(bic, iban.slice(0, 2))) issue('bic', 'bic.notIbanCountry');
  } else if (body.accountKind === 'account') {
    const accountNumber = normalizeAccountNumber(asText(body.accountNumber));
    const bankAddress = asText(body.bankAddress);
    if (/^[A-Z]{2}$/.test(country) && isIbanRegistryCountry(country))
      issue('accountNumber', 'accountNumber.useIban');
    else if (!accountNumber) issue('accountNumber', 'accountNumber.required');
    else if (!/^[A-Z0-9]{4,34}$/.test(accountNumber)) issue('accountNumber', 'accountNumber.invalid');
    if (bankAddress.length < 5) issue('bankAddress', 'bankAddress.required');
    else if (bankAddress.length > BANK_ADDRESS_MAX) issue('bankAddress', 'bankAddress.tooLong');
    if (bicChecked && /^[A-Z]{2}$/.test(country) && !bicServes(bic, country))
      issue('bic', 'bic.notBankCountry');
  }
  return issues;
}

/**
 * POST /api/checkout/bank/create and PUT /api/checkout/bank/update (the whole set each time). With `accountKind`
 * `iban` the IBAN names the account (the bank's country is the IBAN's); with `account` the account number, and the
 * bank's address is asked, in a country whose accounts have no IBAN in the registry. The BIC is always asked and
 * must be of the account's country. The holder's address and the country of residence are always asked.
 *
 * Every wrong field is reported at once: the account's rules run even when other fields failed (a refinement told
 * to run always), and the value is only shaped for storage once all passed.
 */
export const BankDetailsBody = BankDetailsFields.superRefine(
  (body, ctx) => {
    for (const { path, message } of accountIssues(body))
      ctx.addIssue({ code: 'custom', path: [path], message });
  },
  { when: () => true },
).transform((body) => {
  const { accountKind } = body;
  const iban = accountKind === 'iban' ? normalizeIban(body.iban ?? '') : null;
  let country = body.country;
  if (iban) {
    // The bank's country is the IBAN's (an overseas territory keeps the one it chose).
    const ibanCountry = iban.slice(0, 2);
    if (country !== ibanCountry && !TERRITORIES[ibanCountry]?.includes(country)) country = ibanCountry;
  }
  return {
    holder: body.holder,
    accountKind,
    iban,
    accountNumber: accountKind === 'account' ? normalizeAccountNumber(body.accountNumber ?? '') : null,
    bic: body.bic,
    bankName: body.bankName,
    bankAddress: accountKind === 'account' ? body.bankAddress! : (body.bankAddress ?? null),
    country,
    holderStreet: body.holderStreet,
    holderPostcode: body.holderPostcode,
    holderCity: body.holderCity,
    holderCountry: body.holderCountry,
    residenceCountry: body.residenceCountry,
  };
});
export type BankDetailsBody = z.input<typeof BankDetailsBody>;
export type BankDetailsInput = z.output<typeof BankDetailsBody>;

/**
 * The treaty form an author uploaded with their residence (a certificate of residence or a double-taxation treaty
 * form): a PDF kept in private storage, downloaded by its author and by admins (GET …/treaty-form/{id}).
 */
export const TreatyForm = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** The country of residence declared when it was uploaded. */
  residenceCountry: z.string().nullable(),
  uploadedAt: z.string(),
});
export type TreatyForm = z.infer<typeof TreatyForm>;
export const TreatyFormParams = z.object({ id: z.uuid({ error: 'id.invalid' }) });
/** The largest treaty form taken (bytes): a scanned form of a few pages. */
export const TREATY_FORM_MAX_BYTES = 10 * 1024 * 1024;

/**
 * GET /api/checkout/bank/one: the saved details, the IBAN or account number masked (the whole never leaves the
 * server). Details saved before the holder's address was asked have it null.
 */
export const BankDetails = z.object({
  holder: z.string(),
  accountKind: z.enum(bankAccountKinds),
  /** "FR76 •••• •••• 1234" for an IBAN, "•••• •••• 6789" for an account number. */
  ibanMasked: z.string(),
  bic: z.string(),
  bankName: z.string(),
  bankAddress: z.string().nullable(),
  country: z.string(),
  holderStreet: z.string().nullable(),
  holderPostcode: z.string().nullable(),
  holderCity: z.string().nullable(),
  holderCountry: z.string().nullable(),
  residenceCountry: z.string().nullable(),
  /** How these details are paid. */
  scheme: z.enum(payoutSchemes),
  treatyForm: TreatyForm.nullable(),
  updatedAt: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;
/** `null` when none is saved. */
export const BankDetailsResponse = BankDetails.nullable();

/** Every country code `ibantools` lists (with an IBAN or without): the choices of the bank and address forms. */
export function bankCountryCodes(): string[] {
  return Object.keys(getCountrySpecifications()).filter((code) => /^[A-Z]{2}$/.test(code));
}
