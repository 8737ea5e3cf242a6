import type * as XmlBuilder from 'xmlbuilder2';
import type { BankAccountKind, ChargeBearer } from '@hls/contract';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { decimalOf, PAIN_FORMAT, sepaText, type TransferParty } from './royalties.pain001.ts';

/**
 * The international (non-SEPA) credit transfer file of a payout run: ISO 20022 pain.001.001.09, the message the
 * SEPA file is, without the SEPA scheme's restrictions. The `sepa` library writes only the SEPA rulebook's subset
 * (service level SEPA, charges SLEV, an IBAN), so this one is written with `xmlbuilder2` (decision 0028, docs/decisions/0028-payouts-abroad.md): one
 * payment information block debiting the platform's account in euros, with the charges bearer of the settings,
 * one transaction per payout naming the creditor's bank by its BIC (and its name and address when the account is
 * an account number), the creditor's postal address, and the account by its IBAN or, where the country has none,
 * by its account number (`Othr/Id`).
 */

/** Loaded with the first payout file abroad. */
const xmlbuilder2 = onFirstUse<typeof XmlBuilder>('xmlbuilder2');

export type InternationalTransfer = {
  /** The payout's reference: the end-to-end id. */
  reference: string;
  holder: string;
  accountKind: BankAccountKind;
  /** The IBAN, or the account number. */
  account: string;
  bic: string;
  amountCents: number;
  remittance: string;
  creditor: {
    street: string | null;
    postcode: string | null;
    city: string | null;
    country: string | null;
    bankName: string;
    bankAddress: string | null;
    bankCountry: string;
  };
};

export type InternationalTransferFile = {
  /** The message id: the run's reference with a suffix, so that the bank sees two messages. */
  reference: string;
  createdAt: Date;
  executionDate: string;
  debtor: TransferParty;
  chargeBearer: ChargeBearer;
  transfers: InternationalTransfer[];
};

const NS = `urn:iso:std:iso:20022:tech:xsd:${PAIN_FORMAT}`;

/** "2026-11-20T09:30:00": the creation time as the message writes it (UTC, no fraction). */
const isoDateTime = (at: Date) => at.toISOString().slice(0, 19);

/** The postal address of a party, its parts in the schema's order; null when nothing is known. */
function postalAddress(parts: {
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
}) {
  const address: Record<string, string> = {};
  const street = parts.street ? sepaText(parts.street, 70) : '';
  const postcode = parts.postcode ? sepaText(parts.postcode, 16) : '';
  const city = parts.city ? sepaText(parts.city, 35) : '';
  if (street) address.StrtNm = street;
  if (postcode) address.PstCd = postcode;
  if (city) address.TwnNm = city;
  if (parts.country) address.Ctry = parts.country;
  return Object.keys(address).length > 0 ? address : null;
}

/** A bank's address given as one line: up to two address lines of 70 characters, with its country. */
function bankAddressOf(text: string | null, country: string) {
  const compact = text ? sepaText(text, 140) : '';
  const lines = compact ? [compact.slice(0, 70).trim(), compact.slice(70).trim()].filter(Boolean) : [];
  return { Ctry: country, ...(lines.length > 0 ? { AdrLine: lines } : {}) };
}

/**
 * The pain.001.001.09 XML of a run's international payouts, amounts and control sums from the cents (never a
 * float).
 */
export function internationalPainXml(file: InternationalTransferFile): string {
  if (file.transfers.length === 0) throw new Error('A transfer file needs at least one transfer.');
  const debtorName = sepaText(file.debtor.name, 70) || 'NOTPROVIDED';
  let totalCents = 0;
  const transactions = file.transfers.map((transfer) => {
    if (!Number.isSafeInteger(transfer.amountCents) || transfer.amountCents <= 0)
      throw new RangeError(`payout ${transfer.reference}: amount ${transfer.amountCents} is not payable`);
    totalCents += transfer.amountCents;
    const { creditor } = transfer;
    const account = transfer.account.replace(/\s+/g, '').toUpperCase();
    const creditorAddress = postalAddress(creditor);
    return {
      PmtId: { InstrId: transfer.reference, EndToEndId: transfer.reference },
      Amt: { InstdAmt: { '@Ccy': 'EUR', '#': decimalOf(transfer.amountCents) } },
      CdtrAgt: {
        FinInstnId: {
          BICFI: transfer.bic,
          // Without an IBAN the bank is named in full too: its name and address.
          ...(transfer.accountKind === 'account'
            ? {
                Nm: sepaText(creditor.bankName, 140) || 'NOTPROVIDED',
                PstlAdr: bankAddressOf(creditor.bankAddress, creditor.bankCountry),
              }
            : {}),
        },
      },
      Cdtr: {
        Nm: sepaText(transfer.holder, 140) || 'NOTPROVIDED',
        ...(creditorAddress ? { PstlAdr: creditorAddress } : {}),
      },
      CdtrAcct: {
        Id: transfer.accountKind === 'iban' ? { IBAN: account } : { Othr: { Id: account.slice(0, 34) } },
      },
      RmtInf: { Ustrd: sepaText(transfer.remittance, 140) },
    };
  });
  const controlSum = decimalOf(totalCents);
  const count = String(file.transfers.length);

  const doc = xmlbuilder2().create(
    { version: '1.0', encoding: 'UTF-8' },
    {
      Document: {
        '@xmlns': NS,
        CstmrCdtTrfInitn: {
          GrpHdr: {
            MsgId: file.reference,
            CreDtTm: isoDateTime(file.createdAt),
            NbOfTxs: count,
            CtrlSum: controlSum,
            InitgPty: { Nm: debtorName },
          },
          PmtInf: {
            PmtInfId: `${file.reference}-1`.slice(0, 35),
            PmtMtd: 'TRF',
            BtchBookg: 'false',
            NbOfTxs: count,
            CtrlSum: controlSum,
            PmtTpInf: { InstrPrty: 'NORM' },
            ReqdExctnDt: { Dt: file.executionDate },
            Dbtr: { Nm: debtorName },
            DbtrAcct: { Id: { IBAN: file.debtor.iban.replace(/\s+/g, '').toUpperCase() }, Ccy: 'EUR' },
            DbtrAgt: { FinInstnId: { BICFI: file.debtor.bic } },
            ChrgBr: file.chargeBearer,
            CdtTrfTxInf: transactions,
          },
        },
      },
    },
  );
  return doc.end({ prettyPrint: false });
}
