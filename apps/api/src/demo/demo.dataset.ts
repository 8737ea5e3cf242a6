import { z } from 'zod';
import {
  BankDetailsBody,
  FileType,
  Language,
  ProductStatus,
  Role,
  roles,
  type Licence,
  type Section,
} from '@hls/contract';
import { specFileType } from './content/sample-files.ts';
import { dataTableIssues } from './content/sample-kits.ts';
import { FileSpec, Outline } from './content/sample-specs.ts';
import { workbookSpecIssues } from './content/sample-workbook.ts';
import { Topic } from './content/topics.ts';
import { loadDataset } from './load-dataset.ts';

/* The demo data set: the JSON files of dataset/, read and checked (load-dataset.ts) once, when the demo loads. */

const Key = z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes');
const Text = z.string().trim().min(1);
const Cents = z.int().min(0);
const Discount = z.int().min(0).max(90);

// accounts.json: one account per role (README, "Demo data"), all with the demo password.
const { password, accounts } = loadDataset(
  'accounts.json',
  z
    .strictObject({
      password: z.string().min(8),
      accounts: z.array(
        z.strictObject({
          email: z.email(),
          role: Role,
          firstName: Text,
          lastName: Text,
          displayName: Text.optional(),
          bio: Text.optional(),
        }),
      ),
    })
    .refine(
      (data) => roles.every((role) => data.accounts.filter((account) => account.role === role).length === 1),
      { error: 'one account of each role', path: ['accounts'] },
    ),
);
export const DEMO_PASSWORD = password;
export const demoAccounts = accounts;
/** The e-mail of the demo account of a role. */
export const demoAccountEmail = (role: Role) => demoAccounts.find((account) => account.role === role)!.email;

// authors.json: the authors of the catalogue besides author@hls.test (same demo password), by key.
export type DemoAuthor = {
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
  language: Language;
};
export const demoAuthors: Record<string, DemoAuthor> = loadDataset(
  'authors.json',
  z.record(
    Key,
    z.strictObject({
      email: z.email(),
      firstName: Text,
      lastName: Text,
      displayName: Text,
      bio: Text,
      language: Language,
    }),
  ),
);
/** The key that names the demo author account (author@hls.test) in products.json. */
export const ACCOUNT_AUTHOR = 'amira';
const accountAuthor = demoAccounts.find((account) => account.role === 'author')!;
/** The e-mail of a demo product's author (`amira` or a key of authors.json). */
export const demoAuthorEmail = (key: string) =>
  key === ACCOUNT_AUTHOR ? accountAuthor.email : demoAuthors[key]!.email;
/** The public name of a demo product's author. */
export const demoAuthorName = (key: string) =>
  key === ACCOUNT_AUTHOR
    ? (accountAuthor.displayName ?? `${accountAuthor.firstName} ${accountAuthor.lastName}`)
    : demoAuthors[key]!.displayName;

// categories.json: the bilingual categories and subcategories of the three sections.
const Name = z.strictObject({ slug: Key, fr: Text, en: Text });
const CategoryList = z.array(Name.extend({ subcategories: z.array(Name) }));
export type DemoCategory = z.output<typeof CategoryList>[number];
export const demoCategories: Record<Section, DemoCategory[]> = loadDataset(
  'categories.json',
  z.strictObject({ academic: CategoryList, professional: CategoryList, book: CategoryList }),
);

// products.json: the catalogue. `key` is stable (idempotent seeding, storage keys); `author` is `amira` or a key of
// authors.json; `status` defaults to published; prices are in cents, and academic files are free.
// `outline`: what the product's sample file says (its summary and a few sections), so each file is about its title.
export type DemoOutline = z.output<typeof Outline>;
const ProductBase = {
  key: Key,
  language: Language,
  author: Key,
  category: Key,
  sub: Key.optional(),
  topic: Topic,
  title: Text,
  description: Text,
  outline: Outline.optional(),
  status: ProductStatus.optional(),
};
const Edition = z.strictObject({ price: Cents, discount: Discount.optional(), pages: z.int().positive() });
const DemoBook = z.strictObject({
  ...ProductBase,
  section: z.literal('book'),
  paper: Edition.extend({ stock: z.int().min(0) }).optional(),
  ebook: Edition.optional(),
});
const DemoFile = z.strictObject({
  ...ProductBase,
  section: z.enum(['academic', 'professional']),
  fileType: FileType,
  price: Cents.optional(),
  discount: Discount.optional(),
});
export type DemoBook = z.output<typeof DemoBook>;
export type DemoFile = z.output<typeof DemoFile>;
export type DemoProduct = DemoBook | DemoFile;

export const demoProducts: DemoProduct[] = loadDataset(
  'products.json',
  z.array(z.discriminatedUnion('section', [DemoBook, DemoFile])).superRefine((products, ctx) => {
    const keys = new Set<string>();
    products.forEach((product, index) => {
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [index, field] });
      if (keys.has(product.key)) issue('key', `${product.key} is already used`);
      keys.add(product.key);
      if (product.author !== ACCOUNT_AUTHOR && !Object.hasOwn(demoAuthors, product.author))
        issue('author', `no author ${product.author} in authors.json`);
      const category = demoCategories[product.section].find((c) => c.slug === product.category);
      if (!category)
        issue('category', `no ${product.section} category ${product.category} in categories.json`);
      else if (product.sub && !category.subcategories.some((s) => s.slug === product.sub))
        issue('sub', `no subcategory ${product.sub} in ${product.category}`);
      if (product.section === 'book' && !product.paper && !product.ebook)
        issue('section', 'a book needs a paper or an ebook edition');
    });
  }),
);

/** A key of products.json. */
const productKeys = new Set(demoProducts.map((product) => product.key));
const ProductKey = Key.refine((key) => productKeys.has(key), { error: 'names no product of products.json' });

// facts.json: what the catalogue's pages state beyond the products themselves: who published each book and when,
// the professional files sold for commercial use, and the products that are the same work in both languages.
const facts = loadDataset(
  'facts.json',
  z.strictObject({
    books: z.record(ProductKey, z.strictObject({ publisher: Text, published: z.iso.date() })),
    commercialUse: z.array(ProductKey),
    twins: z.array(z.tuple([ProductKey, ProductKey])),
  }),
);
/** Books: the publisher and the publication date (YYYY-MM-DD) of each, by demo key. */
export const demoBookFacts: Record<string, { publisher: string; published: string }> = facts.books;
/** Professional files whose buyers may use them for clients and in what they sell (templates, kits). */
export const demoCommercialUse = new Set(facts.commercialUse);
/** The same work in French and in English: each page offers the other ("Aussi en français"). */
export const demoTwins: [fr: string, en: string][] = facts.twins;

// files.json: the file of each workbook, Power BI, Publisher and Access product and document pack, by product key:
// its sheets, data, scripts, guide and documents, so each is about its own title.
const specTypes = new Set<string>(['excel', 'powerbi', 'publisher', 'access', 'package']);
export const demoFileSpecs: Record<string, FileSpec> = loadDataset(
  'files.json',
  z.record(ProductKey, FileSpec).superRefine((specs, ctx) => {
    for (const product of demoProducts) {
      if (product.section === 'book' || !specTypes.has(product.fileType)) continue;
      const spec = specs[product.key];
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: [product.key] });
      if (!spec) {
        issue(`no file for the ${product.fileType} product ${product.key}`);
        continue;
      }
      if (specFileType(spec) !== product.fileType)
        issue(`a ${specFileType(spec)} file for a ${product.fileType}`);
      const workbook = 'workbook' in spec ? spec.workbook : 'kit' in spec ? spec.kit.workbook : null;
      const tables =
        'dashboard' in spec ? spec.dashboard.tables : 'database' in spec ? spec.database.tables : [];
      for (const message of [...(workbook ? workbookSpecIssues(workbook) : []), ...dataTableIssues(tables)])
        issue(message);
    }
  }),
);

/**
 * Academic documents: course material is shared for study (CC BY-NC, study packs CC BY), theses may be quoted
 * but not changed (CC BY-NC-ND), internship and final-year reports stay their authors' (all rights reserved).
 */
export function demoLicence(key: string): Licence {
  if (/^a-(stage|internship|pfe|fyp)/.test(key)) return 'all_rights_reserved';
  if (/^a-(memoire|thesis)/.test(key)) return 'cc_by_nc_nd';
  if (/^a-(pack|study)/.test(key)) return 'cc_by';
  return 'cc_by_nc';
}

// sales.json: Amira Ben Salah's (author@hls.test) sales to the demo customer, oldest first, each made `daysAgo`
// days before the seed, so that her Paid Products screen shows every state: `delivered` ones are shipped and
// delivered (the paper royalties' hold starts), `refunded` ones refunded in full; the sales up to `payout.after`
// are paid by a payout made `payout.daysAgo` days before the seed (above the default payout minimum). The card is
// the demo payment provider's card that succeeds; the address is the customer's, the bank details the author's.
const Sale = z.strictObject({
  key: Key,
  daysAgo: z.int().positive(),
  lines: z
    .array(
      z.strictObject({
        product: ProductKey,
        edition: z.enum(['paper', 'ebook']).optional(),
        quantity: z.int().positive().optional(),
      }),
    )
    .min(1),
  delivered: z.boolean().optional(),
  refunded: z.boolean().optional(),
});
export type DemoSale = z.output<typeof Sale>;
const sales = loadDataset(
  'sales.json',
  z
    .strictObject({
      card: z.strictObject({
        number: z.string().regex(/^\d{16}$/),
        expiry: z.string().regex(/^\d\d\/\d\d$/),
        cvc: z.string().regex(/^\d{3}$/),
      }),
      address: z.strictObject({
        fullName: Text,
        line1: Text,
        postalCode: Text,
        city: Text,
        country: z.string().length(2),
      }),
      carrier: Text,
      refundReason: Text,
      // Checked (and normalised) by the contract's own rules for bank details.
      bank: BankDetailsBody,
      payout: z.strictObject({ after: Key, daysAgo: z.int().positive() }),
      sales: z.array(Sale),
    })
    .refine((data) => data.sales.some((sale) => sale.key === data.payout.after), {
      error: 'names no sale',
      path: ['payout', 'after'],
    }),
);
export const demoSales: DemoSale[] = sales.sales;
export const demoPayout = sales.payout;
/** The demo payment provider's card that succeeds (a number that passes the Luhn check). */
export const demoCard = sales.card;
export const demoBuyerAddress = sales.address;
export const demoShipping = { carrier: sales.carrier };
export const demoRefundReason = sales.refundReason;
export const demoBankDetails = sales.bank;

// reviews.json: what the demo customer wrote about products they bought in the demo sales (approved by the demo
// editor, or left waiting in the editors' queue), and free documents with how many demo accounts download each
// (one first download per account, as the shop counts them).
const reviews = loadDataset(
  'reviews.json',
  z.strictObject({
    reviews: z.array(
      z.strictObject({
        product: ProductKey,
        rating: z.int().min(1).max(5),
        text: Text,
        approved: z.boolean(),
      }),
    ),
    downloads: z.array(z.strictObject({ product: ProductKey, users: z.int().positive() })),
  }),
);
export const demoReviews = reviews.reviews;
export const demoDownloads = reviews.downloads;
