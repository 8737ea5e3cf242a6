import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { RootLayout } from './layout/root-layout';
import type { RouteHandle } from './layout/route-handle';
import { RouteError } from './routes/route-error';
import { RouteSpinner } from './routes/route-spinner';

const section = () => import('./routes/section');

const page = (path: string, handle: RouteHandle, lazy: RouteObject['lazy'] = section): RouteObject => ({
  path,
  handle,
  lazy,
});

const trailMyAccount = [{ path: paths.myAccount.getHref(), labelKey: 'titles.myAccount' }];

/** Every route of SPEC §2; each screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RouteSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        handle: { titleKey: 'titles.home' } satisfies RouteHandle,
        lazy: () => import('./routes/home'),
      },
      page(
        paths.book.path,
        { titleKey: 'titles.book', trail: [{ path: paths.bookshop.getHref(), labelKey: 'titles.bookshop' }] },
        () => import('./routes/catalog/product-detail'),
      ),
      page(
        paths.file.path,
        {
          titleKey: 'titles.file',
          trail: [{ path: paths.professional.getHref(), labelKey: 'titles.professional' }],
        },
        () => import('./routes/catalog/file-detail'),
      ),
      page(
        paths.academic.path,
        { titleKey: 'titles.academic', introKey: 'intros.academic' },
        () => import('./routes/catalog/academic-list'),
      ),
      page(
        paths.professional.path,
        { titleKey: 'titles.professional', introKey: 'intros.professional' },
        () => import('./routes/catalog/professional-list'),
      ),
      page(
        paths.bookshop.path,
        { titleKey: 'titles.bookshop', introKey: 'intros.bookshop' },
        () => import('./routes/catalog/book-list'),
      ),
      page(
        paths.about.path,
        { titleKey: 'titles.about', introKey: 'intros.about' },
        () => import('./routes/about'),
      ),
      page(
        paths.contact.path,
        { titleKey: 'titles.contact', introKey: 'intros.contact' },
        () => import('./routes/contact'),
      ),
      page(
        paths.loginRegister.path,
        { titleKey: 'titles.loginRegister' },
        () => import('./routes/login-register'),
      ),
      page(
        paths.passwordResetConfirm.path,
        { titleKey: 'titles.passwordReset' },
        () => import('./routes/password-reset-confirm'),
      ),
      page(
        paths.passwordResetConfirm.pathWithToken,
        { titleKey: 'titles.passwordReset' },
        () => import('./routes/password-reset-confirm'),
      ),
      page(paths.cart.path, { titleKey: 'titles.cart' }, () => import('./routes/cart')),
      page(paths.wishlist.path, { titleKey: 'titles.wishlist' }, () => import('./routes/wishlist')),
      page(paths.compare.path, { titleKey: 'titles.compare' }, () => import('./routes/compare')),
      page(
        paths.terms.path,
        { titleKey: 'titles.terms', introKey: 'intros.terms' },
        () => import('./routes/terms'),
      ),
      page(
        paths.legals.path,
        { titleKey: 'titles.legals', introKey: 'intros.legals' },
        () => import('./routes/legals'),
      ),
      page(
        paths.publish.path,
        { titleKey: 'titles.publish', introKey: 'intros.publish' },
        () => import('./routes/publish'),
      ),
      {
        Component: RequireAuth,
        children: [
          page(paths.download.path, { titleKey: 'titles.download' }),
          page(paths.myAccount.path, { titleKey: 'titles.myAccount' }, () => import('./routes/my-account')),
          page(paths.fileBook.path, { titleKey: 'titles.fileBook', trail: trailMyAccount }),
          page(paths.fileProposed.path, { titleKey: 'titles.fileProposed', trail: trailMyAccount }),
          page(paths.bookProposed.path, { titleKey: 'titles.bookProposed', trail: trailMyAccount }),
          page(paths.authorProduct.path, { titleKey: 'titles.authorProduct', trail: trailMyAccount }),
          page(paths.authorPayment.path, { titleKey: 'titles.authorPayment', trail: trailMyAccount }),
          page(paths.customerOrders.path, { titleKey: 'titles.customerOrders', trail: trailMyAccount }),
          page(paths.checkout.path, {
            titleKey: 'titles.checkout',
            trail: [{ path: paths.cart.getHref(), labelKey: 'titles.cart' }],
          }),
        ],
      },
      page('*', { titleKey: 'titles.notFound' }, () => import('./routes/not-found')),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
