import type * as Sepa from 'sepa';
import { onFirstUse } from '../../lib/on-first-use.ts';

/**
 * The SEPA credit transfer file of a payout run (ISO 20022 pain.001.001.09, as the EPC's SCT customer-to-bank
 * guidelines restrict it), made with the kept library `sepa` (kewisch/sepa.js): one payment information block
 * debiting the platform's account, one transaction per payout.
 */

/** Loaded with the first payout file. */
const sepa = onFirstUse<typeof Sepa>('sepa');

export type TransferParty = { name: string; iban: string; bic: string };

export type Transfer = {
  /** The payout's reference: the transaction's end-to-end id, shown on the author's statement. */
  reference: string;
  holder: string;
  iban: string;
  bic: string;
  amountCents: number;
  /** Unstructured remittance text (transliterated and cut to 140 characters here). */
  remittance: string;
};

export type TransferFile = {
  /** The run's reference: the message id (MsgId). */
  reference: string;
  createdAt: Date;
  /** The requested execution date, YYYY-MM-DD. */
  executionDate: string;
  debtor: TransferParty;
  transfers: Transfer[];
};

export const PAIN_FORMAT = 'pain.001.001.09';

/** Letters that have no decomposition to a base letter (NFKD leaves them whole). */
const LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'TH',
  þ: 'th',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  ʼ: "'",
  '`': "'",
  '´': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '−': '-',
  _: '-',
  '&': '+',
};

/** The EPC's basic Latin character set: what every bank of the scheme accepts in names and remittance text. */
const NOT_SEPA = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/**
 * A text in the SEPA character set: accents dropped (é → e), letters without a decomposition spelled out
 * (Ł → L, ß → ss, Œ → OE), typographic quotes and dashes made plain, anything else a space; spaces collapsed,
 * cut to `max` characters.
 */
export function sepaText(value: string, max: number): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/./gu, (c) => LETTERS[c] ?? c)
    .replace(NOT_SEPA, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** Cents as the file writes amounts: "1234.05" (no float on the way). */
export function decimalOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A calendar date at local noon: the library writes dates in the local time zone. */
function localDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(year!, month! - 1, day!, 12);
}

const compact = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/**
 * The pain.001.001.09 XML of a run. The library sums the amounts as floats for the control sums; they are
 * written here from the cents instead, so they equal the sum of the transactions exactly.
 */
export function painXml(file: TransferFile): string {
  if (file.transfers.length === 0) throw new Error('A transfer file needs at least one transfer.');
  const debtorName = sepaText(file.debtor.name, 70) || 'NOTPROVIDED';

  const doc = new (sepa().Document)(PAIN_FORMAT);
  doc.grpHdr.id = file.reference;
  doc.grpHdr.created = file.createdAt;
  doc.grpHdr.initiatorName = debtorName;

  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = localDay(file.executionDate);
  info.debtorName = debtorName;
  info.debtorIBAN = compact(file.debtor.iban);
  info.debtorBIC = file.debtor.bic;
  // The payment information's id is prefixed with the message id: added before its transactions, whose ids it
  // prefixes in turn.
  doc.addPaymentInfo(info);

  let totalCents = 0;
  for (const transfer of file.transfers) {
    if (!Number.isSafeInteger(transfer.amountCents) || transfer.amountCents <= 0)
      throw new RangeError(`payout ${transfer.reference}: amount ${transfer.amountCents} is not payable`);
    totalCents += transfer.amountCents;
    const iban = compact(transfer.iban);
    const tx = info.createTransaction();
    tx.end2endId = transfer.reference;
    tx.creditorName = sepaText(transfer.holder, 70) || 'NOTPROVIDED';
    tx.creditorIBAN = iban;
    // The BIC is optional in SEPA: one of another country than the IBAN's is left out rather than refused.
    tx.creditorBIC = transfer.bic.slice(4, 6) === iban.slice(0, 2) ? transfer.bic : '';
    tx.amount = Number(decimalOf(transfer.amountCents));
    tx.remittanceInfo = sepaText(transfer.remittance, 140);
    info.addTransaction(tx);
  }

  const controlSum = decimalOf(totalCents);
  return doc.toString().replace(/<CtrlSum>[^<]*<\/CtrlSum>/g, `<CtrlSum>${controlSum}</CtrlSum>`);
}
