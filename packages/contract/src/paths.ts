/**
 * Every page of the web app, in one place: the router's patterns, the links the screens build, the sitemap and
 * robots rules, and the links the API e-mails. `path` is the router pattern, `getHref` builds a link.
 */
import type { productKinds } from './values.ts';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  book: { path: '/product/:id', getHref: (id: string | number) => `/product/${id}` },
  file: { path: '/prodoc/:id', getHref: (id: string | number) => `/prodoc/${id}` },
  academic: { path: '/academic', getHref: () => '/academic' },
  professional: { path: '/professionnel', getHref: () => '/professionnel' },
  bookshop: { path: '/book', getHref: () => '/book' },
  search: {
    path: '/search',
    getHref: (text?: string) => (text ? `/search?${SEARCH_PARAM}=${encodeURIComponent(text)}` : '/search'),
  },
  download: { path: '/download', getHref: () => '/download' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  myAccount: { path: '/my-account', getHref: () => '/my-account' },
  fileBook: { path: '/file-book', getHref: () => '/file-book' },
  fileProposed: { path: '/file-proposed', getHref: () => '/file-proposed' },
  bookProposed: { path: '/book-proposed', getHref: () => '/book-proposed' },
  /** One of the author's proposals: `?id=` names the submission (links in e-mails); navigation state may too. */
  authorProduct: {
    path: '/author-product',
    getHref: (id?: string) => (id ? `/author-product?id=${encodeURIComponent(id)}` : '/author-product'),
  },
  authorPayment: { path: '/author-payment', getHref: () => '/author-payment' },
  customerOrders: { path: '/customer-commande', getHref: () => '/customer-commande' },
  loginRegister: {
    path: '/login-register',
    getHref: (tab?: 'login' | 'register') =>
      tab === 'register' ? '/login-register?tab=register' : '/login-register',
  },
  passwordResetConfirm: {
    path: '/password/reset/confirm/',
    pathWithToken: '/password/reset/confirm/:token',
    getHref: (token?: string) =>
      token ? `/password/reset/confirm/${encodeURIComponent(token)}` : '/password/reset/confirm/',
  },
  /** The link mailed to confirm an address: a new account's, or the new one of an e-mail change. */
  emailConfirm: {
    path: '/email/confirm/',
    pathWithToken: '/email/confirm/:token',
    getHref: (token?: string) => (token ? `/email/confirm/${encodeURIComponent(token)}` : '/email/confirm/'),
  },
  /** The link mailed to the old address of an e-mail change, to report that the owner did not ask for it. */
  emailReport: {
    path: '/email/report/',
    pathWithToken: '/email/report/:token',
    getHref: (token?: string) => (token ? `/email/report/${encodeURIComponent(token)}` : '/email/report/'),
  },
  /** The link of a new-version e-mail that turns these e-mails off (one click, no login). */
  versionEmailsOff: {
    path: '/email/versions-off/',
    pathWithToken: '/email/versions-off/:token',
    getHref: (token?: string) =>
      token ? `/email/versions-off/${encodeURIComponent(token)}` : '/email/versions-off/',
  },
  cart: { path: '/cart', getHref: () => '/cart' },
  wishlist: { path: '/wishlist', getHref: () => '/wishlist' },
  compare: { path: '/compare', getHref: () => '/compare' },
  terms: { path: '/terms', getHref: () => '/terms' },
  legals: { path: '/legals', getHref: () => '/legals' },
  /** The privacy notice (GDPR Art. 13): linked from the footer, the legal notice and the registration form. */
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  publish: { path: '/publish', getHref: (tips?: boolean) => (tips ? '/publish#tips' : '/publish') },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  /** Back office (editors and admins): the orders, and one order. */
  backOfficeOrders: { path: '/back-office/orders', getHref: () => '/back-office/orders' },
  backOfficeOrder: {
    path: '/back-office/orders/:id',
    getHref: (id: string) => `/back-office/orders/${encodeURIComponent(id)}`,
  },
  /** Editorial back office (editors and admins): the queue with the reports, and one submission under review. */
  backOfficeEditorial: { path: '/back-office/editorial', getHref: () => '/back-office/editorial' },
  backOfficeSubmission: {
    path: '/back-office/editorial/:id',
    getHref: (id: string) => `/back-office/editorial/${encodeURIComponent(id)}`,
  },
  /** Customer reviews waiting for an editor, and the published and refused ones (editors and admins). */
  backOfficeReviews: { path: '/back-office/reviews', getHref: () => '/back-office/reviews' },
  /** Users (admins). */
  backOfficeUsers: { path: '/back-office/users', getHref: () => '/back-office/users' },
  /** Royalties (admins): authors due a payout, payout runs and their transfer files, the rates per format. */
  backOfficePayouts: { path: '/back-office/payouts', getHref: () => '/back-office/payouts' },
  /** VAT (admins): the quarter's OSS return, its CSV, and the rates per country. */
  backOfficeVat: { path: '/back-office/vat', getHref: () => '/back-office/vat' },
  /** Paper stock (editors and admins): the paper editions, the lowest first, set by hand with a reason. */
  backOfficeStock: { path: '/back-office/stock', getHref: () => '/back-office/stock' },
} as const;

export type PageName = keyof typeof paths;

/** Query parameter the list and search screens read for a free-text search. */
export const SEARCH_PARAM = 'search';

/** The page of a product: `/product/{id}` for a book, `/prodoc/{id}` for a file (SPEC §2). */
export function productPath(product: { id: string | number; kind: (typeof productKinds)[number] }): string {
  return product.kind === 'book' ? paths.book.getHref(product.id) : paths.file.getHref(product.id);
}

/** Pages whose address ends with a secret token (reset and e-mail links). */
const tokenPages = [paths.passwordResetConfirm.path, paths.emailConfirm.path, paths.emailReport.path];

/**
 * The path a page view is counted under: a page whose address carries a secret (the token of a password reset or
 * e-mail link) is counted without it, so the secret never reaches the statistics. Query strings and fragments go too.
 */
export function pageViewPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] || '/';
  const secret = tokenPages.find((page) => path.startsWith(page));
  return secret ?? path;
}

/** Public pages worth indexing, besides the products (SPEC §2): the sitemap lists them. */
export const indexedPaths: readonly string[] = [
  paths.home,
  paths.academic,
  paths.professional,
  paths.bookshop,
  paths.about,
  paths.contact,
  paths.publish,
  paths.terms,
  paths.legals,
  paths.privacy,
].map((page) => page.path);

/**
 * Pages robots should not crawl: every screen tied to a visitor's own session or state, and search results
 * (prefixes, as robots.txt reads them).
 */
export const unindexedPaths: readonly string[] = [
  paths.myAccount.path,
  paths.download.path,
  paths.checkout.path,
  '/back-office/',
  paths.fileBook.path,
  paths.fileProposed.path,
  paths.bookProposed.path,
  paths.authorProduct.path,
  paths.authorPayment.path,
  paths.customerOrders.path,
  paths.loginRegister.path,
  '/password/',
  '/email/',
  paths.cart.path,
  paths.wishlist.path,
  paths.compare.path,
  paths.search.path,
];
