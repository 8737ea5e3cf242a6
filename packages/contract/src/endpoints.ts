/**
 * Every endpoint of the API, in one place, grouped by the API module that serves it: the routes register `path`
 * (Fastify's pattern, below `/api`), the web app's API slices build an address with `url` (its parameters
 * encoded). The odd spellings (`dashbord`, `intentPayement`, `commande`) are the addresses the clients have always
 * called: they stay.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The parameters of a pattern: `:id` names `id`; Fastify's trailing wildcard `*` is named `'*'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;

/** The values of a pattern's parameters, or nothing when it has none. */
export type UrlArgs<P extends string> = [PathParams<P>] extends [never]
  ? []
  : [params: Record<PathParams<P>, string | number>];

export type Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> = {
  readonly method: M;
  /** Fastify's pattern, relative to `/api`: `/order/:id/withdraw`. */
  readonly path: P;
  /** The address to call, relative to `/api`: `/order/4f1c…/withdraw`. */
  url(...args: UrlArgs<P>): string;
};

const PARAM = /:(\w+)|\*$/g;

/** A parameter's value in an address: encoded, and never missing. */
function segment(path: string, name: string, params: Record<string, string | number>): string {
  const value = params[name];
  if (value === undefined || value === '') throw new Error(`${path}: no value for ${name}`);
  return encodeURIComponent(String(value));
}

function endpoint<const M extends HttpMethod, const P extends string>(method: M, path: P): Endpoint<M, P> {
  return {
    method,
    path,
    url: (...args: UrlArgs<P>) => {
      const params: Record<string, string | number> = args[0] ?? {};
      return path.replace(PARAM, (_match, name: string | undefined) =>
        name === undefined
          ? // The wildcard stands for several segments: each is encoded, the slashes between them kept.
            String(params['*'] ?? '')
              .split('/')
              .map(encodeURIComponent)
              .join('/')
          : segment(path, name, params),
      );
    },
  };
}

const GET = <const P extends string>(path: P) => endpoint('GET', path);
const POST = <const P extends string>(path: P) => endpoint('POST', path);
const PUT = <const P extends string>(path: P) => endpoint('PUT', path);
const PATCH = <const P extends string>(path: P) => endpoint('PATCH', path);
const DELETE = <const P extends string>(path: P) => endpoint('DELETE', path);

/** The endpoints of each API module. */
export const endpointGroups = {
  accounts: {
    registerCustomer: POST('/register/customer'),
    registerAuthor: POST('/register/author'),
    login: POST('/login'),
    tokenRefresh: POST('/token/refresh'),
    logout: POST('/logout'),
    emailCheck: POST('/email/check'),
    passwordReset: POST('/password/reset'),
    passwordConfirm: POST('/password/confirm'),
    editPassword: PUT('/editPassword'),
    updateUser: PUT('/update/user'),
    authorProfile: PUT('/user/author-profile'),
    user: GET('/user'),
    becomeAuthor: POST('/user/become-author'),
    /** The mailed links: an address confirmed, an e-mail change reported; the link again; a change withdrawn. */
    emailConfirm: POST('/email/confirm'),
    emailReport: POST('/email/report'),
    emailResend: POST('/email/resend'),
    emailChangeCancel: DELETE('/email/change'),
    /** Back office (admins). */
    adminUsers: GET('/admin/users'),
    adminUserRole: POST('/admin/users/:id/role'),
    adminUserSuspend: POST('/admin/users/:id/suspend'),
    adminUserReactivate: POST('/admin/users/:id/reactivate'),
  },
  analytics: {
    pageView: POST('/analytics/pageview'),
  },
  catalog: {
    categories: GET('/category/list'),
    subcategories: GET('/category/list/subcategory'),
    /** The list of each section: the student and pro files, and the bookshop. */
    academicFiles: POST('/category/filter/student'),
    professionalFiles: POST('/category/filter/pro'),
    books: POST('/books/filter/book'),
    searchSuggestions: GET('/search/suggestions'),
    book: GET('/books/list/:id'),
    file: GET('/category/file/:id'),
    booksDashboard: GET('/books/dashbord'),
    filesDashboard: GET('/category/dashbord'),
    /** The public images (covers, previews): the wildcard is the stored key. */
    media: GET('/media/*'),
  },
  checkout: {
    orderCreate: POST('/order/create'),
    orderAddress: POST('/order/address'),
    countries: GET('/checkout/countries'),
    myOrders: GET('/order/commande'),
    order: GET('/order/:id'),
    orderWithdraw: POST('/order/:id/withdraw'),
    /** Back office (editors and admins). */
    adminOrders: GET('/admin/orders'),
    adminOrder: GET('/admin/orders/:id'),
    adminOrderShip: POST('/admin/orders/:id/ship'),
    adminOrderDeliver: POST('/admin/orders/:id/deliver'),
  },
  contact: {
    contact: POST('/contact'),
  },
  documents: {
    documentLink: GET('/books/type/file/:type'),
    /** The document itself (a PDF). */
    document: GET('/documents/:name'),
  },
  downloads: {
    downloads: GET('/downloads'),
    downloadLink: POST('/downloads/:entitlementId/link'),
    downloadsResend: POST('/downloads/resend'),
    freeFileDownload: POST('/category/file/:id/download'),
    /** The file behind a download link (GET and HEAD, ranges). */
    downloadFile: GET('/category/download/:token'),
  },
  health: {
    health: GET('/health'),
  },
  payments: {
    paymentIntent: POST('/order/intentPayement'),
    orderConfirm: POST('/order/confirm'),
    /** The demo provider's card form and its authentication step. */
    demoPay: POST('/payments/demo/:intentId/pay'),
    demoAuthenticate: POST('/payments/demo/:intentId/authenticate'),
    adminOrderRefund: POST('/admin/orders/:id/refund'),
    /** Stripe's events (only when Stripe takes the payments). */
    stripeWebhook: POST('/payments/stripe/webhook'),
  },
  reviews: {
    productReviews: GET('/products/:id/reviews'),
    myReview: GET('/products/:id/review'),
    reviewSave: PUT('/products/:id/review'),
    reviewDelete: DELETE('/products/:id/review'),
    /** Moderation (editors and admins). */
    reviewQueue: GET('/editorial/reviews'),
    reviewApprove: POST('/editorial/reviews/:id/approve'),
    reviewReject: POST('/editorial/reviews/:id/reject'),
  },
  royalties: {
    /** The author's sales and royalties, their CSV export and the monthly PDF statement. */
    authorPayments: GET('/checkout/list'),
    authorPaymentsCsv: GET('/checkout/list.csv'),
    royaltyStatement: GET('/checkout/statement/:month'),
    bankDetails: GET('/checkout/bank/one'),
    bankDetailsCreate: POST('/checkout/bank/create'),
    bankDetailsUpdate: PUT('/checkout/bank/update'),
    /** Back office (admins): the rates per format, the payouts and their SEPA transfer files. */
    royaltyRates: GET('/admin/royalty-rates'),
    royaltyRateSchedule: POST('/admin/royalty-rates'),
    payoutsDue: GET('/admin/payouts/due'),
    payoutRunCreate: POST('/admin/payouts/runs'),
    payoutRuns: GET('/admin/payouts/runs'),
    payoutRun: GET('/admin/payouts/runs/:id'),
    payoutRunTransferFile: GET('/admin/payouts/runs/:id/pain.001'),
  },
  site: {
    site: GET('/site'),
  },
  submissions: {
    /** The author's proposals: drafts, their uploads, the proposal and what follows it. */
    submissionCreate: POST('/submissions'),
    submission: GET('/submissions/:id'),
    submissionSave: PATCH('/submissions/:id'),
    submissionDelete: DELETE('/submissions/:id'),
    submissionUpload: PUT('/submissions/:id/files/:slot'),
    submissionUploadRemove: DELETE('/submissions/:id/files/:slot'),
    submissionFile: GET('/submissions/:id/files/:fileId'),
    submissionResubmit: POST('/submissions/:id/resubmit'),
    submissionWithdraw: POST('/submissions/:id/withdraw'),
    submissionUnpublishRequest: POST('/submissions/:id/unpublish-request'),
    bookPropose: POST('/books/add'),
    filePropose: POST('/category/file/create'),
    authorBooks: GET('/books/author'),
    authorFiles: GET('/category/author'),
    bookPriceQuote: POST('/books/price/book'),
    filePriceQuote: POST('/books/price/file'),
    /** Editorial review (editors and admins), and the readers' reports. */
    editorialQueue: GET('/editorial/queue'),
    editorialSubmission: GET('/editorial/submissions/:id'),
    editorialClaim: POST('/editorial/submissions/:id/claim'),
    editorialRelease: POST('/editorial/submissions/:id/release'),
    editorialDecision: POST('/editorial/submissions/:id/decision'),
    editorialUnpublish: POST('/editorial/submissions/:id/unpublish'),
    editorialReports: GET('/editorial/reports'),
    editorialReportDecision: POST('/editorial/reports/:id/decision'),
    report: POST('/reports'),
  },
} as const satisfies Record<string, Record<string, Endpoint>>;

type Groups = typeof endpointGroups;
/** The groups' endpoints side by side (a name is used once: the contract's tests check it). */
type Flat<G> = {
  [Name in { [Group in keyof G]: keyof G[Group] }[keyof G]]: {
    [Group in keyof G]: Name extends keyof G[Group] ? G[Group][Name] : never;
  }[keyof G];
};

/** Every endpoint by its name: `endpoints.orderWithdraw.url({ id })`. */
export const endpoints = Object.assign({}, ...Object.values(endpointGroups)) as Flat<Groups>;

export type EndpointName = keyof typeof endpoints;
