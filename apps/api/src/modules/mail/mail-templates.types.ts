import type { Address, DigitalConsent, Language, LineFormat } from '@hls/contract';
import type { InvoiceDocument } from '../../lib/pdf/invoice.ts';

/** A line of an order as the order e-mails show it. */
export type MailOrderLine = {
  title: string;
  format: LineFormat;
  quantity: number;
  unitFinalCents: number;
  totalCents: number;
};

/** What an author sold: a product in a format, how many, and their royalty on it (null when not known). */
export type MailAuthorSale = {
  title: string;
  format: LineFormat;
  quantity: number;
  royaltyCents: number | null;
};

export type MailTemplates = {
  /** A new account: the link confirming its address (orders wait for it), valid `validFor` seconds. */
  welcome: {
    firstName: string;
    role: 'customer' | 'author' | 'editor' | 'admin';
    confirmUrl: string;
    validFor: number;
  };
  /** A confirmation link asked for again. */
  email_confirmation: { firstName: string; link: string; validFor: number };
  /** To the new address of a change: the link that makes it take effect. */
  email_change_confirm: { firstName: string; newEmail: string; link: string; validFor: number };
  /**
   * To the old address of a change, when it is asked for and when it takes effect: what changes, and the link to
   * report it (valid `validFor` seconds) if it was not the owner.
   */
  email_change_notice: {
    firstName: string;
    stage: 'requested' | 'done';
    newEmail: string;
    reportUrl: string;
    validFor: number;
  };
  password_reset: { firstName: string; link: string; validMinutes: number };
  /** A reset asked for an address no account uses: the asker learns it by mail, not from the answer. */
  password_reset_unknown: { email: string; registerUrl: string };
  password_changed: { firstName: string; resetUrl: string };
  contact_team: {
    name: string;
    email: string;
    subject: string;
    message: string;
    language: Language;
    reference: string;
  };
  /** Sent only to the confirmed address of the signed-in sender; quotes nothing of the message. */
  contact_ack: { reference: string };
  /**
   * Paid: the durable record of the order and of the digital-goods consents (Art. 8(7)); the invoice's PDF
   * `invoice-<number>.pdf` (with the consents) is rendered from this data and attached when the message is sent
   * (`receipt-<order number>.pdf` for a message stored before invoices, without `invoice`).
   */
  order_confirmation: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    downloadsUrl: string | null;
    /** ISO time. */
    paidAt: string;
    lines: MailOrderLine[];
    subtotalCents: number;
    discountCents: number;
    totalCents: number;
    vatCents: number | null;
    consent: DigitalConsent | null;
    address: Address | null;
    company: { name: string; address: string; vatNumber: string };
    /** The model withdrawal form in the terms of sale, for an order holding paper books (absent before it was given). */
    withdrawalFormUrl?: string | null;
    invoice?: InvoiceDocument | null;
  };
  order_shipped: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
  };
  order_delivered: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    /** ISO time; null when the order holds nothing that can be withdrawn. */
    withdrawalDeadline: string | null;
  };
  order_refunded: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    amountCents: number;
    lines: { title: string }[];
    /** The refund's credit note, attached as `credit-note-<number>.pdf`; null when the order had no invoice. */
    creditNote?: InvoiceDocument | null;
  };
  withdrawal_ack: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    /** ISO time of the confirmed request. */
    requestedAt: string;
    lines: { title: string; quantity: number }[];
    returnAddress: string;
  };
  /**
   * A new version of a file the user bought: its number, date and the editor's note of what changed; the link to
   * /download (where it is waiting, stamped for them) and the one-click link that turns these e-mails off.
   */
  new_version: {
    firstName: string;
    title: string;
    version: number;
    /** ISO time. */
    publishedAt: string;
    note: string | null;
    downloadsUrl: string;
    optOutUrl: string;
  };
  download_links: {
    firstName: string;
    downloadsUrl: string;
    links: { title: string; url: string; expiresAt: string }[];
  };
  /**
   * An editor's decision on an author's submission, or its unpublication (by an editor or an upheld report): the
   * editor's comment, and links to the author's page of the submission and, once published, to the product.
   */
  editorial_decision: {
    firstName: string;
    title: string;
    decision: 'published' | 'changes_requested' | 'rejected' | 'unpublished' | 'report_upheld';
    comment: string;
    /** The version decided on (decisions); null for an unpublication. */
    version: number | null;
    submissionUrl: string;
    productUrl: string | null;
  };
  /** An author submitted a proposal (or its next version) for review: it arrived, an editor will read it. */
  author_proposal_received: {
    firstName: string;
    title: string;
    version: number;
    /** ISO time of the submission. */
    submittedAt: string;
    submissionUrl: string;
  };
  /**
   * A paid order held the author's products (sent after the payment settled, once): what sold and the author's
   * royalty on it; nothing of the buyer.
   */
  author_sale: {
    firstName: string;
    /** ISO time of the payment. */
    paidAt: string;
    lines: MailAuthorSale[];
    royaltyCents: number;
    pageUrl: string;
    preferencesUrl: string;
  };
  /** The author's sales of one day (YYYY-MM-DD, UTC), summed per product and format. */
  author_sales_digest: {
    firstName: string;
    day: string;
    lines: MailAuthorSale[];
    royaltyCents: number;
    pageUrl: string;
    preferencesUrl: string;
  };
  /** A customer's review of the author's product was published (approved by an editor). */
  author_review_published: {
    firstName: string;
    title: string;
    rating: number;
    productUrl: string;
    preferencesUrl: string;
  };
  /**
   * An author's bank details were saved or changed: when, the account payouts now go to (IBAN masked), and what
   * to do if it was not them — a hijacked account cannot quietly redirect payouts.
   */
  bank_details_changed: {
    firstName: string;
    change: 'created' | 'updated';
    /** ISO time of the change. */
    at: string;
    holder: string;
    /** "FR76 •••• •••• 1234": never the whole IBAN. */
    ibanMasked: string;
    bic: string;
    bankName: string;
    /** The author's payment page, where the details are shown. */
    pageUrl: string;
    /** Where to reset the password. */
    resetUrl: string;
    /** The authors' contact address of the team. */
    contactEmail: string;
  };
  /** The one e-mail of a back-in-stock request: the paper book the customer asked about is on sale again. */
  stock_back: { firstName: string; title: string; productUrl: string };
  /** A payout run paid the author: the amount, the transfer's reference, when, to which account (masked). */
  royalty_payout: {
    firstName: string;
    amountCents: number;
    /** The transfer's reference as the bank statement shows it (HLS-PO-2026-000012). */
    reference: string;
    /** The requested execution date of the transfer (YYYY-MM-DD). */
    executionDate: string;
    /** "FR76 •••• •••• 1234": never the whole IBAN. */
    ibanMasked: string;
    /** The author's payment page, where the payout is listed. */
    pageUrl: string;
  };
};
export type MailTemplate = keyof MailTemplates;
