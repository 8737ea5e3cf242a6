import { createBrowserRouter } from 'react-router';
import type { DOMRouterOpts, RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { loadNamespaces } from '@/i18n/namespaces';
import { RootLayout } from './layout/root-layout';
import type { RouteHandle } from './layout/route-handle';
import { RouteError } from './routes/route-error';
import { RouteSpinner } from './routes/route-spinner';

const section = () => import('./routes/section');

type LazyScreen = Extract<NonNullable<RouteObject['lazy']>, () => unknown>;
type ScreenModule = Awaited<ReturnType<LazyScreen>>;

/** A screen's chunk and the translations it needs load together, so a navigation waits for both at once. */
const withNamespaces =
  (handle: RouteHandle, load: LazyScreen): LazyScreen =>
  async () =>
    (await Promise.all([load(), loadNamespaces(handle.namespaces ?? [])]))[0];

const page = (path: string, handle: RouteHandle, lazy: LazyScreen = section): RouteObject => ({
  path,
  handle,
  lazy: withNamespaces(handle, lazy),
});

/**
 * A screen whose module also exports a `loader` that starts its requests: the loader runs as soon as the chunk
 * is there, without waiting for the translations the component needs.
 */
const pageWithLoader = (
  path: string | { index: true },
  handle: RouteHandle,
  load: () => Promise<ScreenModule>,
): RouteObject => ({
  ...(typeof path === 'string' ? { path } : path),
  handle,
  lazy: {
    loader: async () => (await load()).loader,
    Component: async () => (await withNamespaces(handle, load)()).Component,
  },
});

/** Id of the layout route that holds the login-required screens behind RequireAuth. */
export const LOGIN_REQUIRED = 'login-required';

const homeHandle: RouteHandle = { titleKey: 'titles.home', namespaces: ['catalog'] };
const trailMyAccount = [{ path: paths.myAccount.getHref(), labelKey: 'titles.myAccount' }];
const trailMyProducts = [...trailMyAccount, { path: paths.fileBook.getHref(), labelKey: 'titles.fileBook' }];
const authoringNamespaces: RouteHandle['namespaces'] = [
  'authoring',
  'catalog',
  'errors',
  'validation',
  'toast',
];
const editorialNamespaces: RouteHandle['namespaces'] = [
  'editorial',
  'authoring',
  'catalog',
  'errors',
  'validation',
  'toast',
];
const royaltiesNamespaces: RouteHandle['namespaces'] = ['royalties', 'errors', 'validation', 'toast'];
const emailNamespaces: RouteHandle['namespaces'] = ['auth', 'errors', 'validation', 'toast'];

/** Every route of SPEC §2; each screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RouteSpinner,
    ErrorBoundary: RouteError,
    children: [
      pageWithLoader({ index: true }, homeHandle, () => import('./routes/home')),
      pageWithLoader(
        paths.book.path,
        {
          titleKey: 'titles.book',
          namespaces: ['catalog', 'reviews'],
          trail: [{ path: paths.bookshop.getHref(), labelKey: 'titles.bookshop' }],
        },
        () => import('./routes/catalog/product-detail'),
      ),
      pageWithLoader(
        paths.file.path,
        {
          titleKey: 'titles.file',
          namespaces: ['catalog', 'reviews'],
          trail: [{ path: paths.professional.getHref(), labelKey: 'titles.professional' }],
        },
        () => import('./routes/catalog/file-detail'),
      ),
      pageWithLoader(
        paths.academic.path,
        { titleKey: 'titles.academic', namespaces: ['catalog'], introKey: 'intros.academic' },
        () => import('./routes/catalog/academic-list'),
      ),
      pageWithLoader(
        paths.professional.path,
        { titleKey: 'titles.professional', namespaces: ['catalog'], introKey: 'intros.professional' },
        () => import('./routes/catalog/professional-list'),
      ),
      pageWithLoader(
        paths.bookshop.path,
        { titleKey: 'titles.bookshop', namespaces: ['catalog'], introKey: 'intros.bookshop' },
        () => import('./routes/catalog/book-list'),
      ),
      pageWithLoader(
        paths.search.path,
        { titleKey: 'titles.search', namespaces: ['catalog'] },
        () => import('./routes/catalog/search'),
      ),
      page(
        paths.about.path,
        { titleKey: 'titles.about', namespaces: ['pages'], introKey: 'intros.about' },
        () => import('./routes/about'),
      ),
      page(
        paths.contact.path,
        {
          titleKey: 'titles.contact',
          namespaces: ['pages', 'errors', 'validation'],
          introKey: 'intros.contact',
        },
        () => import('./routes/contact'),
      ),
      page(
        paths.loginRegister.path,
        {
          titleKey: 'titles.loginRegister',
          namespaces: ['auth', 'errors', 'validation', 'toast'],
          personal: true,
        },
        () => import('./routes/login-register'),
      ),
      page(
        paths.passwordResetConfirm.path,
        { titleKey: 'titles.passwordReset', namespaces: ['auth', 'errors', 'validation', 'toast'] },
        () => import('./routes/password-reset-confirm'),
      ),
      page(
        paths.passwordResetConfirm.pathWithToken,
        { titleKey: 'titles.passwordReset', namespaces: ['auth', 'errors', 'validation', 'toast'] },
        () => import('./routes/password-reset-confirm'),
      ),
      // Their address holds a one-time token: never rendered (nor kept) by the server.
      ...[paths.emailConfirm.path, paths.emailConfirm.pathWithToken].map((path) =>
        page(
          path,
          { titleKey: 'titles.emailConfirm', namespaces: emailNamespaces, personal: true },
          () => import('./routes/email-confirm'),
        ),
      ),
      ...[paths.emailReport.path, paths.emailReport.pathWithToken].map((path) =>
        page(
          path,
          { titleKey: 'titles.emailReport', namespaces: emailNamespaces, personal: true },
          () => import('./routes/email-report'),
        ),
      ),
      ...[paths.versionEmailsOff.path, paths.versionEmailsOff.pathWithToken].map((path) =>
        page(
          path,
          {
            titleKey: 'titles.versionsOff',
            namespaces: ['downloads', 'errors', 'validation'],
            personal: true,
          },
          () => import('./routes/version-emails-off'),
        ),
      ),
      page(
        paths.cart.path,
        {
          titleKey: 'titles.cart',
          namespaces: ['shop', 'checkout', 'account', 'toast', 'errors', 'validation'],
          personal: true,
        },
        () => import('./routes/cart'),
      ),
      page(
        paths.wishlist.path,
        { titleKey: 'titles.wishlist', namespaces: ['shop', 'catalog'], personal: true },
        () => import('./routes/wishlist'),
      ),
      page(
        paths.compare.path,
        { titleKey: 'titles.compare', namespaces: ['shop', 'catalog'], personal: true },
        () => import('./routes/compare'),
      ),
      page(
        paths.terms.path,
        { titleKey: 'titles.terms', namespaces: ['pages'], introKey: 'intros.terms' },
        () => import('./routes/terms'),
      ),
      page(
        paths.legals.path,
        { titleKey: 'titles.legals', namespaces: ['pages'], introKey: 'intros.legals' },
        () => import('./routes/legals'),
      ),
      page(
        paths.privacy.path,
        { titleKey: 'titles.privacy', namespaces: ['pages'], introKey: 'intros.privacy' },
        () => import('./routes/privacy'),
      ),
      page(
        paths.publish.path,
        { titleKey: 'titles.publish', namespaces: ['pages', 'toast'], introKey: 'intros.publish' },
        () => import('./routes/publish'),
      ),
      {
        id: LOGIN_REQUIRED,
        // The login guard comes with the first protected screen, not with the shell.
        lazy: async () => ({
          Component: (await import('@/features/auth/components/require-auth')).RequireAuth,
        }),
        children: [
          page(
            paths.download.path,
            { titleKey: 'titles.download', namespaces: ['downloads', 'orders', 'shop', 'errors'] },
            () => import('./routes/download'),
          ),
          page(
            paths.myAccount.path,
            {
              titleKey: 'titles.myAccount',
              namespaces: ['account', 'auth', 'checkout', 'errors', 'validation', 'toast'],
            },
            () => import('./routes/my-account'),
          ),
          page(
            paths.fileBook.path,
            { titleKey: 'titles.fileBook', trail: trailMyAccount, namespaces: authoringNamespaces },
            () => import('./routes/file-book'),
          ),
          page(
            paths.fileProposed.path,
            { titleKey: 'titles.fileProposed', trail: trailMyProducts, namespaces: authoringNamespaces },
            () => import('./routes/file-proposed'),
          ),
          page(
            paths.bookProposed.path,
            { titleKey: 'titles.bookProposed', trail: trailMyProducts, namespaces: authoringNamespaces },
            () => import('./routes/book-proposed'),
          ),
          page(
            paths.authorProduct.path,
            { titleKey: 'titles.authorProduct', trail: trailMyProducts, namespaces: authoringNamespaces },
            () => import('./routes/author-product'),
          ),
          page(
            paths.authorPayment.path,
            { titleKey: 'titles.authorPayment', trail: trailMyAccount, namespaces: royaltiesNamespaces },
            () => import('./routes/author-payment'),
          ),
          page(
            paths.customerOrders.path,
            {
              titleKey: 'titles.customerOrders',
              trail: trailMyAccount,
              namespaces: ['orders', 'shop', 'errors', 'tax'],
            },
            () => import('./routes/customer-orders'),
          ),
          page(
            paths.checkout.path,
            {
              titleKey: 'titles.checkout',
              trail: [{ path: paths.cart.getHref(), labelKey: 'titles.cart' }],
              namespaces: ['checkout', 'orders', 'errors', 'validation', 'toast'],
            },
            () => import('./routes/checkout'),
          ),
          page(
            paths.backOfficeOrders.path,
            {
              titleKey: 'titles.backOfficeOrders',
              namespaces: ['backoffice', 'orders', 'errors', 'validation', 'toast'],
            },
            () => import('./routes/back-office-orders'),
          ),
          page(
            paths.backOfficeOrder.path,
            {
              titleKey: 'titles.backOfficeOrder',
              trail: [{ path: paths.backOfficeOrders.getHref(), labelKey: 'titles.backOfficeOrders' }],
              namespaces: ['backoffice', 'orders', 'errors', 'validation', 'toast', 'tax'],
            },
            () => import('./routes/back-office-order'),
          ),
          page(
            paths.backOfficeEditorial.path,
            { titleKey: 'titles.backOfficeEditorial', namespaces: editorialNamespaces },
            () => import('./routes/back-office-editorial'),
          ),
          page(
            paths.backOfficeSubmission.path,
            {
              titleKey: 'titles.backOfficeSubmission',
              trail: [{ path: paths.backOfficeEditorial.getHref(), labelKey: 'titles.backOfficeEditorial' }],
              namespaces: editorialNamespaces,
            },
            () => import('./routes/back-office-submission'),
          ),
          page(
            paths.backOfficeReviews.path,
            {
              titleKey: 'titles.backOfficeReviews',
              namespaces: ['reviews', 'errors', 'validation', 'toast'],
            },
            () => import('./routes/back-office-reviews'),
          ),
          page(
            paths.backOfficeUsers.path,
            {
              titleKey: 'titles.backOfficeUsers',
              namespaces: ['backoffice', 'account', 'errors', 'validation', 'toast'],
            },
            () => import('./routes/back-office-users'),
          ),
          page(
            paths.backOfficePayouts.path,
            { titleKey: 'titles.backOfficePayouts', namespaces: royaltiesNamespaces },
            () => import('./routes/back-office-payouts'),
          ),
          page(
            paths.backOfficeStock.path,
            {
              titleKey: 'titles.backOfficeStock',
              namespaces: ['backoffice', 'validation', 'errors', 'toast'],
            },
            () => import('./routes/back-office-stock'),
          ),
          page(
            paths.backOfficeVat.path,
            { titleKey: 'titles.backOfficeVat', namespaces: ['tax', 'validation', 'errors', 'toast'] },
            () => import('./routes/back-office-vat'),
          ),
        ],
      },
      page('*', { titleKey: 'titles.notFound' }, () => import('./routes/not-found')),
    ],
  },
];

/** The browser's router; `options.hydrationData` when it takes over a server-rendered page. */
export function createAppRouter(options?: DOMRouterOpts) {
  return createBrowserRouter(routes, options);
}
