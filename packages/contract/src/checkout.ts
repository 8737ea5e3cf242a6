import { z } from 'zod';
import { Language } from './accounts.ts';
import { AssetFileType, EditionFormat, FileType, Id, ProductKind, Section } from './catalog.ts';
import { LineTax, OrderBilling } from './tax.ts';
import {
  lineFormats,
  MAX_ORDER_LINES,
  MAX_PAGE,
  MAX_PAPER_QUANTITY,
  orderStatuses,
  paymentProviders,
} from './values.ts';

/**
 * Orders, delivery and downloads (SPEC §7 Orders and checkout, Files; DESIGN §3–§5); paying an order is in
 * payment.ts, the orders' back office in orders-admin.ts.
 * Money is integer cents in EUR. Orders and entitlements have UUIDs; order lines have integer ids.
 * The server prices every order: prices, totals, statuses or currencies a client sends are ignored (stripped).
 */

export const OrderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const LineFormat = z.enum(lineFormats);
export type LineFormat = z.infer<typeof LineFormat>;

export const PaymentProvider = z.enum(paymentProviders);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

export const Uuid = z.uuid({ error: 'id.invalid' });
export const UuidParams = z.object({ id: Uuid });

/* ---------------------------------------------------------------- order creation */

/** One cart line: a product, the edition for a book (paper or ebook), and the quantity (1 for digital goods). */
export const OrderLineInput = z.object({
  productId: Id,
  edition: EditionFormat.optional(),
  quantity: z.coerce
    .number({ error: 'quantity.invalid' })
    .int('quantity.invalid')
    .min(1, 'quantity.invalid')
    .max(MAX_PAPER_QUANTITY, 'quantity.tooMany')
    .default(1),
});
export type OrderLineInput = z.input<typeof OrderLineInput>;

/**
 * POST /api/order/create. A line the shop cannot sell is refused with a 400 whose `fields` name it
 * (`lines.2`: `line.unavailable` | `line.free` | `line.outOfStock` | `line.editionRequired` | `line.digitalQuantity`
 * | `line.duplicate`); nothing is written.
 */
export const CreateOrderBody = z.object({
  lines: z
    .array(OrderLineInput, { error: 'lines.required' })
    .min(1, 'lines.required')
    .max(MAX_ORDER_LINES, 'lines.tooMany'),
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

/* ---------------------------------------------------------------- order */

export const CountryCode = z
  .string({ error: 'country.required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'country.invalid');

/** A delivery address (paper books). `country` is an ISO 3166-1 alpha-2 code from GET /api/checkout/countries. */
export const Address = z.object({
  fullName: z
    .string({ error: 'fullName.required' })
    .trim()
    .min(2, 'fullName.required')
    .max(120, 'fullName.tooLong'),
  line1: z.string({ error: 'line1.required' }).trim().min(3, 'line1.required').max(160, 'line1.tooLong'),
  line2: z.string().trim().max(160, 'line2.tooLong').optional(),
  postalCode: z
    .string({ error: 'postalCode.required' })
    .trim()
    .min(2, 'postalCode.required')
    .max(16, 'postalCode.invalid')
    .regex(/^[\p{L}\p{N} -]+$/u, 'postalCode.invalid'),
  city: z.string({ error: 'city.required' }).trim().min(1, 'city.required').max(100, 'city.tooLong'),
  country: CountryCode,
  phone: z
    .string()
    .trim()
    .max(30, 'phone.invalid')
    .regex(/^\+?[0-9 ().-]{6,30}$/, 'phone.invalid')
    .optional(),
});
export type Address = z.infer<typeof Address>;
export type AddressInput = z.input<typeof Address>;

/**
 * POST /api/order/address: the delivery address of a pending paper order ('address saved' / 'address failed').
 * `saveToAddressBook` also keeps it in the buyer's address book (once: an address already there is not added
 * again; a full book refuses it with `saveToAddressBook`: `addressBook.full`, and nothing is saved).
 */
export const OrderAddressBody = Address.extend({
  orderId: Uuid,
  saveToAddressBook: z.boolean({ error: 'boolean.invalid' }).optional(),
});
export type OrderAddressBody = z.input<typeof OrderAddressBody>;

/** GET /api/checkout/countries: the shippable countries, names in the request's language, sorted by name. */
export const Country = z.object({ code: z.string(), name: z.string() });
export const CountryList = z.array(Country);
export type Country = z.infer<typeof Country>;

/** A digital line's download, as the order and /download show it. */
export const Download = z.object({
  entitlementId: z.string(),
  productId: z.number(),
  /** The order it was bought with; null for a free academic file. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  title: z.string(),
  /** The name the file is saved under. */
  fileName: z.string(),
  fileType: AssetFileType,
  sizeBytes: z.number().int(),
  /** `preparing`: the buyer's stamped copy is being made; `revoked`: refunded. */
  status: z.enum(['ready', 'preparing', 'revoked']),
  downloadCount: z.number().int(),
  firstDownloadAt: z.string().nullable(),
  grantedAt: z.string(),
});
export type Download = z.infer<typeof Download>;

export const OrderLine = z.object({
  id: z.number(),
  productId: z.number(),
  kind: ProductKind,
  section: Section,
  format: LineFormat,
  fileType: FileType.nullable(),
  title: z.string(),
  coverUrl: z.string(),
  /** List price of one unit, its discount, and what one unit costs after it (SPEC §5). */
  unitPriceCents: z.number().int(),
  discountPercent: z.number().int(),
  unitFinalCents: z.number().int(),
  quantity: z.number().int(),
  totalCents: z.number().int(),
  /** The line's VAT as charged (null until the buyer's country is known). */
  tax: LineTax.nullable(),
  status: z.enum(['active', 'refunded', 'withdrawn']),
  refundedCents: z.number().int(),
  /** Digital lines of a paid order. */
  download: Download.nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderEventKind = z.enum([
  'created',
  'address_saved',
  'billing_saved',
  'payment_started',
  'payment_failed',
  'payment_mismatch',
  'paid',
  'shipped',
  'delivered',
  'refunded',
  'withdrawal_requested',
  'expired',
  'cancelled',
]);
export type OrderEventKind = z.infer<typeof OrderEventKind>;

/** One row of an order's history: who, when, why. */
export const OrderEvent = z.object({
  at: z.string(),
  kind: OrderEventKind,
  /** The status after this event. */
  status: OrderStatus,
  actor: z.enum(['customer', 'staff', 'provider', 'system']),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const Shipment = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof Shipment>;

/**
 * The two statements of digital goods (Directive 2011/83/EU Art. 16(m)): the checkout page shows them as two
 * unticked boxes, the order records them word for word with the time, and the confirmation e-mail repeats them.
 */
export const consentTexts: Record<Language, { immediateDelivery: string; withdrawalWaiver: string }> = {
  fr: {
    immediateDelivery:
      'Je demande la fourniture immédiate du contenu numérique, avant la fin du délai de rétractation de 14 jours.',
    withdrawalWaiver:
      'Je reconnais perdre mon droit de rétractation dès que le téléchargement du contenu numérique commence.',
  },
  en: {
    immediateDelivery:
      'I request immediate delivery of the digital content, before the end of the 14-day withdrawal period.',
    withdrawalWaiver:
      'I acknowledge that I lose my right of withdrawal once the download of the digital content starts.',
  },
};

/** The customer's express request and acknowledgement for digital goods (Art. 16(m)), as recorded. */
export const DigitalConsent = z.object({
  immediateDelivery: z.string(),
  withdrawalWaiver: z.string(),
  language: Language,
  at: z.string(),
});
export type DigitalConsent = z.infer<typeof DigitalConsent>;

export const Withdrawal = z.object({
  requestedAt: z.string(),
  lineIds: z.array(z.number()),
  /** Set when the back office refunded the returned books. */
  refundedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const Order = z.object({
  id: z.string(),
  /** Human reference, e.g. HLS-2026-000042 (receipts, e-mails, stamped PDFs). */
  number: z.string(),
  status: OrderStatus,
  currency: z.literal('EUR'),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** A pending order is cancelled (and its stock released) after this time. */
  expiresAt: z.string().nullable(),
  /** Sum of list prices × quantities, the discounts, and the total to pay (delivery included). */
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  /** The VAT and net of the total (total = net + VAT) once the buyer's country is known; null before. */
  vatCents: z.number().int().nullable(),
  netCents: z.number().int().nullable(),
  /** Where the buyer lives and, for an EU business, its VAT number (the reverse charge); null before the step. */
  billing: OrderBilling.nullable(),
  refundedCents: z.number().int(),
  /** The order holds paper books: it needs a delivery address. */
  needsAddress: z.boolean(),
  /** The order holds digital goods: payment needs the two consents. */
  hasDigital: z.boolean(),
  address: Address.nullable(),
  consent: DigitalConsent.nullable(),
  lines: z.array(OrderLine),
  shipment: Shipment.nullable(),
  withdrawal: Withdrawal.nullable(),
  /** Last moment paper lines can be withdrawn (14 days from delivery); null before delivery. */
  withdrawalDeadline: z.string().nullable(),
  canWithdraw: z.boolean(),
  history: z.array(OrderEvent),
});
export type Order = z.infer<typeof Order>;

/** GET /api/order/commande?page=n: the customer's orders, newest first. */
export const OrderPage = z.object({
  results: z.array(Order),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
});
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderPageQuery = z.object({
  page: z.coerce.number({ error: 'page.invalid' }).int().min(1, 'page.invalid').max(MAX_PAGE).default(1),
});

/* ---------------------------------------------------------------- downloads */

/** GET /api/downloads?order={id}: the digital lines of one order, or all the customer's downloads. */
export const DownloadQuery = z.object({ order: Uuid.optional() });
export const DownloadList = z.object({ results: z.array(Download) });
export type DownloadList = z.infer<typeof DownloadList>;

/**
 * POST /api/downloads/{entitlementId}/link, and POST /api/category/file/{id}/download for a free academic file:
 * a short-lived link to GET /api/category/download/{token}.
 */
export const DownloadLink = z.object({
  entitlementId: z.string(),
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
});
export type DownloadLink = z.infer<typeof DownloadLink>;

/** POST /api/downloads/resend: e-mails fresh links (of one order, or of every purchase). */
export const ResendLinksBody = z.object({ orderId: Uuid.optional() });

/* ---------------------------------------------------------------- withdrawal (paper) */

/**
 * POST /api/order/{id}/withdraw: "Withdraw from contract here" (Art. 11a) once the customer confirmed the
 * second step. Paper lines only, within 14 days of delivery; no `lineIds` means every paper line.
 */
export const WithdrawBody = z.object({
  lineIds: z.array(z.number().int().positive()).max(MAX_ORDER_LINES).optional(),
});
