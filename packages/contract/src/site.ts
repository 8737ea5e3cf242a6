import { z } from 'zod';

/** GET /api/site: the public facts the legal notice, the footer and the author contract read from one place. */

export const SocialNetwork = z.enum(['facebook', 'instagram', 'linkedin', 'youtube', 'x']);
export type SocialNetwork = z.infer<typeof SocialNetwork>;

export const SiteInfo = z.object({
  /** The owner company (SPEC §2 Legals): registered in the United Kingdom. */
  company: z.object({
    name: z.string(),
    registrationNumber: z.string(),
    address: z.string(),
    vatNumber: z.string(),
    contactPerson: z.string(),
  }),
  /** The company that hosts the servers, as the legal notice names it. */
  host: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  /** Footer contacts: e-mails for customers, authors and claims, and a phone number. */
  contact: z.object({ customers: z.string(), authors: z.string(), claims: z.string(), phone: z.string() }),
  social: z.array(z.object({ network: SocialNetwork, url: z.string() })),
  /** The footer's partner links (PARTNERS setting), in order; empty when there are none. */
  partners: z.array(z.object({ name: z.string(), url: z.string() })),
  /** Royalty rates in percent of net sales, as stated in the author contract. */
  royaltyRates: z.object({ paper: z.number(), ebook: z.number(), professionalFile: z.number() }),
  /**
   * When royalties are paid: days a sale's royalty is held (digital goods from payment, or until their first
   * download; paper books from delivery), then the smallest available balance a payout pays, in cents.
   */
  royaltyTerms: z.object({
    digitalHoldDays: z.number().int(),
    paperHoldDays: z.number().int(),
    minimumPayoutCents: z.number().int(),
  }),
  /**
   * VAT is charged where the buyer lives (net sales leave it out): the rates of one country, in basis points per
   * format, for the Publish page's example of a sale there; null when none is set.
   */
  vatRates: z
    .object({ country: z.string(), paper: z.number(), ebook: z.number(), professionalFile: z.number() })
    .nullable(),
  /** Paper books: working days from the delivery centre in Tunisia to the door. */
  delivery: z.object({ minDays: z.number().int(), maxDays: z.number().int() }),
  /** Where the author contract PDF is downloaded (also given by GET /api/books/type/file/contrat). */
  contractUrl: z.string(),
  /**
   * What the privacy notice states from the settings: how long sent e-mails keep their content, page views their
   * daily counts and a login its session (days), and which provider takes card payments.
   */
  privacy: z.object({
    sentMailDays: z.number().int(),
    pageViewDays: z.number().int(),
    sessionDays: z.number().int(),
    paymentProvider: z.enum(['stripe', 'demo']),
  }),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

/** POST /api/contact answers 201 with the id of the stored message. */
export const ContactReceipt = z.object({ id: z.string() });
export type ContactReceipt = z.infer<typeof ContactReceipt>;
